import { HOURLY, type JobKinds, MAINTENANCE } from "~/modules/jobs/jobs.server";
import { endExpiredGrants } from "./grants.server";

/** The back office's jobs (wired in app/composition.server.ts). */
export const adminJobs = {
  /** Plans granted by an admin whose last day has passed. */
  "grants.expire": { cron: HOURLY, queue: MAINTENANCE, run: ({ db }) => endExpiredGrants(db) },
} satisfies JobKinds;
