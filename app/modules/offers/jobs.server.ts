import { MAIL_QUEUE } from "~/modules/invoices/mail-queue.server";
import type { JobKinds } from "~/modules/jobs/jobs.server";
import { deliverOfferEmail } from "./send.server";

/** The offers' jobs (wired in app/composition.server.ts). */
export const offerJobs = {
  /** An offer's e-mail with its PDF and portal link, through the documents' mail queue. */
  "mail.offer": {
    queue: MAIL_QUEUE,
    workers: 2,
    run: (deps, data: { emailId?: unknown }) => deliverOfferEmail(deps, data),
  },
} satisfies JobKinds;
