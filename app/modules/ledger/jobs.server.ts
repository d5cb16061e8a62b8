import { HOURLY, type JobKinds, MAINTENANCE } from "~/modules/jobs/jobs.server";
import { postMissing } from "./backfill.server";

/** The ledger's jobs (wired in app/composition.server.ts). */
export const ledgerJobs = {
  /** Issued documents, payments and expenses with no entry yet (issue #45 item 8). */
  "ledger.backfill": { cron: HOURLY, queue: MAINTENANCE, run: ({ db }) => postMissing(db) },
} satisfies JobKinds;
