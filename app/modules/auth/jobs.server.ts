import { HOURLY, type JobKinds, MAINTENANCE } from "~/modules/jobs/jobs.server";
import { purgeExpired } from "./purge.server";

/** The sign-in's jobs (wired in app/composition.server.ts). */
export const authJobs = {
  /** Expired sessions, tokens, attempts, bot-check tokens and rate-limit counters. */
  "auth.purge": { cron: HOURLY, queue: MAINTENANCE, run: ({ db }) => purgeExpired(db) },
} satisfies JobKinds;
