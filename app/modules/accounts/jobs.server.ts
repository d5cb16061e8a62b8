import { HOURLY, type JobKinds, MAINTENANCE } from "~/modules/jobs/jobs.server";
import { purgeDueAccounts } from "./account.server";

/** The accounts' jobs (wired in app/composition.server.ts). */
export const accountJobs = {
  /** Accounts past their 30 days end, with the companies they own (decision 033). */
  "accounts.anonymize": {
    cron: HOURLY,
    queue: MAINTENANCE,
    run: ({ db }) => purgeDueAccounts(db),
  },
} satisfies JobKinds;
