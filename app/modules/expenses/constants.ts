import { VAT_RATES } from "~/utils/money";

/* The expenses' labels, messages, form id and fields, without zod (schema.ts has the schemas). */

/** Purchase documents (ЗДДС чл. 71, 73 and the purchase journal's kinds). */
export const EXPENSE_DOCUMENT_TYPES = {
  invoice: "Фактура",
  credit_note: "Кредитно известие",
  debit_note: "Дебитно известие",
  receipt: "Касов бон",
  protocol_117: "Протокол по чл. 117 ЗДДС",
  other: "Друг документ",
} as const;
export type ExpenseDocumentTypeKey = keyof typeof EXPENSE_DOCUMENT_TYPES;

/**
 * What a protocol under чл. 117 documents (decision 065): the sales journal's column and the VAT
 * file's field differ — кол. 13 (02-12) for an intra-Community acquisition of goods, кол. 14
 * (02-26) for services and the other supplies under чл. 82, ал. 2–6.
 */
export const EXPENSE_ACQUISITIONS = {
  services: "Услуги и други доставки по чл. 82, ал. 2–6 ЗДДС (кол. 14)",
  goods: "Вътреобщностно придобиване на стоки, чл. 84 ЗДДС (кол. 13)",
} as const;

/**
 * The part of Приложение № 2 ЗДДС a domestic reverse charge (чл. 163а) falls under: НАП's
 * PRODAGBI.TXT 02-27 and POKUPKI.TXT 03-45 carry it as "01" or "02" (decision 079).
 */
export const EXPENSE_ANNEX_PARTS = {
  I: "Приложение № 2, Част I (отпадъци, скрап и др.)",
  II: "Приложение № 2, Част II (зърнени и технически култури)",
} as const;

/**
 * The tax documents that give a right of credit (ЗДДС чл. 71) and go in the purchase journal. A
 * касов бон or another document is kept without credit, so /analytics and the VAT report take
 * the same input VAT (issue #25).
 */
export const VAT_CREDIT_DOCUMENT_TYPES = [
  "invoice",
  "debit_note",
  "credit_note",
  "protocol_117",
] as const satisfies readonly ExpenseDocumentTypeKey[];

/** Whether an expense of this document type may carry a VAT credit. */
export const givesVatCredit = (type: string) =>
  (VAT_CREDIT_DOCUMENT_TYPES as readonly string[]).includes(type);

/** Said where the credit is chosen: why a касов бон has none. */
export const NO_CREDIT_NOTE =
  "Касовият бон и другите документи не са данъчни документи за право на данъчен кредит (чл. 71 ЗДДС): записват се без кредит.";

export const VAT_CREDITS = {
  full: "С пълен данъчен кредит",
  partial: "С частичен данъчен кредит (коефициент)",
  none: "Без право на данъчен кредит",
} as const;

export const EXPENSE_PAYMENT_METHODS = {
  bank: "Банков превод",
  cash: "В брой",
  card: "С карта",
  other: "Друг",
} as const;

/** The VAT rows of the form: the rates in force and "Без ДДС" (stored as null). */
export const EXPENSE_RATE_KEYS = [...VAT_RATES.map(String), "none"] as const;
export const RATE_LABELS: Record<string, string> = {
  "20": "20 %",
  "9": "9 %",
  "0": "0 %",
  none: "Без ДДС",
};

/** The expense form's id in answers (the add and edit pages). */
export const EXPENSE_FORM_ID = "expense";

/** The list's payment filter. */
export const PAYMENT_FILTERS = {
  paid: "Платени",
  unpaid: "Неплатени",
  overdue: "Просрочени",
} as const;

/**
 * The list's filter by protocol under чл. 117 ЗДДС (decision 073): the expenses with an issued
 * (not cancelled) protocol, and those that need one by the rules of protocol-rules.ts and have none.
 */
export const PROTOCOL_FILTERS = {
  issued: "С протокол по чл. 117",
  missing: "Чакат протокол по чл. 117",
} as const;

/** The list's orders. */
export const EXPENSE_SORTS = {
  date_desc: "Най-новите първо",
  date_asc: "Най-старите първо",
  amount_desc: "Най-голямата сума първо",
  amount_asc: "Най-малката сума първо",
  supplier: "По доставчик",
} as const;
export type ExpenseSort = keyof typeof EXPENSE_SORTS;

export const EXPENSE_MESSAGES = {
  supplierName: "Въведете доставчика",
  eik: "ЕИК/Булстат е 9 или 13 цифри (10 за ЕГН или ЛНЧ)",
  vat: "Невалиден ДДС номер: BG и 9, 10 или 13 цифри, или ДДС номер от ЕС (напр. DE123456789)",
  documentType: "Изберете вид на документа",
  acquisition: "Изберете дали протоколът е за стоки (ВОП) или за услуги",
  annexPart:
    "Изберете по коя част на Приложение № 2 към ЗДДС е доставката с обратно начисляване: Част I или Част II",
  documentNumber: "Въведете номера на документа",
  tenDigits: "Номерът на фактура или известие от български доставчик е точно 10 цифри",
  documentDate: "Въведете датата на документа",
  description: "Опишете разхода",
  category: "Изберете категория",
  currency: "Изберете валута",
  bgnAfter2025:
    "От 01.01.2026 г. документите са в евро. Лева — само за документи с дата до 31.12.2025 г.",
  eurRate: "Въведете курс към еврото: положително число под 1 000 000 с до 8 знака след запетаята",
  paymentMethod: "Изберете начин на плащане",
  paidOn: "Въведете датата на плащане",
  dueBeforeDocument: "Падежът не може да е преди датата на документа",
  tooLarge: "Общата сума е твърде голяма: най-много 99 999 999 999,99",
  negativeTotal:
    "Общата сума на документа е отрицателна: запишете го като кредитно известие с положителни суми",
  foreignVat:
    "Невалиден ДДС номер: кодът на държавата и 2 до 14 букви или цифри (напр. DE123456789, NO999888777MVA), или BG и цифрите на българския номер",
  duplicate: "Вече има такъв разход",
  notFound: "Разходът не е намерен",
} as const;

/**
 * The expense form's fields as the schema's input (the one reading of the form): the VAT rows
 * `amounts[20][base]`, `amounts[20][vat]`, … become the schema's list of amounts.
 */
export function expenseInputFromForm(values: Record<string, string>): Record<string, unknown> {
  const { ...fields } = values;
  const amounts = EXPENSE_RATE_KEYS.map((key) => ({
    vatRate: key === "none" ? null : Number(key),
    base: values[`amounts[${key}][base]`] ?? "",
    vat: values[`amounts[${key}][vat]`] ?? "",
  }));
  for (const key of Object.keys(fields)) if (key.startsWith("amounts[")) delete fields[key];
  const given = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ""));
  return { ...given, amounts, paid: values.paid === "on" || values.paid === "yes" };
}

/** The form's controls in the order they appear: the first with an error gets focus. */
export const EXPENSE_FIELD_ORDER = [
  "confirmDuplicate",
  "supplierName",
  "supplierEik",
  "supplierVatNumber",
  "supplierCompanyId",
  "supplierAddress",
  "documentType",
  "acquisition",
  "reverseCharge",
  "reverseChargeAnnexPart",
  "documentNumber",
  "documentDate",
  "taxEventDate",
  "description",
  "categoryId",
  "currency",
  "eurRate",
  "amounts",
  ...EXPENSE_RATE_KEYS.flatMap((key) => [`amounts[${key}][base]`, `amounts[${key}][vat]`]),
  "vatCredit",
  "vatCreditCoefficient",
  "paidOn",
  "paymentMethod",
  "dueDate",
  "notes",
  "files",
] as const;
