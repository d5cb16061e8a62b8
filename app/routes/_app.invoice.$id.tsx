import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import { FormError } from "~/components/forms/field-frame";
import {
  CancelledSection,
  CancelSection,
  ConvertSection,
  DraftSection,
  DuplicateSection,
  NotesSection,
  PdfSection,
  RelatedDocuments,
} from "~/components/invoices/document-actions";
import {
  EmailLog,
  MakeRecurring,
  RecurringNote,
  ReminderLog,
} from "~/components/invoices/document-mail";
import { PaymentsSection } from "~/components/invoices/document-payments";
import { ReminderSection, SendSection } from "~/components/invoices/document-send";
import { DocumentSheet } from "~/components/invoices/document-sheet";
import * as styles from "~/components/invoices/invoices.css";
import { PaymentBadge } from "~/components/invoices/status-badge";
import * as page from "~/components/layout/page.css";
import { actorOf } from "~/modules/auth/acts.server";
import { can } from "~/modules/auth/capabilities";
import { eInvoiceProfileLabel } from "~/modules/einvoice/profile";
import { eInvoiceProfileOf, hasEInvoice } from "~/modules/einvoice/ubl.server";
import { documentTarget, paymentDetails, recordDocumentAct } from "~/modules/invoices/acts.server";
import { DOCUMENT_TYPES } from "~/modules/invoices/constants";
import {
  cancelDocument,
  deleteDraft,
  documentsOf,
  refuseHiddenOriginal,
  requireDocument,
} from "~/modules/invoices/documents.server";
import { duplicateDocument, duplicateToast } from "~/modules/invoices/duplicate.server";
import { previewDocumentEmail, queueDocumentEmail } from "~/modules/invoices/emails.server";
import { documentPageData } from "~/modules/invoices/page.server";
import { addPayment, deletePayment } from "~/modules/invoices/payments.server";
import { convertProforma } from "~/modules/invoices/proforma.server";
import { issueWithPdf } from "~/modules/invoices/render.server";
import { cancelSchema, paymentSchema, sendSchema } from "~/modules/invoices/schema";
import { mayShareWithClient } from "~/modules/portal/links.server";
import { reminderPreview } from "~/modules/recurring/reminders.server";
import { formatDate, todayInSofia } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { fieldErrorsOf } from "~/utils/field-errors";
import { useFormAnswer } from "~/utils/forms";
import {
  echoedValues,
  refuseForm,
  refuseUnknownIntent,
  refuseWithAppError,
  typedValues,
} from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requireCompanyUser } from "~/web/auth/guards.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "documents.view");
  const doc = await requireDocument(context.db, user.companyId, params.id, documentsOf(user));
  const [data, reminder, eInvoice] = await Promise.all([
    documentPageData(context.db, user.companyId, doc),
    reminderPreview(context.db, doc),
    // Which e-invoice the download gives: Peppol BIS 3.0 or plain EN 16931 (decision 048).
    hasEInvoice(doc) ? eInvoiceProfileOf(context.db, doc) : null,
  ]);
  // The note on a series' first issue links to the numbering settings, for a role that has them.
  const firstOfSeries = data.firstOfSeries && can(user, "settings");
  // The warning of missing English details links to where they are typed, for a role that can.
  const englishFix = data.englishMissing.length > 0 && can(user, "settings");
  const eInvoiceKind = eInvoice ? eInvoiceProfileLabel(eInvoice) : null;
  return json({ ...data, firstOfSeries, englishFix, reminder, eInvoiceKind, me: user.email });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireCompanyUser(request, context, "documents.edit");
  const doc = await requireDocument(context.db, user.companyId, params.id, documentsOf(user));
  const form = await request.formData();
  const values = typedValues(form);
  const intent = values.intent ?? "";
  const here = `/invoice/${doc.id}`;
  try {
    switch (intent) {
      case "issue": {
        // Issuing cannot be undone: the first «Издай» asks, «Да, издай» issues.
        if (values.confirm !== "yes") return json({ formId: "issue", confirmIssue: true });
        await refuseHiddenOriginal(context.db, user.companyId, doc, documentsOf(user));
        const issued = await issueWithPdf(context, user.companyId, doc.id, actorOf(user, context));
        return redirectWithToast(
          here,
          `Издадено: ${DOCUMENT_TYPES[issued.type]} № ${issued.number}`,
        );
      }
      case "delete": {
        if (values.confirm !== "on") {
          const formError = "Потвърдете, че искате черновата да бъде изтрита";
          return refuseForm({ formId: "delete", fieldErrors: {}, formError });
        }
        await deleteDraft(context.db, user.companyId, doc.id);
        await recordDocumentAct(context, user, "document.delete", doc);
        return redirectWithToast("/invoices", "Черновата е изтрита");
      }
      case "cancel": {
        const parsed = cancelSchema.safeParse({ reason: values.reason ?? "" });
        if (!parsed.success) {
          const fieldErrors = fieldErrorsOf(parsed.error);
          return refuseForm({
            formId: "cancel",
            fieldErrors,
            formError: fieldErrors.reason,
            repopulateFields: values,
          });
        }
        const who = actorOf(user, context);
        await cancelDocument(context.db, user.companyId, doc.id, parsed.data.reason, who);
        await recordDocumentAct(context, user, "document.cancel", doc, {
          reason: parsed.data.reason,
        });
        return redirectWithToast(here, `${DOCUMENT_TYPES[doc.type]} № ${doc.number} е анулиран(а)`);
      }
      case "payment": {
        const parsed = paymentSchema.safeParse(values);
        if (!parsed.success) {
          return refuseForm({
            formId: "payment",
            fieldErrors: fieldErrorsOf(parsed.error),
            formError: "Плащането не е записано",
            repopulateFields: values,
          });
        }
        await addPayment(context.db, user.companyId, doc, parsed.data);
        await recordDocumentAct(context, user, "payment.add", doc, paymentDetails(parsed.data));
        return redirectWithToast(here, "Плащането е записано");
      }
      case "deletePayment":
        await deletePayment(context.db, user.companyId, doc.id, values.paymentId ?? "");
        await recordDocumentAct(context, user, "payment.delete", doc, {
          payment: values.paymentId ?? "",
        });
        return redirectWithToast(here, "Плащането е изтрито");
      case "send":
      case "remind":
      case "previewSend":
      case "previewRemind": {
        const formId = intent === "remind" || intent === "previewRemind" ? "remind" : "send";
        const parsed = sendSchema.safeParse(values);
        if (!parsed.success) {
          return refuseForm({
            formId,
            fieldErrors: fieldErrorsOf(parsed.error),
            repopulateFields: values,
          });
        }
        const reminder = formId === "remind";
        if (reminder && !(await reminderPreview(context.db, doc))) {
          throw new AppError("Напомняне се изпраща само за просрочен документ", 409);
        }
        const { to, message, copy } = parsed.data;
        const kind = reminder ? "reminder" : "document";
        if (intent !== formId) {
          // «Преглед»: the e-mail as the client gets it, the form kept (#41 item 12); none sent.
          const preview = await previewDocumentEmail(context.db, doc, kind, message);
          return json({ formId, fieldErrors: {}, repopulateFields: echoedValues(values), preview });
        }
        await queueDocumentEmail(context, user.companyId, doc, to, kind, {
          overLimit: "refuse",
          message,
          copyTo: copy ? user.email : null,
          portalLink: mayShareWithClient(user), // the portal shows all (decision 069)
        });
        await recordDocumentAct(context, user, "document.email", doc, {
          recipients: to || "имейлите на клиента",
          ...(reminder ? { kind: "напомняне" } : {}),
        });
        return redirectWithToast(here, {
          title: reminder ? "Напомнянето се изпраща" : "Документът се изпраща по имейл",
          description: "Състоянието на изпращането е под документа.",
        });
      }
      case "duplicate": {
        const copy = await duplicateDocument(context.db, user.companyId, user.id, doc);
        await recordDocumentAct(
          context,
          user,
          "document.create",
          { id: copy.id, type: doc.type, number: null },
          { from: documentTarget(doc).label },
        );
        return redirectWithToast(`/invoice/edit/${copy.id}`, duplicateToast(copy));
      }
      case "convert": {
        const id = await convertProforma(context.db, user.companyId, user.id, doc, todayInSofia());
        await recordDocumentAct(
          context,
          user,
          "document.create",
          { id, type: "invoice", number: null },
          { from: documentTarget(doc).label },
        );
        return redirectWithToast(
          `/invoice/edit/${id}`,
          "Създадена е чернова на фактура по проформата",
        );
      }
      default:
        return refuseUnknownIntent();
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refuseWithAppError(intent, error, values);
  }
}

export default function DocumentPage() {
  const data = useLoaderData<typeof loader>();
  const { doc, client, today } = data;
  const [params] = useSearchParams();
  const issueAnswer = useFormAnswer("issue") as { confirmIssue?: boolean } | undefined;
  const unknown = useFormAnswer("");
  const title = `${DOCUMENT_TYPES[doc.type]}${doc.number ? ` № ${doc.number}` : " (чернова)"}`;
  const issued = doc.status === "issued";
  const open = data.periodLocked === null; // a locked month: nothing to issue, delete or cancel
  return (
    <div className={page.page}>
      <p>
        <Link to="/invoices">« Документи</Link>
      </p>
      <h1>
        {title} <PaymentBadge status={doc.status} state={doc.state} />
      </h1>
      <p>
        Клиент: <Link to={`/client/edit/${client.id}`}>{client.name}</Link>
        {doc.sentAt ? ` · Изпратен на ${formatDate(doc.sentAt)} до ${doc.sentTo}` : ""}
      </p>
      <RecurringNote recurring={data.recurring} />
      <RelatedDocuments related={data.related} />
      <FormError message={unknown?.formError} />
      {data.periodLocked ? <p className={page.warning}>{data.periodLocked}</p> : null}
      <div className={styles.layout}>
        <DocumentSheet model={data.model} logoUrl={data.logoUrl} />
        <div className={styles.aside}>
          {doc.status === "draft" && open ? (
            <DraftSection
              id={doc.id}
              type={doc.type}
              nextNumber={data.nextNumber}
              firstOfSeries={data.firstOfSeries}
              englishMissing={data.englishMissing}
              englishFix={data.englishFix}
              confirmIssue={issueAnswer?.confirmIssue === true || params.get("issue") === "1"}
            />
          ) : null}
          <PdfSection id={doc.id} eInvoice={data.eInvoiceKind} />
          {issued ? (
            <SendSection emails={client.emails} sent={doc.sentAt !== null} me={data.me} />
          ) : null}
          {data.reminder ? (
            <ReminderSection reminder={data.reminder} emails={client.emails} me={data.me} />
          ) : null}
          <EmailLog emails={data.emails} />
          {doc.type === "invoice" && doc.status !== "cancelled" ? (
            <MakeRecurring id={doc.id} />
          ) : null}
          <ReminderLog reminders={data.reminders} />
          {issued && doc.type !== "credit_note" ? (
            <PaymentsSection doc={doc} today={today} />
          ) : null}
          {issued && doc.type === "invoice" ? <NotesSection id={doc.id} /> : null}
          {issued && doc.type === "proforma" ? <ConvertSection /> : null}
          {issued && open ? <CancelSection /> : null}
          {doc.status === "cancelled" && doc.cancelledAt ? (
            <CancelledSection cancelledAt={doc.cancelledAt} />
          ) : null}
          <DuplicateSection />
        </div>
      </div>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data
      ? `${DOCUMENT_TYPES[data.doc.type]}${data.doc.number ? ` ${data.doc.number}` : ""} | Сметка`
      : "Документ | Сметка",
  },
];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
