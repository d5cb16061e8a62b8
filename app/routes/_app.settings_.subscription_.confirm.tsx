import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { CompanyField, keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import * as page from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";
import { IMPERSONATION_MESSAGES } from "~/modules/admin/impersonation";
import { localConfirmPayment } from "~/modules/subscriptions/local-billing.server";
import { NOTICES, noticeToast, PLAN_NAMES } from "~/modules/subscriptions/plans";
import { getSubscriptionInvoice } from "~/modules/subscriptions/queries.server";
import { getSubscription } from "~/modules/subscriptions/state.server";
import { AppError } from "~/utils/errors";
import { formatMoney } from "~/utils/money";
import { redirectWithToast } from "~/utils/toast.server";
import { requireCompanyUser } from "~/web/auth/guards.server";

/**
 * The local provider's stand-in for the bank's 3-D Secure page: the customer approves or refuses
 * the waiting payment. With Stripe this step is Stripe's own page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "billing");
  const url = new URL(request.url);
  const secret = url.searchParams.get("secret") ?? "";
  const popup = url.searchParams.get("popup") === "1";
  const sub = await getSubscription(context.db, user.companyId);
  if (!sub.pendingAction || sub.pendingAction.clientSecret !== secret) {
    throw redirect("/settings/subscription");
  }
  const invoice = await getSubscriptionInvoice(
    context.db,
    user.companyId,
    sub.pendingAction.invoiceId,
  );
  return json({
    popup,
    secret,
    plan: sub.pendingAction.plan,
    amount: invoice ? formatMoney(invoice.amountCents, invoice.currency) : null,
    card: sub.paymentMethod ? `•••• ${sub.paymentMethod.last4}` : "",
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireCompanyUser(request, context, "billing");
  if (user.impersonator) {
    return redirectWithToast("/settings/subscription", {
      type: "error",
      title: "Не е позволено в клиентски изглед",
      description: IMPERSONATION_MESSAGES.forbidden,
    });
  }
  const form = await request.formData();
  const secret = String(form.get("secret") ?? "");
  const approved = form.get("intent") === "approve";
  // In the 3-D Secure dialog's popup: back to a page that closes the popup (the dialog polls).
  const popup =
    form.get("popup") === "1"
      ? `popup=1&secret=${encodeURIComponent(String(form.get("secret") ?? ""))}`
      : "";
  try {
    const paid = await localConfirmPayment(
      context.db,
      context.config.billing,
      user.companyId,
      secret,
      approved,
    );
    const toast = paid
      ? {
          type: "success" as const,
          ...noticeToast(NOTICES.upgradeComplete, "Плащането е потвърдено."),
        }
      : {
          type: "error" as const,
          title: "Плащането не е потвърдено",
          description: "Можете да опитате отново или да откажете надграждането.",
        };
    const query = [paid ? "verification=success" : "", popup].filter(Boolean).join("&");
    return redirectWithToast(`/settings/subscription${query ? `?${query}` : ""}`, toast);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return redirectWithToast("/settings/subscription", { type: "error", title: error.message });
  }
}

export default function ConfirmPayment() {
  const { secret, plan, amount, card, popup } = useLoaderData<typeof loader>();
  const busy = useNavigation().state !== "idle";
  return (
    <div className={page.page}>
      <section className={page.card} aria-labelledby="confirm-title" style={{ maxWidth: "32rem" }}>
        <h1 id="confirm-title">Потвърждение на плащане (3-D Secure)</h1>
        <p>
          Банката ви иска потвърждение за плащане{amount ? ` на ${amount}` : ""} с карта {card} за
          план {PLAN_NAMES[plan]}.
        </p>
        <Form method="post" style={{ display: "flex", gap: "0.75rem", flexWrap: "wrap" }}>
          <CompanyField />
          <input type="hidden" name="secret" value={secret} />
          {popup ? <input type="hidden" name="popup" value="1" /> : null}
          <Button type="submit" name="intent" value="approve" disabled={busy}>
            Потвърди плащането
          </Button>
          <Button type="submit" name="intent" value="refuse" tone="secondary" disabled={busy}>
            Откажи
          </Button>
        </Form>
      </section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Потвърждение на плащане | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
