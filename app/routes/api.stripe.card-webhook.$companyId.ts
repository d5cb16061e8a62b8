import { type ActionFunctionArgs, json } from "@remix-run/node";
import { z } from "zod";
import { undocumented } from "~/modules/api/describe";
import { cardKeys } from "~/modules/card-payments/accounts.server";
import {
  applyCardEvent,
  type CardEvent,
  stripeSessionNow,
} from "~/modules/card-payments/apply.server";
import { companyStripe } from "~/modules/card-payments/stripe.server";
import { AppError } from "~/utils/errors";
import { jsonError, methodNotAllowed } from "~/utils/http.server";
import { isUuid } from "~/utils/uuid";
import { signedEvent } from "~/web/card-payments/webhook.server";

/**
 * POST /api/stripe/card-webhook/{companyId} (issue #47 item 3, decision 071): the events of a
 * company's own Stripe account, sent to the endpoint Сметка made there when card payments were
 * connected. The signature is checked with that endpoint's secret (kept sealed); each event is
 * applied once, the Checkout Session re-read from the company's Stripe, so a late or repeated
 * delivery cannot undo a payment. A company without Stripe connected is 404, like an unknown one.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const companyId = params.companyId;
  const body = await request.text();
  const keys = isUuid(companyId)
    ? await cardKeys(context.db, companyId, context.config.sessionSecret).catch((error) => {
        if (error instanceof AppError) return undefined;
        throw error;
      })
    : undefined;
  if (!companyId || keys?.provider !== "stripe") return jsonError("Не е намерено", 404);
  const stripe = companyStripe(keys.secretKey, context.config.billing.stripe?.apiBase);
  const signed = signedEvent(
    stripe,
    body,
    request.headers.get("Stripe-Signature"),
    keys.webhookSecret,
  );
  if (!signed) return jsonError("Невалиден подпис", 400);
  if (!eventSchema.safeParse(signed).success) return jsonError("Невалидно събитие", 400);
  const event = signed as CardEvent;
  const result = await applyCardEvent(context.db, companyId, "stripe", event, (id) =>
    stripeSessionNow(stripe, id),
  );
  // An event of another kind or for a session this app did not start is acknowledged: answering
  // an error would have Stripe deliver it again for days.
  if (result === "ignored") console.warn(`Card event ${event.id} (${event.type}) ignored`);
  return json({ received: true, result });
}

const eventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: z.number().int().min(0).max(1e11),
});

export const openapi = undocumented(
  "Stripe's webhook of a company's own account: signed by Stripe, called by Stripe only",
);
