import { type JobKinds, MAINTENANCE } from "~/modules/jobs/jobs.server";
import { runReminders } from "./reminders.server";
import { runDueRecurring } from "./service.server";

/** Recurring invoices' and reminders' jobs (wired in app/composition.server.ts). */
export const recurringJobs = {
  /** Recurring invoices that are due (and any missed while no instance ran), each made once. */
  "recurring.run": {
    cron: "5 * * * *",
    queue: MAINTENANCE,
    run: (deps) => runDueRecurring(deps),
  },
  /** Reminders of overdue documents, in the working day's hours. */
  "reminders.run": {
    cron: "15 9-17 * * *",
    queue: MAINTENANCE,
    run: (deps) => runReminders(deps),
  },
} satisfies JobKinds;
