import { createContext, useContext } from "react";
import { DOCUMENT_TYPES, STATE_LABELS } from "~/modules/invoices/constants";
import type { PortalLang } from "~/modules/portal/constants";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";

/*
 * The client portal's labels in Bulgarian (always) and English (for a client who gets English
 * documents, `?lang=en`; decision 069). The page's parts read them from the language the route
 * gives (PortalLangContext), so a part added to the page draws in the same language.
 */

const BG = {
  documentsFor: (client: string) => `Документи за ${client}`,
  owed: "Дължима сума",
  nothingOwed: "Нямате неплатени фактури.",
  overdueSince: (day: string) => `просрочено от ${day}`,
  and: " и ",
  documents: "Документи",
  noDocuments: "Все още няма издадени документи.",
  document: "Документ",
  date: "Дата",
  dueDate: "Падеж",
  amount: "Сума",
  paid: "Платено",
  toPay: "За плащане",
  state: "Състояние",
  files: "Файлове",
  types: DOCUMENT_TYPES as Record<keyof typeof DOCUMENT_TYPES, string>,
  no: "№",
  states: STATE_LABELS as Record<keyof typeof STATE_LABELS, string>,
  overdueFrom: (day: string) => `Просрочен от ${day}`,
  pdfOf: (title: string) => `PDF на ${title}`,
  ublOf: (title: string) => `Електронна фактура (UBL) на ${title}`,
  pay: "Плащане",
  scan: "Сканирайте кода с приложението на банката си: сумата и основанието се попълват сами.",
  qrOf: (title: string) => `QR код за плащане на ${title}`,
  until: "до",
  reference: "Основание",
  validUntil: (day: string, company: string) =>
    `Връзката е валидна до ${day} Изпратена ви е от ${company}; не я споделяйте.`,
  language: "Език",
  statement: "Извлечение по сметка",
  statementHint: "Всички документи и плащания за периода с текущото салдо.",
  period: "Период на извлечението",
  from: "От дата",
  to: "До дата",
  show: "Покажи",
  pdfIn: "PDF:",
  inBulgarian: "на български",
  inEnglish: "на английски",
  noStatement: (day: string) => `Няма издадени документи до ${day}`,
  acts: "Актове за сверка",
  noActs: "Няма актове за сверка.",
  asOf: "Към дата",
  booksBalance: "Салдо по книгите на фирмата",
  yourAnswer: "Вашият отговор",
  act: (n: number) => `Акт за сверка № ${n}`,
  awaiting: "Очаква вашия отговор",
  confirmedOn: (day: string) => `Потвърдихте салдото на ${day}`,
  disputedOn: (day: string, amount: string) =>
    `Оспорихте на ${day}: по вашите книги салдото е ${amount}`,
  books: (company: string, day: string, amount: string) =>
    `По данни на ${company} към ${day} дължите ${amount}.`,
  confirm: "Потвърждавам салдото",
  dispute: "Не потвърждавам салдото",
  yourBalance: "Салдо по нашите книги",
  yourBalanceHint: "Сумата, която според вас дължите към датата на акта (напр. 1 250,50).",
  differences: "Разлики",
  differencesHint: "Кои документи или плащания не съвпадат с вашите книги.",
  sendDispute: "Изпрати несъгласието",
  answerOnce: "Отговорът се изпраща веднъж и не може да се промени.",
  back: "Към документите",
  actPdf: (n: number) => `Акт № ${n}`,
} as const;

type Words = { [K in keyof typeof BG]: (typeof BG)[K] extends string ? string : (typeof BG)[K] };

const EN: Words = {
  documentsFor: (client) => `Documents for ${client}`,
  owed: "Amount due",
  nothingOwed: "You have no unpaid invoices.",
  overdueSince: (day) => `overdue since ${day}`,
  and: " and ",
  documents: "Documents",
  noDocuments: "No documents have been issued yet.",
  document: "Document",
  date: "Date",
  dueDate: "Due date",
  amount: "Amount",
  paid: "Paid",
  toPay: "Amount due",
  state: "Status",
  files: "Files",
  types: {
    invoice: "Invoice",
    proforma: "Proforma invoice",
    credit_note: "Credit note",
    debit_note: "Debit note",
  },
  no: "No.",
  states: {
    draft: "Draft",
    cancelled: "Cancelled",
    issued: "Issued",
    paid: "Paid",
    partially_paid: "Partly paid",
    overdue: "Overdue",
    unpaid: "Unpaid",
    converted: "Made into an invoice",
  },
  overdueFrom: (day) => `Overdue since ${day}`,
  pdfOf: (title) => `PDF of ${title}`,
  ublOf: (title) => `E-invoice (UBL) of ${title}`,
  pay: "Payment",
  scan: "Scan the code with your bank's app: the amount and the reference fill in by themselves.",
  qrOf: (title) => `Payment QR code for ${title}`,
  until: "by",
  reference: "Reference",
  validUntil: (day, company) =>
    `The link is valid until ${day}. ${company} sent it to you; do not share it.`,
  language: "Language",
  statement: "Statement of account",
  statementHint: "Every document and payment of the period with the running balance.",
  period: "Statement period",
  from: "From",
  to: "To",
  show: "Show",
  pdfIn: "PDF:",
  inBulgarian: "in Bulgarian",
  inEnglish: "in English",
  noStatement: (day) => `No documents issued up to ${day}`,
  acts: "Reconciliation statements",
  noActs: "There are no reconciliation statements.",
  asOf: "As at",
  booksBalance: "Balance per the supplier's books",
  yourAnswer: "Your answer",
  act: (n) => `Reconciliation statement No. ${n}`,
  awaiting: "Awaiting your answer",
  confirmedOn: (day) => `You confirmed the balance on ${day}`,
  disputedOn: (day, amount) => `You disputed it on ${day}: per your books the balance is ${amount}`,
  books: (company, day, amount) =>
    `According to the books of ${company}, at ${day} you owe ${amount}.`,
  confirm: "I confirm the balance",
  dispute: "I do not confirm the balance",
  yourBalance: "Balance per our books",
  yourBalanceHint: "What you owe by your books at the statement's date (e.g. 1250.50).",
  differences: "Differences",
  differencesHint: "Which documents or payments differ from your books.",
  sendDispute: "Send the disagreement",
  answerOnce: "The answer is sent once and cannot be changed.",
  back: "Back to the documents",
  actPdf: (n) => `Statement No. ${n}`,
};

/** The labels of a language, with its date and money formats. */
export function portalWords(lang: PortalLang) {
  return {
    ...(lang === "en" ? EN : (BG as Words)),
    lang,
    /** A day or a moment: «22.11.2026 г.» in Bulgarian, «22.11.2026» in English. */
    day: (value: string | Date) =>
      lang === "en" ? formatDate(value).slice(0, -3) : formatDate(value),
    money: (cents: number, currency: string) => formatMoney(cents, currency, lang),
    /** «Фактура № 0000000001», «Invoice No. 0000000001». */
    title: (doc: { type: keyof typeof DOCUMENT_TYPES; number: string }) =>
      `${(lang === "en" ? EN : BG).types[doc.type]} ${lang === "en" ? "No." : "№"} ${doc.number}`,
    /** The same page in another language (the query kept, `lang` set). */
    query: (search: string, to: PortalLang) => {
      const params = new URLSearchParams(search);
      if (to === "en") params.set("lang", "en");
      else params.delete("lang");
      const text = params.toString();
      return text ? `?${text}` : "";
    },
  };
}

export type PortalWords = ReturnType<typeof portalWords>;

/** The language the portal's page is drawn in (Bulgarian unless the route says English). */
export const PortalLangContext = createContext<PortalLang>("bg");

/** The labels of the portal page's language. */
export const usePortalWords = () => portalWords(useContext(PortalLangContext));
