import * as invoiceStyles from "~/components/invoices/invoices.css";
import * as page from "~/components/layout/page.css";
import * as listStyles from "~/components/ui/list.css";
import { PhoneCards, wideTable } from "~/components/ui/phone-cards";
import { ScrollTable } from "~/components/ui/scroll-table";
import { printDate } from "~/utils/dates";
import { formatCents } from "~/utils/money";
import { countOf } from "~/utils/plural";

/*
 * The VAT report's tables (issue #16): the return's cells, the journals (the first rows; the whole
 * journal is in the files), and the VIES lines. Amounts are cents in the period's currency.
 */

const money = (cents: number | undefined) => formatCents(cents ?? 0);
const num = `${listStyles.cell} ${invoiceStyles.num}`;

export const SHOWN_ROWS = 100;

const RETURN_ROWS: [string, string][] = [
  ["01-01", "Общ размер на данъчните основи за облагане с ДДС (кл. 01)"],
  ["01-20", "Всичко начислен ДДС (кл. 20)"],
  ["01-11", "ДО на облагаемите доставки със ставка 20 % (кл. 11)"],
  ["01-21", "Начислен ДДС 20 % (кл. 21)"],
  ["01-13", "ДО на облагаемите доставки със ставка 9 % (кл. 13)"],
  ["01-24", "Начислен ДДС 9 % (кл. 24)"],
  ["01-14", "ДО 0 % по глава трета — износ (кл. 14)"],
  ["01-15", "ДО 0 % на вътреобщностни доставки (кл. 15)"],
  ["01-16", "ДО 0 % по чл. 140, 146 и 173 (кл. 16)"],
  ["01-17", "ДО на услуги по чл. 21, ал. 2 в друга държава членка (кл. 17)"],
  ["01-18", "ДО на доставки по чл. 69, ал. 2 (кл. 18)"],
  ["01-19", "ДО на освободени доставки (кл. 19)"],
  ["01-30", "ДО и данък без право на данъчен кредит (кл. 30)"],
  ["01-31", "ДО с право на пълен данъчен кредит (кл. 31)"],
  ["01-41", "ДДС с право на пълен данъчен кредит (кл. 41)"],
  ["01-32", "ДО с право на частичен данъчен кредит (кл. 32)"],
  ["01-42", "ДДС с право на частичен данъчен кредит (кл. 42)"],
  ["01-40", "Общо данъчен кредит (кл. 40)"],
  ["01-50", "ДДС за внасяне (кл. 50)"],
  ["01-60", "ДДС за възстановяване (кл. 60)"],
  ["01-70", "От кл. 50: приспаднат по чл. 92, ал. 1 (кл. 70)"],
  ["01-71", "От кл. 50: ефективно внесен (кл. 71)"],
  ["01-80", "От кл. 60: за възстановяване по чл. 92, ал. 1 (кл. 80)"],
];

export function ReturnTable({
  figures,
  currency,
}: {
  figures: Record<string, number>;
  currency: string;
}) {
  return (
    <ScrollTable label="Справка-декларация">
      <table className={listStyles.table}>
        <caption className={page.cardTitle}>Справка-декларация (в {currency})</caption>
        <thead>
          <tr>
            <th scope="col" className={listStyles.cell}>
              Клетка
            </th>
            <th scope="col" className={num}>
              Сума
            </th>
          </tr>
        </thead>
        <tbody>
          {RETURN_ROWS.map(([code, label]) => (
            <tr key={code}>
              <th scope="row" className={listStyles.cell}>
                {label}
              </th>
              <td className={num}>{money(figures[code])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

interface JournalRow {
  key: string;
  href: string;
  type: string;
  number: string;
  date: string;
  counterpartyName: string;
  counterpartyId: string;
  cells: number[];
}

const TYPES: Record<string, string> = {
  "01": "Фактура",
  "02": "Дебитно известие",
  "03": "Кредитно известие",
  "09": "Протокол",
};

/** A journal: its first rows and the totals of all of them. */
export function JournalTable({
  title,
  columns,
  rows,
  totals,
  count,
}: {
  title: string;
  columns: string[];
  rows: JournalRow[];
  totals: number[];
  count: number;
}) {
  const shown =
    count > rows.length ? ` (първите ${rows.length} от ${count}; всички са във файла)` : "";
  return (
    <>
      <div className={wideTable}>
        <ScrollTable label={title}>
          <table className={listStyles.table}>
            <caption className={page.cardTitle}>
              {title}
              {count > rows.length
                ? ` (първите ${rows.length} от ${count}; всички са във файла)`
                : ""}
            </caption>
            <thead>
              <tr>
                {["№", "Документ", "Дата", "Контрагент", "ИН"].map((label) => (
                  <th key={label} scope="col" className={listStyles.cell}>
                    {label}
                  </th>
                ))}
                {columns.map((label) => (
                  <th key={label} scope="col" className={num}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={row.key}>
                  <td className={listStyles.cell}>{index + 1}</td>
                  <th scope="row" className={listStyles.cell}>
                    <a href={row.href}>
                      {TYPES[row.type] ?? row.type} № {row.number}
                    </a>
                  </th>
                  <td className={listStyles.cell}>{printDate(row.date)}</td>
                  <td className={listStyles.cell}>{row.counterpartyName}</td>
                  <td className={listStyles.cell}>{row.counterpartyId || "—"}</td>
                  {row.cells.map((cents, i) => (
                    <td key={columns[i]} className={num}>
                      {money(cents)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={5} className={listStyles.cell}>
                  Общо ({countOf(count, "документ", "документа")})
                </th>
                {totals.map((cents, i) => (
                  <td key={columns[i]} className={num}>
                    {money(cents)}
                  </td>
                ))}
              </tr>
            </tfoot>
          </table>
        </ScrollTable>
      </div>
      {/* A phone gets one card a document: no column cut off at 375 px (issue #41 item 6). */}
      <PhoneCards
        label={`${title}${shown}`}
        items={rows.map((row, index) => ({
          key: row.key,
          title: (
            <a href={row.href}>
              {index + 1}. {TYPES[row.type] ?? row.type} № {row.number}
            </a>
          ),
          fields: [
            { label: "Дата", value: printDate(row.date) },
            { label: "Контрагент", value: row.counterpartyName },
            { label: "ИН", value: row.counterpartyId || "—" },
            ...row.cells.map((cents, i) => ({
              label: columns[i] ?? "",
              value: money(cents),
              numeric: true,
            })),
          ],
        }))}
        total={{
          key: "total",
          title: `Общо (${countOf(count, "документ", "документа")})`,
          fields: totals.map((cents, i) => ({
            label: columns[i] ?? "",
            value: money(cents),
            numeric: true,
          })),
        }}
      />
    </>
  );
}
