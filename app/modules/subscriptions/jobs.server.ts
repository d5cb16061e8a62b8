import { HOURLY, type JobKinds, MAINTENANCE } from "~/modules/jobs/jobs.server";
import { localRenewDue } from "./local-billing.server";

/** The subscriptions' jobs (wired in app/composition.server.ts). */
export const subscriptionJobs = {
  /** The local billing provider renews and ends its periods (Stripe does its own). */
  "billing.renew-local": {
    cron: HOURLY,
    queue: MAINTENANCE,
    run: ({ db, config }) => localRenewDue(db, config.billing),
    enabled: (config) => config.billing.stripe === null,
  },
} satisfies JobKinds;
