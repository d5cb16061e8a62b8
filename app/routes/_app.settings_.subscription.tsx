import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import { FormError } from "~/components/forms/field-frame";
import * as page from "~/components/layout/page.css";
import { BillingInvoices } from "~/components/subscriptions/billing-invoices";
import { PaymentMethod } from "~/components/subscriptions/payment-method";
import { PendingPayment } from "~/components/subscriptions/pending-payment";
import { CurrentPlan, PlanCards } from "~/components/subscriptions/plan-cards";
import {
  ThreeDSecureDialog,
  usePopupCompletion,
} from "~/components/subscriptions/three-d-secure-dialog";
import { ConfirmUpgrade } from "~/components/subscriptions/upgrade-confirm";
import { TabLinks } from "~/components/ui/tab-links";
import { refuseWhileImpersonating } from "~/modules/admin/impersonation.server";
import { liveGrant } from "~/modules/subscriptions/company-plan.server";
import { NOTICES, noticeToast, PLAN_NAMES } from "~/modules/subscriptions/plans";
import { invoiceBuyer, listSubscriptionInvoices } from "~/modules/subscriptions/queries.server";
import { cardSchema, planSchema } from "~/modules/subscriptions/schema";
import {
  type BillingStep,
  cancelPendingUpgrade,
  changeCard,
  resume,
  scheduleDowngrade,
  upgrade,
  upgradeQuote,
} from "~/modules/subscriptions/service.server";
import { getSubscription, pendingDowngrade } from "~/modules/subscriptions/state.server";
import { planPrices } from "~/modules/subscriptions/tax-invoices.server";
import { printDate } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { fieldErrorsOf } from "~/utils/field-errors";
import { useFormAnswer } from "~/utils/forms";
import {
  refuseForm,
  refuseUnknownIntent,
  refuseWithAppError,
  typedValues,
} from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requireCompanyUser } from "~/web/auth/guards.server";

const TABS = [
  { key: "plans", label: "Планове", to: "/settings/subscription" },
  { key: "payment", label: "Начин на плащане", to: "/settings/subscription?tab=payment" },
  { key: "invoices", label: "Фактури", to: "/settings/subscription?tab=invoices" },
] as const;

/**
 * ?upgrade=full: the step before paying (issue #41, item 9): what is charged today, then
 * «Потвърди и плати» posts the upgrade. Null when there is nothing to confirm, with why.
 */
async function quoteFor(
  context: LoaderFunctionArgs["context"],
  companyId: string,
  wanted: string | null,
  waiting: boolean,
) {
  if (!wanted) return null;
  const plan = planSchema.safeParse(wanted);
  if (!plan.success || plan.data === "basic") return { error: "Неизвестен план" };
  if (waiting) return { error: "Има плащане, което чака потвърждение (3-D Secure)" };
  try {
    return { quote: await upgradeQuote(context, companyId, plan.data) };
  } catch (error) {
    if (error instanceof AppError) return { error: error.message };
    // Stripe could not be asked (its error, the network): the page says so, never a 500.
    if (
      (error as { type?: unknown }).type &&
      String((error as { type: unknown }).type).startsWith("Stripe")
    ) {
      console.warn(`Upgrade quote: ${(error as Error).message}`);
      return { error: "Сумата не може да бъде изчислена сега: опитайте отново след малко" };
    }
    throw error;
  }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "billing");
  const wanted = new URL(request.url).searchParams.get("upgrade");
  const [sub, invoices, grant, prices, buyer] = await Promise.all([
    getSubscription(context.db, user.companyId),
    listSubscriptionInvoices(context.db, user.companyId),
    liveGrant(context.db, user.companyId),
    planPrices(context.db, context.config.billing.prices),
    invoiceBuyer(context.db, user.companyId),
  ]);
  return json({
    plan: sub.plan,
    status: sub.status,
    currentPeriodEnd: sub.currentPeriodEnd,
    isCanceled: sub.isCanceled,
    ...pendingDowngrade(sub),
    paymentMethod: sub.paymentMethod && {
      brand: sub.paymentMethod.brand,
      last4: sub.paymentMethod.last4,
      expMonth: sub.paymentMethod.expMonth,
      expYear: sub.paymentMethod.expYear,
    },
    pendingAction: sub.pendingAction && {
      clientSecret: sub.pendingAction.clientSecret,
      url: sub.pendingAction.url ?? null,
      plan: sub.pendingAction.plan,
    },
    // With or without VAT, and the base (issue #31 item 3).
    prices,
    buyer,
    provider: context.config.billing.stripe ? ("stripe" as const) : ("local" as const),
    invoices,
    // A plan the team granted without payment (issue #14): it holds while it lasts.
    grant: grant ? { plan: grant.plan, endsOn: grant.endsOn } : null,
    upgradeStep: await quoteFor(context, user.companyId, wanted, sub.pendingAction !== null),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireCompanyUser(request, context, "billing");
  const values = typedValues(await request.formData());
  const intent = values.intent ?? "";
  try {
    refuseWhileImpersonating(user);
    let step: BillingStep;
    switch (intent) {
      case "card": {
        const card = context.config.billing.stripe ? null : cardSchema.safeParse(values);
        if (card && !card.success) {
          return refuseForm({
            formId: "card",
            fieldErrors: fieldErrorsOf(card.error),
            // The card's number and CVC are never sent back; the expiry is.
            repopulateFields: { expiry: values.expiry ?? "" },
          });
        }
        step = await changeCard(context, user.companyId, card ? card.data : null);
        break;
      }
      case "upgrade":
      case "downgrade": {
        const plan = planSchema.safeParse(values.plan);
        if (!plan.success) throw new AppError("Неизвестен план", 400);
        step =
          intent === "upgrade"
            ? await upgrade(context, user, plan.data)
            : await scheduleDowngrade(context, user.companyId, plan.data);
        break;
      }
      case "cancel":
        step = await scheduleDowngrade(context, user.companyId, "cancel");
        break;
      case "resume":
        step = await resume(context, user.companyId);
        break;
      case "cancel-upgrade":
        step = await cancelPendingUpgrade(context, user.companyId);
        break;
      default:
        return refuseUnknownIntent();
    }
    return answerStep(step);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // The card's number and CVC are never sent back; the expiry is.
    const kept = intent === "card" ? { expiry: values.expiry ?? "" } : {};
    return refuseWithAppError(intent === "card" ? "card" : "plan", error, kept);
  }
}

/** What the customer sees after a billing step. */
function answerStep(step: BillingStep) {
  switch (step.kind) {
    case "redirect":
      return redirect(step.to);
    case "upgraded":
      return redirectWithToast(
        "/subscription-success",
        noticeToast(NOTICES.upgradeComplete, `Планът е ${PLAN_NAMES[step.plan]}.`),
      );
    case "upgrade-cancelled":
      return redirectWithToast("/settings/subscription", {
        title: "Надграждането е отказано",
        description: `Плащането за план ${PLAN_NAMES[step.plan]} е отменено; планът ви остава както беше.`,
      });
    case "scheduled":
      return redirectWithToast(
        "/settings/subscription",
        noticeToast(
          NOTICES.downgradeScheduled,
          step.to === "cancel"
            ? "Абонаментът се отменя в края на периода."
            : `Планът става ${PLAN_NAMES[step.to]} в края на периода.`,
        ),
      );
    case "resumed":
      return redirectWithToast("/settings/subscription", {
        title: "Планът остава",
        description: "Отмяната е оттеглена.",
      });
    case "card-saved":
      return redirectWithToast("/settings/subscription?tab=payment", "Картата е запазена");
    case "accepted":
      return redirectWithToast("/settings/subscription", {
        title: "Заявката е приета",
        description: "Промяната се отразява до няколко секунди.",
      });
  }
}

export default function SubscriptionSettings() {
  const data = useLoaderData<typeof loader>();
  const planAnswer = useFormAnswer("plan");
  const unknown = useFormAnswer("");
  const [params] = useSearchParams();
  const tab = TABS.some((t) => t.key === params.get("tab")) ? params.get("tab") : "plans";
  const [dialog, setDialog] = useState<{ secret: string; url: string | null } | null>(null);
  usePopupCompletion(params);

  return (
    <div className={page.page}>
      <h1>Абонамент</h1>
      {params.get("verification") === "success" ? (
        <p role="status" className={page.card}>
          Плащането е потвърдено. Благодарим ви!
        </p>
      ) : null}
      {data.pendingAction ? (
        <PendingPayment
          pending={data.pendingAction}
          onOpen={() =>
            data.pendingAction &&
            setDialog({ secret: data.pendingAction.clientSecret, url: data.pendingAction.url })
          }
        />
      ) : null}
      {data.upgradeStep ? (
        <ConfirmUpgrade
          {...data.upgradeStep}
          needsCard={data.provider === "local" && !data.paymentMethod}
          vatRate={data.prices.full.vatRate}
        />
      ) : null}
      {/* The dialog outlives the banner: the banner goes once the payment is confirmed. */}
      {dialog ? (
        <ThreeDSecureDialog
          clientSecret={dialog.secret}
          url={dialog.url}
          open
          onClose={() => setDialog(null)}
        />
      ) : null}
      <FormError message={planAnswer?.formError ?? unknown?.formError} />
      <TabLinks label="Абонамент" tabs={TABS} current={tab ?? "plans"} />
      {tab === "payment" ? (
        <PaymentMethod
          card={data.paymentMethod}
          provider={data.provider}
          requiresAction={data.pendingAction !== null}
        />
      ) : tab === "invoices" ? (
        <BillingInvoices invoices={data.invoices} buyer={data.buyer} />
      ) : (
        <>
          <CurrentPlan {...data} />
          {data.grant ? (
            <p role="note" className={page.card}>
              Екипът на Сметка ви е предоставил план {PLAN_NAMES[data.grant.plan]} без плащане
              {data.grant.endsOn ? ` до ${printDate(data.grant.endsOn)} вкл.` : ""}. Докато е в
              сила, ползвате него, ако платеният ви план е по-нисък.
            </p>
          ) : null}
          <h2>Планове</h2>
          <PlanCards
            plan={data.plan}
            prices={data.prices}
            needsCard={data.provider === "local" && !data.paymentMethod}
          />
        </>
      )}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Абонамент | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
