import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useSearchParams,
} from "@remix-run/react";
import { useEffect, useState } from "react";
import { FormError } from "~/components/forms/field";
import * as fieldStyles from "~/components/forms/field.css";
import * as styles from "~/components/invoices/invoices.css";
import * as page from "~/components/layout/page.css";
import { ThreeDSecureDialog } from "~/components/subscriptions/three-d-secure-dialog";
import { Button, ButtonLink } from "~/components/ui/button";
import { requireCompanyUser } from "~/modules/auth/guards.server";
import { formatMoney } from "~/modules/invoices/money";
import {
  localResume,
  localScheduleDowngrade,
  localUpgrade,
  parseLocalCard,
  saveLocalCard,
} from "~/modules/subscriptions/local-billing.server";
import {
  NOTICES,
  PLAN_FEATURES,
  PLAN_NAMES,
  PLAN_RANK,
  PLANS,
} from "~/modules/subscriptions/plans";
import { getSubscription, pendingDowngrade } from "~/modules/subscriptions/state.server";
import {
  stripePaymentMethodPortal,
  stripeResume,
  stripeScheduleDowngrade,
  stripeUpgrade,
} from "~/modules/subscriptions/stripe-billing.server";
import { formatDate } from "~/utils/dates";
import { AppError } from "~/utils/http.server";
import { type Toast, toastHeader } from "~/utils/toast.server";
import type { Plan } from "~db/types";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context);
  const [sub, invoices] = await Promise.all([
    getSubscription(context.db, user.companyId),
    context.db
      .selectFrom("subscriptionInvoices")
      .select([
        "providerId",
        "number",
        "amountCents",
        "currency",
        "status",
        "description",
        "createdAt",
        "hostedUrl",
      ])
      .where("companyId", "=", user.companyId)
      .orderBy("createdAt", "desc")
      .limit(24)
      .execute(),
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
    prices: context.config.billing.prices,
    provider: context.config.billing.stripe ? "stripe" : "local",
    invoices,
  });
}

type ActionData = {
  form: string;
  formError?: string;
  errors?: Record<string, string>;
  values?: Record<string, string>;
};

async function done(to: string, toast: Omit<Toast, "id" | "type">) {
  return redirect(to, {
    headers: { "Set-Cookie": await toastHeader({ type: "success", ...toast }) },
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireCompanyUser(request, context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const plan = String(form.get("plan") ?? "") as Plan;
  const billing = context.config.billing;
  if (billing.stripe) return stripeAction(context, user, intent, plan);
  try {
    switch (intent) {
      case "card": {
        const values = {
          number: String(form.get("number") ?? ""),
          expiry: String(form.get("expiry") ?? ""),
          cvc: String(form.get("cvc") ?? ""),
        };
        try {
          await saveLocalCard(context.db, user.companyId, parseLocalCard(values));
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          return json<ActionData>(
            {
              form: "card",
              formError: error.message,
              errors: error.fields,
              values: { expiry: values.expiry },
            },
            { status: error.status },
          );
        }
        return done("/settings/subscription?tab=payment", { title: "Картата е запазена" });
      }
      case "upgrade": {
        if (!PLANS.includes(plan))
          return json<ActionData>({ form: intent, formError: "Неизвестен план" }, { status: 400 });
        const result = await localUpgrade(context.db, billing, user.companyId, plan);
        if (result.kind === "requires_action") {
          return redirect(
            `/settings/subscription/confirm?secret=${encodeURIComponent(result.clientSecret)}`,
          );
        }
        return done("/subscription-success", {
          title: NOTICES.upgradeComplete.en,
          lang: "en",
          note: `${NOTICES.upgradeComplete.bg} Планът е ${PLAN_NAMES[plan]}.`,
        });
      }
      case "downgrade": {
        if (!PLANS.includes(plan))
          return json<ActionData>({ form: intent, formError: "Неизвестен план" }, { status: 400 });
        await localScheduleDowngrade(context.db, billing, user.companyId, plan);
        return done("/settings/subscription", {
          title: NOTICES.downgradeScheduled.en,
          lang: "en",
          note: `${NOTICES.downgradeScheduled.bg} Планът става ${PLAN_NAMES[plan]} в края на периода.`,
        });
      }
      case "cancel":
        await localScheduleDowngrade(context.db, billing, user.companyId, "cancel");
        return done("/settings/subscription", {
          title: NOTICES.downgradeScheduled.en,
          lang: "en",
          note: `${NOTICES.downgradeScheduled.bg} Абонаментът се отменя в края на периода.`,
        });
      case "resume":
        await localResume(context.db, billing, user.companyId);
        return done("/settings/subscription", {
          title: "Планът остава",
          description: "Отмяната е оттеглена.",
        });
      default:
        return json<ActionData>({ form: "", formError: "Неизвестно действие" }, { status: 400 });
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return json<ActionData>({ form: intent, formError: error.message }, { status: error.status });
  }
}

const STATUS_NAMES: Record<string, string> = {
  active: "Активен",
  trialing: "Пробен период",
  past_due: "Просрочено плащане",
  incomplete: "Незавършено плащане",
  incomplete_expired: "Изтекло плащане",
  unpaid: "Неплатен",
  canceled: "Прекратен",
};

/** The same intents with Stripe: Stripe's pages take the card and any 3-D Secure. */
async function stripeAction(
  context: ActionFunctionArgs["context"],
  user: { companyId: string; email: string },
  intent: string,
  plan: Plan,
) {
  try {
    let next: { redirect: string } | { done: true };
    switch (intent) {
      case "upgrade":
        if (plan !== "standard" && plan !== "full") throw new AppError("Неизвестен план", 400);
        next = await stripeUpgrade(context, user.companyId, user.email, plan);
        break;
      case "downgrade":
        if (!PLANS.includes(plan)) throw new AppError("Неизвестен план", 400);
        next = await stripeScheduleDowngrade(context, user.companyId, plan);
        break;
      case "cancel":
        next = await stripeScheduleDowngrade(context, user.companyId, "cancel");
        break;
      case "resume":
        next = await stripeResume(context, user.companyId);
        break;
      case "card":
      case "portal":
        next = await stripePaymentMethodPortal(context, user.companyId);
        break;
      default:
        throw new AppError("Неизвестно действие", 400);
    }
    if ("redirect" in next) return redirect(next.redirect);
    return done("/settings/subscription", {
      title: "Заявката е приета",
      description: "Промяната се отразява до няколко секунди.",
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return json<ActionData>({ form: intent, formError: error.message }, { status: error.status });
  }
}

export default function SubscriptionSettings() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionData | undefined;
  const busy = useNavigation().state !== "idle";
  const [params] = useSearchParams();
  // The dialog outlives the banner: the banner goes once the payment is confirmed.
  const [dialogSecret, setDialogSecret] = useState<{ secret: string; url: string | null } | null>(
    null,
  );
  // The 3-D Secure popup lands here when done: it closes itself; the dialog in the opener polls.
  useEffect(() => {
    if (params.get("popup") === "1" && window.opener) window.close();
  }, [params]);
  const errorFor = (form: string) => (result?.form === form ? result.formError : undefined);
  const priceOf = (plan: Plan) => (plan === "basic" ? 0 : data.prices[plan]);

  return (
    <div className={page.page}>
      <h1>Абонамент</h1>
      {params.get("verification") === "success" ? (
        <p role="status" className={page.card}>
          Плащането е потвърдено. Благодарим ви!
        </p>
      ) : null}
      {data.pendingAction ? (
        <div role="alert" className={page.warning}>
          <p style={{ marginTop: 0 }}>
            Плащането за план {PLAN_NAMES[data.pendingAction.plan]} изисква потвърждение от банката
            (3-D Secure).
          </p>
          <ButtonLink
            to={
              data.pendingAction.url ??
              `/settings/subscription/confirm?secret=${encodeURIComponent(data.pendingAction.clientSecret)}`
            }
            onClick={(event) => {
              event.preventDefault();
              setDialogSecret(
                data.pendingAction
                  ? { secret: data.pendingAction.clientSecret, url: data.pendingAction.url }
                  : null,
              );
            }}
          >
            Потвърди плащането
          </ButtonLink>
        </div>
      ) : null}
      {dialogSecret ? (
        <ThreeDSecureDialog
          clientSecret={dialogSecret.secret}
          url={dialogSecret.url}
          open
          onClose={() => setDialogSecret(null)}
        />
      ) : null}
      <FormError
        message={
          errorFor("") ??
          errorFor("upgrade") ??
          errorFor("downgrade") ??
          errorFor("cancel") ??
          errorFor("resume")
        }
      />

      <section
        className={page.card}
        aria-labelledby="current-plan"
        style={{ marginBottom: "1.5rem" }}
      >
        <h2 id="current-plan" style={{ marginTop: 0 }}>
          Текущ план: {PLAN_NAMES[data.plan]}
        </h2>
        <dl className={page.list}>
          <dt>Състояние</dt>
          <dd>{STATUS_NAMES[data.status] ?? data.status}</dd>
          {data.currentPeriodEnd ? (
            <>
              <dt>{data.isCanceled ? "Активен до" : "Следващо плащане"}</dt>
              <dd>{formatDate(data.currentPeriodEnd)}</dd>
            </>
          ) : null}
        </dl>
        {data.hasPendingDowngrade && data.pendingDowngradeTo ? (
          <Form method="post" style={{ marginTop: "1rem" }}>
            <p>
              В края на периода планът става <strong>{PLAN_NAMES[data.pendingDowngradeTo]}</strong>.
            </p>
            <Button type="submit" name="intent" value="resume" tone="secondary" disabled={busy}>
              Запази план {PLAN_NAMES[data.plan]}
            </Button>
          </Form>
        ) : data.plan !== "basic" ? (
          <Form method="post" style={{ marginTop: "1rem" }}>
            <Button type="submit" name="intent" value="cancel" tone="quiet" disabled={busy}>
              Отмени абонамента
            </Button>
          </Form>
        ) : null}
      </section>

      <h2>Планове</h2>
      <div className={page.grid}>
        {PLANS.map((plan) => {
          const current = plan === data.plan;
          const higher = PLAN_RANK[plan] > PLAN_RANK[data.plan];
          return (
            <section key={plan} className={page.card} aria-labelledby={`plan-${plan}`}>
              <h3 id={`plan-${plan}`} style={{ marginTop: 0 }}>
                {PLAN_NAMES[plan]} {current ? <span className={styles.badge}>Текущ</span> : null}
              </h3>
              <p style={{ fontSize: "1.5rem", fontWeight: 700, margin: "0.25rem 0" }}>
                {priceOf(plan) ? `${formatMoney(priceOf(plan), "EUR")} / месец` : "Безплатен"}
              </p>
              <ul>
                {PLAN_FEATURES[plan].map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              {current ? null : (
                <Form method="post">
                  <input type="hidden" name="plan" value={plan} />
                  <Button
                    type="submit"
                    name="intent"
                    value={higher ? "upgrade" : "downgrade"}
                    tone={higher ? "primary" : "secondary"}
                    disabled={busy || (higher && !data.paymentMethod && data.provider === "local")}
                  >
                    {higher
                      ? `Надгради до ${PLAN_NAMES[plan]}`
                      : `Премини към ${PLAN_NAMES[plan]} от следващия период`}
                  </Button>
                  {higher && !data.paymentMethod && data.provider === "local" ? (
                    <p className={fieldStyles.hint}>
                      Първо{" "}
                      <Link to="/settings/subscription?tab=payment#payment-method">
                        добавете карта
                      </Link>
                      .
                    </p>
                  ) : null}
                </Form>
              )}
            </section>
          );
        })}
      </div>

      <section
        className={page.card}
        aria-labelledby="payment-method"
        style={{ marginTop: "1.5rem" }}
        id="payment"
      >
        <h2 id="payment-method" style={{ marginTop: 0 }}>
          Начин на плащане
        </h2>
        {data.paymentMethod ? (
          <p>
            Карта {data.paymentMethod.brand.toUpperCase()} •••• {data.paymentMethod.last4}, валидна
            до {String(data.paymentMethod.expMonth).padStart(2, "0")}/{data.paymentMethod.expYear}
          </p>
        ) : (
          <p>Все още няма добавена карта.</p>
        )}
        {data.provider === "local" ? (
          <Form method="post" aria-describedby="test-cards">
            <FormError message={errorFor("card")} />
            <p id="test-cards" className={fieldStyles.hint}>
              Без връзка с платежен доставчик: тестови карти 4242 4242 4242 4242 (плаща), 4000 0027
              6000 3184 (изисква 3-D Secure), 4000 0000 0000 0002 (отказана).
            </p>
            <div className={styles.parties}>
              <CardField
                name="number"
                label="Номер на картата"
                autoComplete="cc-number"
                error={result?.errors?.number}
              />
              <CardField
                name="expiry"
                label="Валидна до (ММ/ГГ)"
                autoComplete="cc-exp"
                error={result?.errors?.expiry}
                defaultValue={result?.values?.expiry}
              />
              <CardField name="cvc" label="CVC" autoComplete="cc-csc" error={result?.errors?.cvc} />
            </div>
            <Button type="submit" name="intent" value="card" disabled={busy}>
              {data.paymentMethod ? "Смени картата" : "Добави карта"}
            </Button>
          </Form>
        ) : (
          <Form method="post">
            <p className={fieldStyles.hint}>
              Картата се въвежда и сменя на защитената страница на Stripe.
            </p>
            <Button
              type="submit"
              name="intent"
              value="portal"
              tone="secondary"
              disabled={busy || !data.paymentMethod}
            >
              Управление на картата в Stripe
            </Button>
          </Form>
        )}
      </section>

      <section
        className={page.card}
        aria-labelledby="billing-invoices"
        style={{ marginTop: "1.5rem" }}
      >
        <h2 id="billing-invoices" style={{ marginTop: 0 }}>
          Фактури за абонамента
        </h2>
        {data.invoices.length ? (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Дата</th>
                  <th scope="col">Номер</th>
                  <th scope="col">Описание</th>
                  <th scope="col" className={styles.num}>
                    Сума
                  </th>
                  <th scope="col">Състояние</th>
                </tr>
              </thead>
              <tbody>
                {data.invoices.map((invoice) => (
                  <tr key={invoice.providerId}>
                    <td>{formatDate(invoice.createdAt)}</td>
                    <td>
                      {invoice.hostedUrl ? (
                        <a href={invoice.hostedUrl}>{invoice.number}</a>
                      ) : (
                        invoice.number
                      )}
                    </td>
                    <td>{invoice.description}</td>
                    <td className={styles.num}>
                      {formatMoney(invoice.amountCents, invoice.currency)}
                    </td>
                    <td>
                      {invoice.status === "paid"
                        ? "Платена"
                        : invoice.status === "open"
                          ? "Чака плащане"
                          : invoice.status}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p>Все още няма фактури.</p>
        )}
      </section>
    </div>
  );
}

function CardField(props: {
  name: string;
  label: string;
  autoComplete: string;
  error?: string | undefined;
  defaultValue?: string | undefined;
}) {
  const id = `card-${props.name}`;
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {props.label}
      </label>
      <input
        id={id}
        name={props.name}
        inputMode="numeric"
        autoComplete={props.autoComplete}
        defaultValue={props.defaultValue}
        className={fieldStyles.input}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
      />
      {props.error ? (
        <p id={`${id}-error`} className={fieldStyles.error}>
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Абонамент | Сметка" }];
