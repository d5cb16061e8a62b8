import { HOURLY, type JobKinds, MAINTENANCE } from "~/modules/jobs/jobs.server";
import { purgeUnusedFiles } from "./attachments.server";

/** The expenses' jobs (wired in app/composition.server.ts). */
export const expenseJobs = {
  /** Receipt bytes no attachment names any more. */
  "files.purge": { cron: HOURLY, queue: MAINTENANCE, run: ({ db }) => purgeUnusedFiles(db) },
} satisfies JobKinds;
