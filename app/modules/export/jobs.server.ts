import { EXPIRE_SECONDS, HOURLY, type JobKinds, MAINTENANCE } from "~/modules/jobs/jobs.server";
import { runExportStep } from "./build.server";
import { sendExportReadyMail } from "./mail.server";
import { sweepExports } from "./service.server";

/** The company export's jobs (wired in app/composition.server.ts; decision 027). */
export const exportJobs = {
  /**
   * One step of an export's build (RUN_BUDGET_MS), handing on the rest. One worker per process:
   * exports of many companies wait their turn instead of sharing the machine.
   */
  "export.build": {
    queue: {
      policy: "stately",
      retryLimit: 3,
      retryDelay: 5,
      retryBackoff: true,
      expireInSeconds: EXPIRE_SECONDS,
    },
    run: (deps, data: { exportId?: unknown }) => runExportStep(deps, data),
  },
  /** The e-mail with the link, once the export is ready. */
  "export.mail": {
    queue: {
      policy: "stately",
      retryLimit: 5,
      retryDelay: 5,
      retryBackoff: true,
      expireInSeconds: EXPIRE_SECONDS,
    },
    run: (deps, data: { exportId?: unknown }) => sendExportReadyMail(deps, data),
  },
  /** Deletes exports past their 30 days and gives up on builds that stopped. */
  "export.sweep": {
    cron: HOURLY,
    queue: MAINTENANCE,
    run: (deps) => sweepExports(deps),
  },
} satisfies JobKinds;
