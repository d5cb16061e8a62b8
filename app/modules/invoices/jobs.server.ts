import { EXPIRE_SECONDS, type JobKinds } from "~/modules/jobs/jobs.server";
import { type DocumentMailOptions, deliverDocumentEmail } from "./emails.server";
import { MAIL_QUEUE } from "./mail-queue.server";
import { storeDocumentPdf } from "./render.server";

/**
 * The documents' jobs (wired in app/composition.server.ts, which hands the e-mails the card
 * payments' «Плати с карта» link: a layer above the documents).
 */
export const invoiceJobs = (mail: DocumentMailOptions = {}) =>
  ({
    /** An issued document's PDF, rendered once after the issuing transaction (worker threads). */
    "document.pdf": {
      queue: {
        policy: "stately",
        retryLimit: 3,
        retryDelay: 5,
        retryBackoff: true,
        expireInSeconds: EXPIRE_SECONDS,
      },
      workers: 2,
      run: ({ db }, data: { companyId?: unknown; documentId?: unknown }) =>
        storeDocumentPdf(db, data),
    },
    /** A document's e-mail (or a reminder) with its PDF, through the mail queue. */
    "mail.document": {
      queue: MAIL_QUEUE,
      workers: 2,
      run: (deps, data: { emailId?: unknown }) => deliverDocumentEmail(deps, data, mail),
    },
  }) satisfies JobKinds;
