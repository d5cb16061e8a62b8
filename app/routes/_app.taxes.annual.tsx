import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { CompanyField, keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import { CheckboxField, TextField } from "~/components/forms/field";
import { FormError } from "~/components/forms/field-frame";
import * as page from "~/components/layout/page.css";
import { SoleTraderReturn } from "~/components/taxes/sole-trader";
import { ReturnTable, TaxYearForm } from "~/components/taxes/tax-tables";
import { Button } from "~/components/ui/button";
import { recordAct } from "~/modules/auth/acts.server";
import { taxYear } from "~/modules/income-tax/advance.server";
import {
  SOLE_TRADER_FIELDS,
  soleTraderYearSchema,
  TAX_YEAR_FIELDS,
  taxYearSchema,
} from "~/modules/income-tax/form.server";
import { saveTaxYear, taxpayer } from "~/modules/income-tax/income.server";
import { returnRows } from "~/modules/income-tax/return-rows";
import {
  annualReturnDueDate,
  CONTRIBUTIONS_FORM_ID,
  INCOME_TAX_MESSAGES,
  incomeTaxKind,
  taxYearOf,
} from "~/modules/income-tax/rules";
import { SOLE_TRADER_FORM_ID, SOLE_TRADER_MESSAGES } from "~/modules/income-tax/sole-trader";
import { printDate, todayInSofia } from "~/utils/dates";
import { answerFields, useFormAnswer } from "~/utils/forms";
import { parseFormValues, refuseForm, typedValues } from "~/utils/forms.server";
import { centsToDecimal } from "~/utils/money";
import { redirectWithToast } from "~/utils/toast.server";
import { requireCompanyUser } from "~/web/auth/guards.server";

/**
 * /taxes/annual?year=yyyy «Годишна данъчна декларация – Приложение 3» (issue #49 item 2,
 * decision 076): a freelancer's figures for the annual return under чл. 50 ЗДДФЛ — income by
 * payer with its ЕИК, the statutory expenses, the contributions the person paid (a field here:
 * Сметка does not know them), the tax withheld by payers and the advances — and its PDF. For a
 * sole trader (decision 080) «… на едноличен търговец – Приложение 2»: the accounting result from
 * the books, the adjustments under ЗКПО and the advances the person enters, the tax at 15 %.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "taxes");
  const today = todayInSofia();
  const asked = new URL(request.url).searchParams.get("year");
  const year = asked === null ? Number(today.slice(0, 4)) - 1 : taxYearOf(asked, today);
  if (year === null) {
    return json(
      { tax: null, asked: asked ?? "", error: INCOME_TAX_MESSAGES.year },
      { status: 400 },
    );
  }
  const tax = await taxYear(context.db, user.companyId, year);
  return json({ tax, asked: String(year), error: null });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireCompanyUser(request, context, "taxes");
  const today = todayInSofia();
  const values = typedValues(await request.formData());
  const year = taxYearOf(new URL(request.url).searchParams.get("year"), today);
  const person = await taxpayer(context.db, user.companyId, year ?? Number(today.slice(0, 4)));
  const soleTrader = incomeTaxKind(person.companyType, person.name) === "sole_trader";
  if (year === null) {
    return refuseForm({
      formId: soleTrader ? SOLE_TRADER_FORM_ID : CONTRIBUTIONS_FORM_ID,
      fieldErrors: {},
      formError: INCOME_TAX_MESSAGES.year,
      repopulateFields: values,
    });
  }
  if (soleTrader) {
    const parsed = parseFormValues(
      SOLE_TRADER_FORM_ID,
      soleTraderYearSchema,
      values,
      SOLE_TRADER_FIELDS,
    );
    if (parsed.refusal) return parsed.refusal;
    await saveTaxYear(context.db, user.companyId, user.id, year, {
      zkpoIncreasesCents: parsed.data.increases,
      zkpoDecreasesCents: parsed.data.decreases,
      advancesPaidCents: parsed.data.advancesPaid,
    });
    await recordAct(context, user, "income-tax.year", { type: "year", label: String(year) });
    return redirectWithToast(`/taxes/annual?year=${year}`, { title: SOLE_TRADER_MESSAGES.saved });
  }
  const parsed = parseFormValues(CONTRIBUTIONS_FORM_ID, taxYearSchema, values, TAX_YEAR_FIELDS);
  if (parsed.refusal) return parsed.refusal;
  await saveTaxYear(context.db, user.companyId, user.id, year, {
    contributionsCents: parsed.data.contributions,
    selfInsuredDeclared: parsed.data.selfInsuredDeclared,
  });
  await recordAct(context, user, "income-tax.year", { type: "year", label: String(year) });
  return redirectWithToast(`/taxes/annual?year=${year}`, { title: INCOME_TAX_MESSAGES.saved });
}

export default function AnnualReturnPage() {
  const { tax, asked, error } = useLoaderData<typeof loader>();
  const answer = useFormAnswer(CONTRIBUTIONS_FORM_ID);
  const soleTraderAnswer = useFormAnswer(SOLE_TRADER_FORM_ID);
  const f = tax?.annual;
  const fields = answerFields(answer, {
    contributions: f ? centsToDecimal(f.contributionsCents).replace(".", ",") : "",
    selfInsuredDeclared: tax?.selfInsuredDeclared ?? false,
  });
  return (
    <div className={page.page}>
      <h1>
        {tax?.kind === "sole_trader"
          ? "Годишна данъчна декларация на едноличен търговец – Приложение 2"
          : "Годишна данъчна декларация – Приложение 3"}
      </h1>
      <TaxYearForm asked={asked} error={error} />
      {tax?.kind === "sole_trader" &&
        (tax.soleTrader ? (
          <SoleTraderReturn year={tax.year} s={tax.soleTrader} answer={soleTraderAnswer} />
        ) : (
          <p>{INCOME_TAX_MESSAGES.soleTrader}</p>
        ))}
      {tax?.kind === "none" && <p>{INCOME_TAX_MESSAGES.notFreelancer}</p>}
      {tax && f && (
        <>
          <p>
            Данните за Приложение № 3 към годишната данъчна декларация по чл. 50 ЗДДФЛ за {tax.year}{" "}
            г. (доходи от упражняване на свободна професия). Декларацията се подава до{" "}
            {printDate(annualReturnDueDate(tax.year))} г. Доходът е полученият през годината, без
            ДДС; удържаният данък е изчислен по чл. 43, ал. 4 ЗДДФЛ — сверете го със служебните
            бележки на платците.
          </p>
          <p>
            <a href={`/taxes/annual.pdf?year=${tax.year}`} data-reload>
              Изтегли като PDF
            </a>{" "}
            · <Link to={`/taxes/advance?year=${tax.year}`}>Авансов данък за {tax.year} г.</Link>
          </p>
          <ReturnTable
            year={tax.year}
            rows={returnRows(f, tax.rule.ratePercent, tax.rule.statutoryExpensesPercent)}
          />
          {tax.year < 2026 && <p>{INCOME_TAX_MESSAGES.beforeEuro}</p>}
          <section aria-labelledby="tax-year-form" className={page.card}>
            <h2 id="tax-year-form">Данни, които Сметка не знае</h2>
            <Form method="post" action={`/taxes/annual?year=${tax.year}`}>
              <CompanyField />
              <FormError message={answer?.formError} />
              <TextField
                {...fields.field("contributions")}
                label="Задължителни осигурителни вноски, внесени за годината (евро)"
                inputMode="decimal"
                hint="Вноските за ДОО, ДЗПО и здравно осигуряване, които сте внесли като самоосигуряващо се лице."
              />
              <CheckboxField
                {...fields.checkbox("selfInsuredDeclared")}
                label="Декларирал съм пред платците, че съм самоосигуряващо се лице (чл. 43, ал. 5 ЗДДФЛ) и те не удържат авансов данък"
              />
              <Button type="submit">Запази</Button>
            </Form>
          </section>
          <p>
            <small>Източник: {tax.rule.source}.</small>
          </p>
        </>
      )}
    </div>
  );
}

export const shouldRevalidate = keepPageOnCompanyMismatch;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title:
      data?.tax?.kind === "sole_trader"
        ? "Годишна данъчна декларация на едноличен търговец – Приложение 2 | Сметка"
        : "Годишна данъчна декларация – Приложение 3 | Сметка",
  },
];
