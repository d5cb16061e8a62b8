import { type JobKinds, MAINTENANCE } from "~/modules/jobs/jobs.server";
import { runCalendarReminders } from "./reminders.server";

/** The tax calendar's job (wired in app/composition.server.ts). */
export const calendarJobs = {
  /** Every morning: the e-mail reminders of the next days' deadlines, each once per person. */
  "calendar.reminders": {
    cron: "30 8 * * *",
    queue: MAINTENANCE,
    run: (deps) => runCalendarReminders(deps),
  },
} satisfies JobKinds;
