import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { startCardPayment } from "~/modules/card-payments/checkout.server";
import { CARD_PAYMENT_MESSAGES } from "~/modules/card-payments/constants";
import { AppError } from "~/utils/errors";
import { methodNotAllowed } from "~/utils/http.server";
import { cardAttemptAllowed, cardRefusalPage } from "~/web/card-payments/portal.server";
import { openPortal, PORTAL_HEADERS, portalRefusalPage } from "~/web/portal/access.server";

/**
 * POST /portal/{token}/pay (issue #47 item 3, decision 071): «Плати с карта» of one document — a
 * native form of the portal page. No session: the link is the credential, and only a document of
 * its client and company with an amount due can be paid. Answers a redirect to Stripe Checkout
 * (the company's own account) or to the local provider's card page; a refusal is a small page.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const token = params.token ?? "";
  const opening = await openPortal(context, token);
  if (!("link" in opening)) return portalRefusalPage(opening);
  const back = `/portal/${token}`;
  const form = await request.formData();
  const documentId = String(form.get("documentId") ?? "").slice(0, 100);
  const attempt = await cardAttemptAllowed(context, opening.link);
  if (!attempt.allowed) {
    return cardRefusalPage(
      "Твърде много опити за плащане. Опитайте отново след малко.",
      429,
      back,
      attempt.retryAfter,
    );
  }
  try {
    const { url } = await startCardPayment(context.db, opening.link, documentId, {
      serverSecret: context.config.sessionSecret,
      appUrl: context.config.appUrl,
      apiBase: context.config.billing.stripe?.apiBase,
      token,
      server: context.config,
    });
    return redirect(url, { status: 303, headers: PORTAL_HEADERS });
  } catch (error) {
    if (error instanceof AppError) return cardRefusalPage(error.message, error.status, back);
    console.error("Card payment not started", error);
    return cardRefusalPage(CARD_PAYMENT_MESSAGES.stripeDown, 503, back);
  }
}
