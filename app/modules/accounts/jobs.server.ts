import { HOURLY, type JobKinds, MAINTENANCE } from "~/modules/jobs/jobs.server";
import { anonymizeDueAccounts } from "./account.server";

/** The accounts' jobs (wired in app/composition.server.ts). */
export const accountJobs = {
  /** Accounts past their 30 days are anonymised. */
  "accounts.anonymize": {
    cron: HOURLY,
    queue: MAINTENANCE,
    run: ({ db }) => anonymizeDueAccounts(db),
  },
} satisfies JobKinds;
