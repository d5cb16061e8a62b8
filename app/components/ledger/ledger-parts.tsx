import { Form, Link } from "@remix-run/react";
import { FormField } from "~/components/forms/form-field";
import * as page from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";
import * as listStyles from "~/components/ui/list.css";
import { FILE_ROW_LIMITS } from "~/modules/ledger/constants";
import { formatCents } from "~/utils/money";

/* The «Счетоводство» pages' shared parts (decision 057): their menu, the period, an amount. */

/** The area's own menu; the page shown is marked. */
export function LedgerNav({ current, mayEdit }: { current: string; mayEdit: boolean }) {
  const items: [string, string][] = [
    ["/ledger", "Оборотна ведомост"],
    ["/ledger/journal", "Хронологичен регистър"],
    ["/ledger/general", "Главна книга"],
    ["/ledger/accounts", "Сметкоплан"],
    ["/ledger/rules", "Правила за осчетоводяване"],
    ["/ledger/agreement", "Съгласуване"],
    ["/ledger/month", "Приключване на месеца"],
    ["/ledger/annual", "Годишен отчет"],
    ["/ledger/saft", "SAF-T за НАП"],
    ...(mayEdit
      ? ([
          ["/ledger/entry/new", "Нова статия"],
          ["/ledger/opening", "Начални салда"],
        ] as [string, string][])
      : []),
  ];
  return (
    <nav aria-label="Счетоводство" className={listStyles.toolbar}>
      {items.map(([to, label]) => (
        <Link key={to} to={to} aria-current={current === to ? "page" : undefined}>
          {label}
        </Link>
      ))}
    </nav>
  );
}

/** The period of a report, as a GET form that works without JavaScript. */
export function PeriodForm(props: {
  from: string;
  to: string;
  error?: string | null;
  children?: React.ReactNode;
}) {
  return (
    <Form method="get" aria-label="Период" className={page.card}>
      <div className={listStyles.toolbar}>
        <FormField name="from" label="От" type="date" defaultValue={props.from} required />
        <FormField
          name="to"
          label="До"
          type="date"
          defaultValue={props.to}
          required
          error={props.error ?? undefined}
        />
        {props.children}
        <div>
          <Button type="submit">Покажи</Button>
        </div>
      </div>
    </Form>
  );
}

/** An amount in its cell: empty for zero, right-aligned, with its currency in the caption. */
export function AmountCell({ cents }: { cents: number }) {
  return (
    <td className={listStyles.cell} style={{ textAlign: "right", whiteSpace: "nowrap" }}>
      {cents ? formatCents(cents) : ""}
    </td>
  );
}

/**
 * A row of a side's figures: its heading over `span` columns, debit and credit, and `after`
 * empty cells (opening, turnover, closing, a total).
 */
export function SidesRow(props: {
  label: string;
  span: number;
  sides: { debitCents: number; creditCents: number };
  after?: number;
}) {
  return (
    <tr>
      <th scope="row" colSpan={props.span} className={listStyles.cell}>
        {props.label}
      </th>
      <AmountCell cents={props.sides.debitCents} />
      <AmountCell cents={props.sides.creditCents} />
      {Array.from({ length: props.after ?? 0 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: empty cells, by position
        <td key={i} className={listStyles.cell} />
      ))}
    </tr>
  );
}

/** A column heading of an amount. */
export function AmountHead({ children }: { children: React.ReactNode }) {
  return (
    <th scope="col" className={listStyles.cell} style={{ textAlign: "right" }}>
      {children}
    </th>
  );
}

export const CURRENCY_NAMES = { BGN: "лева", EUR: "евро" } as const;

/** The rows a PDF and an Excel file of a report hold at most (ledger/exports.server.ts). */
const FILE_LIMITS = `PDF до ${FILE_ROW_LIMITS.pdf} реда, Excel до ${FILE_ROW_LIMITS.xlsx} реда; CSV — целият период`;

/**
 * The report as a file: plain links (they work without JavaScript) to its PDF, Excel and CSV,
 * with the query of what the page shows.
 */
export function ExportLinks({ report, query }: { report: string; query: string }) {
  const href = (format: string) => `/ledger/export/${report}.${format}?${query}`;
  return (
    <p className={listStyles.toolbar}>
      <span>Изтегли:</span>
      <a href={href("pdf")}>PDF</a>
      <a href={href("xlsx")} download>
        Excel (XLSX)
      </a>
      <a href={href("csv")} download>
        CSV
      </a>
      <small>({FILE_LIMITS})</small>
    </p>
  );
}

/**
 * «За счетоводна програма» (decision 064): the period's journal as posting pairs for a program to
 * import, as a GET form that loads the file itself (no JavaScript needed); the button picks the
 * format: the table (CSV, XLSX) or Microinvest Делта Pro's XML of operations.
 */
export function AccountingExport({ from, to }: { from: string; to: string }) {
  return (
    <section aria-labelledby="accounting-export" className={page.card}>
      <h2 id="accounting-export">За счетоводна програма</h2>
      <p>
        Статиите на периода по двойки Дт/Кт (дата, документ, контрагент с ЕИК и ДДС номер, сметки,
        сума, ДДС, основание), за импорт в счетоводна програма.
      </p>
      <p>
        <small>
          CSV и Excel са таблица, в която програмата избира колоните си при импорта (Ажур, Плюс
          Минус, Бизнес Навигатор и всяка друга). За Microinvest Делта Pro има и XML за «Импорт на
          операции»: статиите с документа, контрагента и сметките по Дт/Кт. Сметките са тези от
          вашия сметкоплан и трябва да съществуват в Делта със същите номера; кодът на сделката по
          ЗДДС не се попълва, затова дневниците по ДДС се подават с файловете от страницата „ДДС:
          дневници и справка-декларация“. Microinvest не публикува описание на формата — опитайте
          първо с кратък период.
        </small>
      </p>
      <Form method="get" action="/ledger/export/accounting.csv" reloadDocument>
        <div className={listStyles.toolbar}>
          <FormField name="from" label="От" type="date" defaultValue={from} required />
          <FormField name="to" label="До" type="date" defaultValue={to} required />
          <div>
            <Button type="submit">Изтегли CSV</Button>{" "}
            <Button type="submit" tone="secondary" formAction="/ledger/export/accounting.xlsx">
              Изтегли Excel (XLSX)
            </Button>{" "}
            <Button type="submit" tone="secondary" formAction="/ledger/export/delta-pro.xml">
              Изтегли за Делта Pro (XML)
            </Button>
          </div>
        </div>
      </Form>
    </section>
  );
}
