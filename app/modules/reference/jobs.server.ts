import { type JobKinds, MAINTENANCE } from "~/modules/jobs/jobs.server";
import { fetchEcbRates } from "./ecb-rates.server";

/** The reference data's jobs (wired in app/composition.server.ts). */
export const referenceJobs = {
  /**
   * The ECB's reference rates of the day (decision 051), after the ECB publishes them (about
   * 16:00 CET, 17:00 in Sofia). A failure to reach the ECB is logged and left to the next day's
   * run, which reads the 90-day file when days are missing.
   */
  "ecb-rates.fetch": {
    cron: "30 17 * * *",
    queue: MAINTENANCE,
    run: ({ db }) => fetchEcbRates(db),
  },
} satisfies JobKinds;
