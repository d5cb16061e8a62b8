import { accountJobs } from "~/modules/accounts/jobs.server";
import { adminJobs } from "~/modules/admin/jobs.server";
import { authJobs } from "~/modules/auth/jobs.server";
import { backupJobs } from "~/modules/backup/jobs.server";
import { calendarJobs } from "~/modules/calendar/jobs.server";
import { emailCardLink } from "~/modules/card-payments/mail-link.server";
import { expenseJobs } from "~/modules/expenses/jobs.server";
import { exportJobs } from "~/modules/export/jobs.server";
import { invoiceJobs } from "~/modules/invoices/jobs.server";
import { jobRunner, joinJobKinds } from "~/modules/jobs/jobs.server";
import { ledgerJobs } from "~/modules/ledger/jobs.server";
import { offerJobs } from "~/modules/offers/jobs.server";
import { recurringJobs } from "~/modules/recurring/jobs.server";
import { referenceJobs } from "~/modules/reference/jobs.server";
import { subscriptionJobs } from "~/modules/subscriptions/jobs.server";

/*
 * The one place that wires the domains into the machinery that knows none of them
 * (docs/conventions.md, «Layers»): every kind of job, with its schedule and retry policy, comes
 * from its domain; the server starts this table (app/server.ts) and tests run it inline.
 */

/** Every kind of job, by name. */
export const JOBS = joinJobKinds(
  accountJobs,
  authJobs,
  subscriptionJobs,
  expenseJobs,
  adminJobs,
  invoiceJobs({ cardLink: emailCardLink }),
  offerJobs,
  recurringJobs,
  backupJobs,
  exportJobs,
  referenceJobs,
  ledgerJobs,
  calendarJobs,
);

export type JobName = keyof typeof JOBS;

/** Does one job's work now, with the context's database and configuration (inline runner). */
export const runJob = jobRunner(JOBS);
