import {
  type ActionFunctionArgs,
  type HeadersFunction,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import {
  LOCAL_CARD_FORM,
  LocalCardForm,
  LocalThreeDSecure,
} from "~/components/card-payments/local-card";
import { SiteFooter } from "~/components/layout/site-footer";
import * as styles from "~/components/portal/portal.css";
import { providerUsable } from "~/modules/card-payments/accounts.server";
import { CARD_PAYMENT_MESSAGES } from "~/modules/card-payments/constants";
import { confirmLocally, localCardPayment, payLocally } from "~/modules/card-payments/local.server";
import { PORTAL_MESSAGES } from "~/modules/portal/constants";
import { cardSchema } from "~/modules/subscriptions/schema";
import { AppError } from "~/utils/errors";
import { fieldErrorsOf } from "~/utils/field-errors";
import {
  refuseForm,
  refuseUnknownIntent,
  refuseWithAppError,
  typedValues,
} from "~/utils/forms.server";
import { formatMoney } from "~/utils/money";
import { cardAttemptAllowed } from "~/web/card-payments/portal.server";
import { openPortal, PORTAL_HEADERS } from "~/web/portal/access.server";

/**
 * /portal/{token}/pay/{id} (issue #47 item 3, decision 071): the local provider's card page —
 * Stripe Checkout's stand-in on a server without Stripe — and its 3-D Secure step. Only a payment
 * of the link's client and company, still waiting; a paid or ended one goes back to the portal.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const marketingUrl = context.config.marketingUrl;
  const opening = await openPortal(context, token);
  // The test cards pay only on a server without Stripe (decision 071).
  const local = "link" in opening && providerUsable("local", context.config);
  const payment = local ? await localCardPayment(context.db, opening.link, params.id) : undefined;
  if (!("link" in opening) || !payment) {
    const refused = "link" in opening ? "invalid" : opening.refused;
    const status = "link" in opening ? 404 : opening.status;
    return json({ page: null, refused, marketingUrl }, { status, headers: PORTAL_HEADERS });
  }
  const back = `/portal/${token}?payment=${payment.id}`;
  if (payment.status !== "open" && payment.status !== "authenticating") {
    throw redirect(back, { headers: PORTAL_HEADERS });
  }
  const page = {
    companyName: opening.link.companyName,
    documentNumber: payment.documentNumber,
    amount: formatMoney(payment.amountCents, payment.currency),
    step: payment.status === "open" ? ("card" as const) : ("3ds" as const),
    cancelHref: `${back}&cancelled=1`,
  };
  return json({ page, refused: null, marketingUrl }, { headers: PORTAL_HEADERS });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const token = params.token ?? "";
  const opening = await openPortal(context, token);
  if (!("link" in opening)) {
    throw json({ message: PORTAL_MESSAGES.invalid }, { status: opening.status });
  }
  const { link } = opening;
  const id = params.id ?? "";
  const values = typedValues(await request.formData());
  const back = `/portal/${token}?payment=${id}`;
  const shown = { expiry: values.expiry ?? "" };
  try {
    if (!providerUsable("local", context.config)) {
      throw new AppError(CARD_PAYMENT_MESSAGES.notConnected, 409);
    }
    switch (values.intent) {
      case "pay": {
        const attempt = await cardAttemptAllowed(context, link);
        if (!attempt.allowed) throw new AppError(PORTAL_MESSAGES.limited, 429);
        const card = cardSchema.safeParse(values);
        if (!card.success) {
          // The card's number and CVC are never sent back; the expiry is.
          return refuseForm({
            formId: LOCAL_CARD_FORM,
            fieldErrors: fieldErrorsOf(card.error),
            repopulateFields: shown,
            formError: "Проверете данните на картата",
          });
        }
        const step = await payLocally(context.db, link, id, card.data);
        return redirect(step === "paid" ? back : `/portal/${token}/pay/${id}`, {
          status: 303,
          headers: PORTAL_HEADERS,
        });
      }
      case "approve":
      case "refuse": {
        await confirmLocally(context.db, link, id, values.intent === "approve");
        return redirect(back, { status: 303, headers: PORTAL_HEADERS });
      }
      default:
        return refuseUnknownIntent(LOCAL_CARD_FORM);
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refuseWithAppError(LOCAL_CARD_FORM, error, shown);
  }
}

export default function LocalCardPage() {
  const { page, refused, marketingUrl } = useLoaderData<typeof loader>();
  return (
    <>
      <main id="main" className={styles.frame}>
        <h1>Плащане с карта</h1>
        {page ? (
          <>
            <p>
              {page.companyName}: документ № {page.documentNumber}, {page.amount}
            </p>
            {page.step === "card" ? (
              <LocalCardForm amount={page.amount} cancelHref={page.cancelHref} />
            ) : (
              <LocalThreeDSecure amount={page.amount} />
            )}
          </>
        ) : (
          <p role="alert">
            {refused === "limited" ? PORTAL_MESSAGES.limited : CARD_PAYMENT_MESSAGES.notFound}
          </p>
        )}
      </main>
      <SiteFooter marketingUrl={marketingUrl} />
    </>
  );
}

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  actionHeaders.get("Cache-Control") ? actionHeaders : loaderHeaders;

export const meta: MetaFunction = () => [
  { title: "Плащане с карта | Сметка" },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "same-origin" },
];
