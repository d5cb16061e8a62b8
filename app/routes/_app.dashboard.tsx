import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { type DeadlineView, NextDeadlinesCard } from "~/components/calendar/deadlines";
import {
  LatestDocuments,
  MonthCostsCard,
  ReceivablesCard,
  RevenueCard,
  VatThresholdCard,
} from "~/components/dashboard/money-cards";
import { CompanyField, keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import { FormError } from "~/components/forms/field-frame";
import * as styles from "~/components/layout/page.css";
import { PlanLockedButton } from "~/components/subscriptions/plan-locked-button";
import { Button } from "~/components/ui/button";
import { kindTexts } from "~/modules/accounts/company-kind";
import { getProfile, resendVerificationEmail } from "~/modules/accounts/service.server";
import { can } from "~/modules/auth/capabilities";
import { nextDeadlines } from "~/modules/calendar/calendar.server";
import { latestDocuments } from "~/modules/dashboard/money.server";
import { dashboardMoney } from "~/modules/dashboard/page.server";
import { setupProgress } from "~/modules/dashboard/queries.server";
import { countryByCode } from "~/modules/reference/countries.server";
import { shouldShowCopyPrompt } from "~/modules/salaries/salaries.server";
import { hasPlan, PLAN_NAMES } from "~/modules/subscriptions/plans";
import { todayInSofia } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { useFormAnswer } from "~/utils/forms";
import { refuseUnknownIntent, refuseWithAppError } from "~/utils/forms.server";
import { monthLabel, previousMonth } from "~/utils/periods";
import { redirectWithToast } from "~/utils/toast.server";
import { requireUser } from "~/web/auth/guards.server";
import { currentMonth } from "~/web/salaries/form.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const profile = await getProfile(context.db, user.id, user.companyId);
  const month = currentMonth();
  const today = todayInSofia();
  const companyId = user.companyId;
  // What the role sees (decision 028): the figures for readers of the books, the newest
  // documents for everyone (a staff member limited to their own sees only those).
  const figures = companyId !== null && can(user, "dashboard.figures");
  const [{ hasLogo, hasClient, hasIssued }, copyPrompt, money, latest, deadlines] =
    await Promise.all([
      setupProgress(context.db, profile.companyId),
      companyId && hasPlan(user, "full") && can(user, "salaries.edit")
        ? shouldShowCopyPrompt(context.db, companyId, month)
        : false,
      figures ? dashboardMoney(context.db, { ...user, companyId }, today) : null,
      companyId && !figures
        ? latestDocuments(context.db, companyId, today, user.ownDocumentsOnly ? user.id : null)
        : null,
      // The next three deadlines with their amounts (issue #49 item 4, decision 075).
      figures ? nextDeadlines(context.db, companyId, today) : null,
    ]);
  return json({
    today,
    money,
    deadlines,
    latest: money?.latest ?? latest,
    // The first steps are the owner's to take; the links and buttons follow the role.
    isOwner: user.companyRole === "owner",
    may: {
      settings: can(user, "settings"),
      billing: can(user, "billing"),
      documents: can(user, "documents.edit"),
      expenses: can(user, "expenses.edit"),
      salaries: can(user, "salaries.edit"),
      analytics: can(user, "analytics.view"),
    },
    // The duplicate-salary prompt (spec §3): this month empty, last month not.
    salaryCopy: copyPrompt
      ? { month, label: monthLabel(month), previous: monthLabel(previousMonth(month)) }
      : null,
    hasClient,
    hasIssued,
    firstName: profile.firstName,
    role: profile.role,
    emailVerified: profile.emailVerifiedAt !== null,
    email: profile.email,
    plan: profile.subscriptionPlan ?? "basic",
    hasLogo,
    company: profile.companyId
      ? {
          name: profile.companyName,
          // The card's title follows the kind: «Фирма», «Свободна професия», «Сдружение / фондация».
          kind: kindTexts(profile.companyType).short,
          eik: profile.eik,
          vatNumber: profile.isVatRegistered ? profile.vatNumber : null,
          address: `${profile.companyAddress}, ${profile.postalCode} ${profile.companyCity}, ${countryByCode(profile.countryCode ?? "BG")?.nameBg ?? ""}`,
          iban: profile.companyBankAccount,
        }
      : null,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = await request.formData();
  if (form.get("intent") !== "resend-verification") return refuseUnknownIntent("resend");
  if (user.emailVerified) return redirect("/dashboard");
  try {
    await resendVerificationEmail(context, user);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refuseWithAppError("resend", error, {});
  }
  return redirectWithToast("/dashboard", {
    title: "Изпратихме нов имейл за потвърждение",
    description: `Проверете пощата на ${user.email}.`,
  });
}

export default function Dashboard() {
  const data = useLoaderData<typeof loader>();
  const sending = useNavigation().formData?.get("intent") === "resend-verification";
  const resend = useFormAnswer("resend");
  const steps = [
    { done: data.emailVerified, label: "Потвърдете имейл адреса си", to: "/verify-code" },
    { done: data.hasLogo, label: "Качете логото на фирмата", to: "/settings" },
    { done: data.hasClient, label: "Добавете първия си клиент", to: "/client/new" },
    { done: data.hasIssued, label: "Издайте първата си фактура", to: "/invoice/new" },
  ];
  return (
    <div className={styles.page}>
      <h1>Здравейте, {data.firstName}!</h1>
      {data.salaryCopy ? (
        <section className={styles.card} aria-labelledby="salary-copy-title">
          <h2 id="salary-copy-title">Заплатите за {data.salaryCopy.label}</h2>
          <p>
            Още няма заплати за {data.salaryCopy.label}. Да копираме ли заплатите от{" "}
            {data.salaryCopy.previous}? Ще бъдат преизчислени с параметрите на новия месец и остават
            чернови, докато не ги одобрите.
          </p>
          <Form
            method="post"
            action="/salaries"
            style={{ display: "flex", gap: "0.75rem", flexWrap: "wrap" }}
          >
            <CompanyField />
            <input type="hidden" name="month" value={data.salaryCopy.month} />
            <input type="hidden" name="redirectTo" value="/dashboard" />
            <Button type="submit" name="intent" value="copy-previous">
              Копирай заплатите
            </Button>
            <Button type="submit" name="intent" value="dismiss-prompt" tone="secondary">
              Не сега
            </Button>
          </Form>
        </section>
      ) : null}
      {data.emailVerified ? null : (
        <section className={styles.warning} aria-labelledby="verify-title">
          <h2 id="verify-title">Имейлът ви не е потвърден</h2>
          <p>
            Изпратихме връзка и 6-цифрен код на <strong>{data.email}</strong>. Отворете връзката или{" "}
            <Link to="/verify-code">въведете кода</Link>.
          </p>
          <FormError message={resend?.formError} />
          <Form method="post">
            <CompanyField />
            <input type="hidden" name="intent" value="resend-verification" />
            <Button type="submit" tone="secondary" disabled={sending}>
              {sending ? "Изпращане..." : "Изпрати нов имейл"}
            </Button>
          </Form>
        </section>
      )}
      {data.money ? (
        <div className={styles.grid} style={{ marginBottom: "1rem" }}>
          <RevenueCard
            month={data.money.month.revenue}
            year={data.money.year.revenue}
            today={data.today}
          />
          <ReceivablesCard owed={data.money.receivables} today={data.today} />
          {data.money.vatThreshold ? (
            <VatThresholdCard threshold={data.money.vatThreshold} />
          ) : null}
          {data.money.salaries || data.money.expenses ? (
            <MonthCostsCard
              month={data.today.slice(0, 7)}
              salaries={data.money.salaries}
              expenses={data.money.expenses}
              notes={data.money.costNotes}
            />
          ) : null}
          {data.deadlines ? (
            <NextDeadlinesCard deadlines={data.deadlines as DeadlineView[]} />
          ) : null}
        </div>
      ) : null}
      <div className={styles.grid}>
        {data.company ? (
          <section className={styles.card} aria-labelledby="company-title">
            <h2 id="company-title">{data.company.kind}</h2>
            <dl className={styles.list}>
              <dt>Име</dt>
              <dd>{data.company.name}</dd>
              <dt>ЕИК/Булстат</dt>
              <dd>{data.company.eik}</dd>
              <dt>ДДС номер</dt>
              <dd>{data.company.vatNumber ?? "Без регистрация по ДДС"}</dd>
              <dt>Адрес</dt>
              <dd>{data.company.address}</dd>
              <dt>IBAN</dt>
              <dd>{data.company.iban}</dd>
              <dt>План</dt>
              <dd>
                {PLAN_NAMES[data.plan]}
                {data.may.billing ? (
                  <>
                    {" · "}
                    <Link to="/settings/subscription">Планове</Link>
                  </>
                ) : null}
              </dd>
            </dl>
            {data.may.settings ? <Link to="/profile">Редактирай данните</Link> : null}
          </section>
        ) : (
          <section className={styles.card} aria-labelledby="admin-title">
            <h2 id="admin-title">Администратор</h2>
            <p>
              Влезли сте като администратор. <Link to="/hatterscastle">Към админ панела</Link>
            </p>
          </section>
        )}
        <section className={styles.card} aria-labelledby="actions-title">
          <h2 id="actions-title">Бързи действия</h2>
          <div style={{ display: "flex", gap: "0.75rem", flexWrap: "wrap" }}>
            {data.may.documents ? (
              <PlanLockedButton to="/invoice/new" label="Нова фактура" needs="basic" user={data} />
            ) : null}
            {data.may.expenses ? (
              <PlanLockedButton
                to="/expenses/add"
                label="Нов разход"
                needs="standard"
                user={data}
              />
            ) : null}
            {data.may.salaries ? (
              <PlanLockedButton to="/salaries/add" label="Нова заплата" needs="full" user={data} />
            ) : null}
            {data.may.analytics ? (
              <PlanLockedButton to="/analytics" label="Анализи" needs="full" user={data} />
            ) : null}
          </div>
        </section>
        {data.isOwner && steps.some((step) => !step.done) ? (
          <section className={styles.card} aria-labelledby="steps-title">
            <h2 id="steps-title">Следващи стъпки</h2>
            <ol className={styles.steps}>
              {steps.map((step) => (
                <li key={step.label} className={step.done ? styles.done : undefined}>
                  {step.done ? (
                    <span>
                      {step.label} <span className="visually-hidden">(готово)</span>
                      <span aria-hidden="true"> ✓</span>
                    </span>
                  ) : (
                    <Link to={step.to}>{step.label}</Link>
                  )}
                </li>
              ))}
            </ol>
          </section>
        ) : null}
      </div>
      {data.latest ? <LatestDocuments documents={data.latest} /> : null}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Табло | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
