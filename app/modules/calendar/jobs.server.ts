import { type JobKinds, MAINTENANCE } from "~/modules/jobs/jobs.server";
import { remindCompanyJob, runCalendarReminders } from "./reminders.server";

/** The tax calendar's job (wired in app/composition.server.ts). */
export const calendarJobs = {
  /** Every morning: each company with chosen members gets its «calendar.remind». */
  "calendar.reminders": {
    cron: "30 8 * * *",
    queue: MAINTENANCE,
    run: (deps) => runCalendarReminders(deps),
  },
  /** One company's reminders of the day: each deadline once per person (a claimed row). */
  "calendar.remind": {
    queue: MAINTENANCE,
    run: (deps, data: { companyId?: unknown; today?: unknown }) => remindCompanyJob(deps, data),
  },
} satisfies JobKinds;
