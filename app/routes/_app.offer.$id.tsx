import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import { FormError } from "~/components/forms/field-frame";
import { EmailLog } from "~/components/invoices/document-mail";
import * as page from "~/components/layout/page.css";
import { OFFER_SEND_FORM, OfferSendSection } from "~/components/offers/offer-send";
import { OfferActions, OfferFacts, OfferFiles } from "~/components/offers/offer-view";
import { actorOf } from "~/modules/auth/acts.server";
import { sendSchema } from "~/modules/invoices/schema";
import { documentsOf } from "~/modules/invoices/visibility.server";
import { acceptOffer, declineOffer } from "~/modules/offers/accept.server";
import { OFFER_BECOMES } from "~/modules/offers/constants";
import { offerPageData } from "~/modules/offers/page.server";
import { getOffer, withdrawOffer } from "~/modules/offers/queries.server";
import { previewOfferEmail, sendOffer } from "~/modules/offers/send.server";
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

/** /offer/{id} (issue #48 item 1, decision 077): an offer, its files and the answer to it. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "documents.view");
  return json({
    offer: await offerPageData(context.db, user.companyId, documentsOf(user), params.id),
    me: user.email,
  });
}

const FORM = "offer-answer";

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireCompanyUser(request, context, "documents.edit");
  const values = typedValues(await request.formData());
  const id = params.id ?? "";
  const by = {
    companyId: user.companyId,
    createdBy: documentsOf(user),
    userId: user.id,
    actor: actorOf(user, context),
    via: "company" as const,
  };
  try {
    switch (values.intent) {
      case "accept": {
        const made = await acceptOffer(context.db, by, id);
        return redirectWithToast(`/invoice/${made.documentId}`, {
          title: `Офертата е приета: ${OFFER_BECOMES[made.type === "proforma" ? "proforma" : "invoice"].toLowerCase()} (чернова) е готова`,
        });
      }
      case "decline":
        await declineOffer(context.db, by, id);
        return redirectWithToast(`/offer/${id}`, "Офертата е отбелязана като отказана");
      case "send":
      case "previewSend": {
        const parsed = sendSchema.safeParse(values);
        if (!parsed.success) {
          return refuseForm({
            formId: OFFER_SEND_FORM,
            fieldErrors: fieldErrorsOf(parsed.error),
            formError: "Офертата не е изпратена",
            repopulateFields: echoedValues(values),
          });
        }
        const { to, message, copy } = parsed.data;
        if (values.intent === "previewSend") {
          // «Преглед»: the letter as the client will get it; nothing is sent, the form kept.
          const offer = await getOffer(context.db, user.companyId, by.createdBy, id);
          const preview = await previewOfferEmail(context.db, offer, message);
          return json({
            formId: OFFER_SEND_FORM,
            fieldErrors: {},
            repopulateFields: echoedValues(values),
            preview,
          });
        }
        const sent = await sendOffer(context, by, id, {
          to,
          message,
          copyTo: copy ? user.email : null,
        });
        return redirectWithToast(`/offer/${id}`, {
          title: "Офертата се изпраща по имейл",
          description: `До ${sent.recipients}. Състоянието на изпращането е под офертата.`,
        });
      }
      case "withdraw":
        await withdrawOffer(context.db, user.companyId, by.createdBy, by.actor, id);
        return redirectWithToast(`/offer/${id}`, "Офертата е оттеглена");
      default:
        return refuseUnknownIntent(FORM);
    }
  } catch (error) {
    const send = values.intent === "send" || values.intent === "previewSend";
    // A refusal of the send (bad address, not sendable, the hourly limit) is shown on its form.
    if (error instanceof AppError && send && error.status < 500) {
      return refuseWithAppError(OFFER_SEND_FORM, error, echoedValues(values));
    }
    if (error instanceof AppError && error.status < 500) {
      return refuseWithAppError(FORM, error, {});
    }
    throw error;
  }
}

export default function OfferPage() {
  const { offer, me } = useLoaderData<typeof loader>();
  const answer = useFormAnswer(FORM);
  return (
    <div className={page.page}>
      <p>
        <Link to="/offers">« Оферти</Link>
      </p>
      <h1>Оферта № {offer.number}</h1>
      <FormError message={answer?.formError} />
      <OfferFacts offer={offer} />
      <OfferSendSection offer={offer} me={me} />
      <EmailLog emails={offer.emails} />
      <OfferActions offer={offer} />
      <OfferFiles offer={offer} />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Оферта № ${data.offer.number} | Сметка` : "Оферта | Сметка" },
];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
