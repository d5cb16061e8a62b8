import type { LedgerPdfModel } from "~/modules/ledger/report-file";
import { printDate } from "~/utils/dates";
import { formatCents } from "~/utils/money";
import type { ClientStatement, CurrencyStatement, StatementLine } from "./statement.server";

/*
 * The statement of account and the act of reconciliation as PDF, in Bulgarian or English
 * (decision 070): models of text that the ledger's report renderer draws in the PDF pool
 * (modules/ledger/pdf.server.tsx, task «ledger»). Pure; the labels serve the page too.
 */

export type Lang = "bg" | "en";

const WORDS = {
  bg: {
    statement: "Извлечение по сметка",
    client: "Клиент",
    company: "Доставчик",
    eik: "ЕИК",
    period: "Период",
    currency: "Валута",
    date: "Дата",
    document: "Документ",
    debit: "Дебит",
    credit: "Кредит",
    balance: "Салдо",
    opening: "Начално салдо към",
    turnover: "Обороти за периода",
    closing: "Крайно салдо към",
    owed: "Дължимо на клиента (кредитирано над дължимото)",
    unsettled: "Кредитно известие без фактура в тази валута (не намалява вземане)",
    invoice: "Фактура",
    debit_note: "Дебитно известие",
    credit_note: "Кредитно известие",
    payment: "Плащане по",
    no: "№",
    footer: "Изготвено със Сметка на",
    act: "Акт за сверка",
    asOf: "Към дата",
    between: "Между",
    and: "и",
    open: "Открити документи към датата",
    total: "Сума",
    remaining: "Остатък",
    books: (company: string, client: string, date: string, amount: string) =>
      `По данни на ${company} към ${date} ${client} дължи ${amount}.`,
    answer: "Отговор на клиента",
    confirm: "[  ] Потвърждаваме салдото.",
    dispute:
      "[  ] Не потвърждаваме: по нашите данни салдото е ........................ Разлики: ........................................",
    sign: (side: string) =>
      `За ${side}: ........................................ (име, подпис, печат)`,
    mol: "МОЛ",
    confirmed: "Потвърден от клиента на",
    disputed: (amount: string, note: string) =>
      `Оспорен от клиента: по неговите данни ${amount}. ${note}`,
    in: "в",
    excess: "над дължимото, дължими на клиента",
  },
  en: {
    statement: "Statement of account",
    client: "Client",
    company: "Supplier",
    eik: "ID No.",
    period: "Period",
    currency: "Currency",
    date: "Date",
    document: "Document",
    debit: "Debit",
    credit: "Credit",
    balance: "Balance",
    opening: "Opening balance at",
    turnover: "Turnover for the period",
    closing: "Closing balance at",
    owed: "Owed to the client (credited beyond the amount due)",
    unsettled: "Credit note with no invoice in this currency (settles no receivable)",
    invoice: "Invoice",
    debit_note: "Debit note",
    credit_note: "Credit note",
    payment: "Payment of",
    no: "No.",
    footer: "Made with Smetka on",
    act: "Reconciliation statement",
    asOf: "As at",
    between: "Between",
    and: "and",
    open: "Documents open at the date",
    total: "Amount",
    remaining: "Outstanding",
    books: (company: string, client: string, date: string, amount: string) =>
      `According to the books of ${company}, at ${date} ${client} owes ${amount}.`,
    answer: "The client's answer",
    confirm: "[  ] We confirm the balance.",
    dispute:
      "[  ] We do not confirm: according to our books the balance is ........................ Differences: ........................................",
    sign: (side: string) =>
      `For ${side}: ........................................ (name, signature, stamp)`,
    mol: "Manager",
    confirmed: "Confirmed by the client on",
    disputed: (amount: string, note: string) =>
      `Disputed by the client: according to its books ${amount}. ${note}`,
    in: "in",
    excess: "beyond the amount due, owed to the client",
  },
} as const;

/** The words of a language (the company's page uses the Bulgarian ones, the portal either). */
export const statementWords = (lang: Lang) => WORDS[lang];

/** What a line is, as the table says it: «Фактура № 0000000001», «Плащане по фактура № …». */
export function lineLabel(line: Pick<StatementLine, "kind" | "number" | "pays">, lang: Lang) {
  const w = WORDS[lang];
  if (line.kind === "payment") {
    const what = w[line.pays ?? "invoice"];
    return `${w.payment} ${lang === "bg" ? what.toLowerCase() : what.toLowerCase()} ${w.no} ${line.number}`;
  }
  return `${w[line.kind]} ${w.no} ${line.number}`;
}

const money = (cents: number, lang: Lang) => formatCents(cents, lang);
const name = (party: { name: string; nameEn?: string | null }, lang: Lang) =>
  lang === "en" && party.nameEn ? party.nameEn : party.name;

export interface Party {
  name: string;
  nameEn: string | null;
  eik: string | null;
}

/** The rows of one currency: opening, lines, turnover, closing, what is owed to the client. */
function currencyRows(c: CurrencyStatement, from: string, to: string, lang: Lang) {
  const w = WORDS[lang];
  const rows: LedgerPdfModel["rows"] = [
    { cells: [`${w.currency}: ${c.currency}`, "", "", "", ""], strong: true },
    {
      cells: [
        printDate(from),
        `${w.opening} ${printDate(from)}`,
        "",
        "",
        money(c.openingCents, lang),
      ],
      strong: true,
    },
  ];
  for (const line of c.lines) {
    const extra = line.original
      ? ` (${money(line.original.cents, lang)} ${line.original.currency})`
      : "";
    rows.push({
      cells: [
        printDate(line.date),
        `${lineLabel(line, lang)}${extra}`,
        line.debitCents ? money(line.debitCents, lang) : "",
        line.kind === "invoice" || line.kind === "debit_note" ? "" : money(line.creditCents, lang),
        money(line.balanceCents, lang),
      ],
      strong: false,
    });
  }
  rows.push(
    {
      cells: ["", w.turnover, money(c.debitCents, lang), money(c.creditCents, lang), ""],
      strong: true,
    },
    {
      cells: [printDate(to), `${w.closing} ${printDate(to)}`, "", "", money(c.closingCents, lang)],
      strong: true,
    },
  );
  if (c.owedToClientCents) {
    rows.push({ cells: ["", w.owed, "", "", money(c.owedToClientCents, lang)], strong: false });
  }
  for (const note of c.unsettled.filter((n) => n.date >= from)) {
    rows.push({
      cells: [
        printDate(note.date),
        `${w.unsettled}: ${w.credit_note} ${w.no} ${note.number}`,
        "",
        money(note.cents, lang),
        "",
      ],
      strong: false,
    });
  }
  return rows;
}

/** The statement's PDF model. */
export function statementPdfModel(
  statement: ClientStatement,
  company: Party,
  lang: Lang,
  madeAt: string,
): LedgerPdfModel {
  const w = WORDS[lang];
  const party = (p: Party) => `${name(p, lang)}${p.eik ? `, ${w.eik} ${p.eik}` : ""}`;
  return {
    title: w.statement,
    heading: [
      `${w.client}: ${party(statement.client)}`,
      `${w.company}: ${party(company)}`,
      `${w.period}: ${printDate(statement.from)} – ${printDate(statement.to)}`,
    ],
    columns: [
      { label: w.date, width: 70, right: false },
      { label: w.document, width: 0, right: false },
      { label: w.debit, width: 95, right: true },
      { label: w.credit, width: 95, right: true },
      { label: w.balance, width: 95, right: true },
    ],
    rows: statement.currencies.flatMap((c) => currencyRows(c, statement.from, statement.to, lang)),
    footer: `${w.footer} ${madeAt}`,
    language: lang,
  };
}

export interface ActFacts {
  number: number;
  asOf: string;
  currency: string;
  balanceCents: number;
  status: "issued" | "confirmed" | "disputed";
  clientAmountCents: number | null;
  clientNote: string | null;
  answeredAt: string | null;
}

/** The act of reconciliation's PDF model: the balance, the open documents, both sides to sign. */
export function actPdfModel(
  act: ActFacts,
  statement: ClientStatement,
  company: Party,
  client: Party & { mol: string | null },
  lang: Lang,
  madeAt: string,
): LedgerPdfModel {
  const w = WORDS[lang];
  const party = (p: Party) => `${name(p, lang)}${p.eik ? `, ${w.eik} ${p.eik}` : ""}`;
  const amount = (cents: number) => `${money(cents, lang)} ${act.currency}`;
  const c = statement.currencies.find((s) => s.currency === act.currency);
  const open = c?.open ?? [];
  const answer =
    act.status === "confirmed" && act.answeredAt
      ? [`${w.confirmed} ${printDate(act.answeredAt.slice(0, 10))}`]
      : act.status === "disputed" && act.clientAmountCents !== null
        ? [w.disputed(amount(act.clientAmountCents), act.clientNote ?? "")]
        : [w.confirm, w.dispute];
  return {
    title: `${w.act} ${w.no} ${act.number}`,
    heading: [
      `${w.asOf}: ${printDate(act.asOf)}`,
      `${w.between}: ${party(company)} ${w.and} ${party(client)}`,
      w.books(
        name(company, lang),
        name(client, lang),
        printDate(act.asOf),
        amount(act.balanceCents),
      ),
      `${w.open}:`,
    ],
    columns: [
      { label: w.date, width: 80, right: false },
      { label: w.document, width: 0, right: false },
      { label: w.total, width: 110, right: true },
      { label: w.remaining, width: 110, right: true },
    ],
    rows: [
      ...open.map((d) => ({
        cells: [
          printDate(d.date),
          `${w[d.kind]} ${w.no} ${d.number}`,
          money(d.totalCents, lang),
          money(d.openCents, lang),
        ],
        strong: false,
      })),
      {
        cells: ["", `${w.balance} (${act.currency})`, "", money(act.balanceCents, lang)],
        strong: true,
      },
      ...(c?.owedToClientCents
        ? [{ cells: ["", w.owed, "", money(c.owedToClientCents, lang)], strong: false }]
        : []),
    ],
    after: [
      `${w.answer}:`,
      ...answer,
      "",
      w.sign(name(company, lang)),
      `${w.sign(name(client, lang))}${client.mol ? ` · ${w.mol}: ${client.mol}` : ""}`,
    ],
    footer: `${w.footer} ${madeAt}`,
    language: lang,
  };
}
