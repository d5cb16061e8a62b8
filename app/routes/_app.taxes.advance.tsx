import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import * as page from "~/components/layout/page.css";
import { SoleTraderAdvance } from "~/components/taxes/sole-trader";
import { AdvanceTable, TaxYearForm } from "~/components/taxes/tax-tables";
import { taxYear } from "~/modules/income-tax/advance.server";
import { INCOME_TAX_MESSAGES, taxYearOf } from "~/modules/income-tax/rules";
import { todayInSofia } from "~/utils/dates";
import { formatCents } from "~/utils/money";
import { requireCompanyUser } from "~/web/auth/guards.server";

/**
 * /taxes/advance?year=yyyy «Авансов данък» (issue #49 item 2, decision 076): a freelancer's
 * quarterly advance income tax (ЗДДФЛ чл. 67, ал. 1) from the payments received in each quarter,
 * split by who paid — a Bulgarian enterprise withholds it itself, an individual or a foreign client
 * does not — with the statutory expenses, the rate, the deadlines and their sources. For a sole
 * trader (decision 080): whether advance instalments under ЗКПО apply, by the previous year's net
 * sales revenue in the books against the threshold.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "taxes");
  const today = todayInSofia();
  const asked = new URL(request.url).searchParams.get("year");
  const year = asked === null ? Number(today.slice(0, 4)) : taxYearOf(asked, today);
  if (year === null) {
    return json(
      { tax: null, asked: asked ?? "", error: INCOME_TAX_MESSAGES.year },
      { status: 400 },
    );
  }
  const tax = await taxYear(context.db, user.companyId, year);
  return json({ tax, asked: String(year), error: null });
}

export default function AdvanceTaxPage() {
  const { tax, asked, error } = useLoaderData<typeof loader>();
  const total = tax?.advances?.reduce((s, q) => s + q.dueCents, 0) ?? 0;
  return (
    <div className={page.page}>
      <h1>Авансов данък върху доходите</h1>
      <TaxYearForm asked={asked} error={error} />
      {tax?.kind === "sole_trader" &&
        (tax.soleTrader ? (
          <SoleTraderAdvance year={tax.year} s={tax.soleTrader} />
        ) : (
          <p>{INCOME_TAX_MESSAGES.soleTrader}</p>
        ))}
      {tax?.kind === "none" && <p>{INCOME_TAX_MESSAGES.notFreelancer}</p>}
      {tax?.advances && (
        <>
          <p>
            Доходът от свободна професия е полученият: плащанията по издадените фактури и дебитни
            известия на датата, на която са получени, без ДДС. Облагаемият доход е доходът, намален
            с {tax.rule.statutoryExpensesPercent} % нормативно признати разходи; авансовият данък е{" "}
            {tax.rule.ratePercent} % от него.{" "}
            {tax.selfInsuredDeclared
              ? "Декларирали сте пред платците, че сте самоосигуряващо се лице (чл. 43, ал. 5 ЗДДФЛ): никой платец не удържа данъка и го внасяте Вие за целия доход."
              : "Когато платецът е българско предприятие, то удържа и внася данъка (чл. 43, ал. 4 ЗДДФЛ); за доходите от физически лица и чуждестранни клиенти го внасяте Вие до края на месеца след тримесечието. За IV тримесечие авансов данък не се внася."}
          </p>
          <AdvanceTable year={tax.year} quarters={tax.advances} />
          <p>
            Общо авансов данък за внасяне от Вас за {tax.year} г.:{" "}
            <strong>{formatCents(total)} евро</strong>.
          </p>
          {tax.year < 2026 && <p>{INCOME_TAX_MESSAGES.beforeEuro}</p>}
          <p>
            <Link to={`/taxes/annual?year=${tax.year}`}>
              Годишна данъчна декларация – Приложение 3 за {tax.year} г.
            </Link>
          </p>
          <p>
            <small>Източник: {tax.rule.source}.</small>
          </p>
        </>
      )}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Авансов данък | Сметка" }];
