import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import { FormField } from "~/components/forms/form-field";
import * as page from "~/components/layout/page.css";
import { ActiveCompanyNote } from "~/components/team/active-company-note";
import { Button } from "~/components/ui/button";
import { FilingForm } from "~/components/vat/filing-form";
import { JournalTable, ReturnTable, SHOWN_ROWS } from "~/components/vat/vat-tables";
import { hasPlan } from "~/modules/subscriptions/plans";
import { salesTotals } from "~/modules/vat/journals.server";
import { buildFiles, saveFilingSettings, vatReport } from "~/modules/vat/report.server";
import { FILING_FIELDS, filingSchema, monthToFile, parseMonth } from "~/modules/vat/schema";
import { todayInSofia } from "~/utils/dates";
import { parseFormValues, typedValues } from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requireCompanyUser } from "~/web/auth/guards.server";

/*
 * /reports/vat?month=yyyy-MM (issue #16): the month's sales and purchase journals, the return's
 * figures and the files for НАП's portal, for a VAT-registered company. Anything that cannot be
 * written correctly is listed first, with a link to fix it, and the files wait until it is fixed;
 * the page asks the files themselves, so it offers them exactly when they download. Texts the files
 * write without letters Windows-1251 lacks («Müller» → «Muller») are listed, not refused.
 */

const SHOWN_CONVERSIONS = 50;
const short = (text: string) => (text.length > 120 ? `${text.slice(0, 117)}…` : text);

const SALES_COLUMNS: [string, string][] = [
  ["02-10", "ДО общо (к. 9)"],
  ["02-20", "ДДС общо (к. 10)"],
  ["02-11", "ДО 20 %"],
  ["02-21", "ДДС 20 %"],
  ["02-26", "ДО чл. 82, ал. 2–6"],
  ["02-22", "ДДС ВОП и чл. 82"],
  ["02-13", "ДО 9 %"],
  ["02-24", "ДДС 9 %"],
  ["02-14", "0 % износ"],
  ["02-15", "0 % ВОД"],
  ["02-16", "0 % чл. 140, 146, 173"],
  ["02-17", "Услуги чл. 21, ал. 2"],
  ["02-18", "Чл. 69, ал. 2"],
  ["02-19", "Освободени"],
];
const PURCHASE_COLUMNS: [string, string][] = [
  ["03-30", "Без право на ДК (к. 9)"],
  ["03-31", "ДО пълен ДК"],
  ["03-41", "ДДС пълен ДК"],
  ["03-32", "ДО частичен ДК"],
  ["03-42", "ДДС частичен ДК"],
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "vat.view");
  const today = todayInSofia();
  const asked = new URL(request.url).searchParams.get("month");
  const month = parseMonth(asked, today) ?? monthToFile(today);
  const withExpenses = hasPlan(user, "standard");
  const report = await vatReport(context.db, user.companyId, month, withExpenses);
  const built = report.company.isVatRegistered ? buildFiles(report) : null;
  const sales = report.sales.map((row) => ({
    ...row,
    amounts: { ...row.amounts, ...salesTotals(row) },
  }));
  const total = (rows: { amounts: Record<string, number | undefined> }[], code: string) =>
    rows.reduce((sum, row) => sum + (row.amounts[code] ?? 0), 0);
  return json(
    {
      companyName: user.companyName,
      month,
      badMonth: asked !== null && parseMonth(asked, today) === null ? asked : null,
      registered: report.company.isVatRegistered,
      withExpenses,
      currency: report.currency,
      problems: [...report.problems, ...(built?.problems ?? [])],
      conversions: {
        count: built?.conversions.length ?? 0,
        shown: (built?.conversions ?? []).slice(0, SHOWN_CONVERSIONS).map((c) => ({
          ...c,
          from: short(c.from),
          to: short(c.to),
        })),
      },
      settings: report.settings,
      figures: report.figures,
      vies: report.vies,
      sales: {
        count: sales.length,
        rows: sales.slice(0, SHOWN_ROWS).map((row) => ({
          key: row.documentId ?? row.expenseId ?? row.number,
          href: row.expenseId ? `/expenses/${row.expenseId}` : `/invoice/${row.documentId}`,
          type: row.type,
          number: row.number,
          date: row.date,
          counterpartyName: row.counterpartyName,
          counterpartyId: row.counterpartyId,
          cells: SALES_COLUMNS.map(([code]) => row.amounts[code as keyof typeof row.amounts] ?? 0),
        })),
        totals: SALES_COLUMNS.map(([code]) => total(sales, code)),
      },
      purchases: {
        count: report.purchases.length,
        rows: report.purchases.slice(0, SHOWN_ROWS).map((row) => ({
          key: row.expenseId,
          href: `/expenses/${row.expenseId}`,
          type: row.type,
          number: row.number,
          date: row.date,
          counterpartyName: row.counterpartyName,
          counterpartyId: row.counterpartyId,
          cells: PURCHASE_COLUMNS.map(
            ([code]) => row.amounts[code as keyof typeof row.amounts] ?? 0,
          ),
        })),
        totals: PURCHASE_COLUMNS.map(([code]) => total(report.purchases, code)),
      },
    },
    { status: asked !== null && parseMonth(asked, today) === null ? 400 : 200 },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireCompanyUser(request, context, "vat.files");
  const values = typedValues(await request.formData());
  const month = parseMonth(values.month, todayInSofia()) ?? monthToFile(todayInSofia());
  const { data, refusal } = parseFormValues("filing", filingSchema, values, FILING_FIELDS);
  if (refusal) return refusal;
  await saveFilingSettings(context.db, user.companyId, data);
  return redirectWithToast(`/reports/vat?month=${month}`, "Данните за подаването са запазени");
}

export default function VatReportPage() {
  const data = useLoaderData<typeof loader>();
  const files = [
    "PRODAGBI.TXT",
    "POKUPKI.TXT",
    "DEKLAR.TXT",
    ...(data.vies.length ? ["VIES.TXT"] : []),
  ];
  return (
    <div className={page.page}>
      <h1>ДДС: дневници и справка-декларация</h1>
      <Form method="get" className={page.card} aria-label="Избор на месец">
        <FormField
          name="month"
          label="Месец"
          type="month"
          defaultValue={data.badMonth ?? data.month}
          error={
            data.badMonth ? "Изберете месец във вида гггг-мм, не по-късно от текущия" : undefined
          }
          hint="Подава се до 14-о число на следващия месец"
        />
        <Button type="submit" tone="secondary">
          Покажи
        </Button>
      </Form>
      {!data.registered ? (
        <p role="note" className={page.warning}>
          Без регистрация по ЗДДС: дневници и справка-декларация не се подават.
        </p>
      ) : null}
      {data.problems.length ? (
        <section className={page.warning} aria-labelledby="problems">
          <h2 id="problems">Какво трябва да се поправи преди файловете ({data.problems.length})</h2>
          <ul>
            {data.problems.map((p) => (
              <li key={`${p.href}-${p.what}-${p.message}`}>
                <Link to={p.href}>{p.what}</Link>: {p.message}
              </li>
            ))}
          </ul>
        </section>
      ) : data.registered ? (
        <section className={page.card} aria-labelledby="files">
          <h2 id="files" className={page.cardTitle}>
            Файлове за портала на НАП
          </h2>
          <ActiveCompanyNote name={data.companyName} />
          <ul className={page.lines}>
            {files.map((name) => (
              <li key={name}>
                <a href={`/reports/vat/files/${name}?month=${data.month}`} download>
                  {name}
                </a>
              </li>
            ))}
            <li>
              <a href={`/reports/vat/files/all.zip?month=${data.month}`} download>
                Всички в един ZIP
              </a>
            </li>
          </ul>
        </section>
      ) : null}
      {data.conversions.count ? (
        <section className={page.card} aria-labelledby="converted">
          <h2 id="converted" className={page.cardTitle}>
            {`Изписано съкратено или без знаци, които файловете на НАП нямат (${data.conversions.count})`}
          </h2>
          <p>
            Файловете са в кодировка Windows-1251, която няма някои латински букви: те са изписани
            без ударения, както ги приема НАП (ü → u, ß → ss). Полетата на НАП са с определена
            дължина: по-дълъг текст е съкратен до нея, на цяла дума, когато може. Документите и
            дневниците на тази страница остават с пълния текст.
          </p>
          <ul>
            {data.conversions.shown.map((c) => (
              <li key={`${c.href}-${c.from}-${c.to}`}>
                <Link to={c.href}>{c.what}</Link>: «{c.from}» → «{c.to}» ({c.note})
              </li>
            ))}
          </ul>
          {data.conversions.count > data.conversions.shown.length ? (
            <p>И още {data.conversions.count - data.conversions.shown.length}.</p>
          ) : null}
        </section>
      ) : null}
      {!data.withExpenses ? (
        <p role="note">
          Дневникът за покупките се попълва от разходите, които са в плановете „Стандартен“ и
          „Пълен“: сега е празен. <Link to="/settings/subscription">Планове</Link>
        </p>
      ) : null}
      <ReturnTable figures={data.figures} currency={data.currency === "EUR" ? "евро" : "лева"} />
      <JournalTable
        title="Дневник за продажбите"
        columns={SALES_COLUMNS.map(([, label]) => label)}
        rows={data.sales.rows}
        totals={data.sales.totals}
        count={data.sales.count}
      />
      <JournalTable
        title="Дневник за покупките"
        columns={PURCHASE_COLUMNS.map(([, label]) => label)}
        rows={data.purchases.rows}
        totals={data.purchases.totals}
        count={data.purchases.count}
      />
      <FilingForm month={data.month} settings={data.settings} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "ДДС дневници | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
