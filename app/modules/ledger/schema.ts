import { z } from "zod";
import { MAX_AMOUNT_CENTS, parseDecimal } from "~/utils/money";
import { boundedText, isoDate } from "~/utils/schema";
import { isUuid } from "~/utils/uuid";

/* The ledger's forms and JSON bodies: a manual entry, an analytic account, a rename, a rule. */

export const LEDGER_MESSAGES = {
  description: "Въведете основание на статията",
  documentRef: "Въведете документа, по който е статията (напр. «Протокол № 5»)",
  account: "Въведете сметка от сметкоплана (напр. 503 или 411-01)",
  amount: "Сумата е положително число с до 2 знака след запетаята",
  oneSide: "Всеки ред е или по дебита, или по кредита (само едното)",
  lines: "Статията има поне два реда",
  unbalanced: (debit: string, credit: string) =>
    `Статията не е балансирана: дебит ${debit}, кредит ${credit}`,
  unknownAccount: (code: string) => `Сметка ${code} няма в сметкоплана на фирмата`,
  code: "Кодът е синтетичната сметка, тире и до 12 букви или цифри (напр. 411-01)",
  parent: "Синтетичната сметка не е в сметкоплана на фирмата",
  exists: "Сметка с този код вече има",
  name: "Въведете име на сметката",
  period: "Въведете период: начало и край (ГГГГ-ММ-ДД), началото не след края",
  notFound: "Сметката не е намерена",
  rule: "Изберете правило",
  ruleAccount: "Изберете сметка от сметкоплана",
  validFrom: "Въведете от коя дата важи правилото (ГГГГ-ММ-ДД)",
  ruleExists: "За това правило вече има сметка от тази дата: изберете друга дата",
  counterparty: "Изберете клиент, доставчик или служител от списъка",
  counterpartyNotFound: "Контрагентът не е намерен във фирмата",
  noAnalytics: (code: string) =>
    `Сметка ${code} не води аналитичност по контрагенти: оставете контрагента празен`,
  wrongAnalytics: (code: string) =>
    `Сметка ${code} води аналитичност по служители, не по клиенти и доставчици`,
  wrongEmployee: (code: string) =>
    `Сметка ${code} води аналитичност по клиенти и доставчици, не по служители`,
  openingDate:
    "Въведете началната дата (ГГГГ-ММ-ДД): денят, от който фирмата води книгите в Сметка",
  month: "Въведете месец във вида ГГГГ-ММ",
  saftCode:
    "Кодът по номенклатурата на сметките на НАП е от 3 до 5 цифри и не започва с 0 (напр. 411)",
  notNraAccount: (code: string) =>
    `Код ${code} няма в номенклатурата на сметките на НАП: изберете от нея (напр. 60212 «Разходи за други външни услуги»)`,
  vatSettled: (month: string) =>
    `ДДС за ${month} вече е приключен: сторнирайте приключването, ако трябва да се направи отново`,
  vatNotSettled: (month: string) => `ДДС за ${month} не е приключен`,
  vatDisagrees: (what: string) =>
    `Книгите не съвпадат със справка-декларацията: ${what}. Осчетоводете разликата (или неосчетоводеното) и опитайте отново`,
  vatNothing: (month: string) => `Няма ДДС за приключване за ${month}`,
  vatNotRegistered: "Без регистрация по ЗДДС няма ДДС за приключване",
  vatOpenMonth: (month: string) =>
    `Месецът ${month} още не е свършил: ДДС се приключва след края му`,
} as const;

/** A decimal amount, ≥ 0, in cents; empty is 0. */
const amount = z
  .union([z.string().max(40), z.number()], {
    errorMap: () => ({ message: LEDGER_MESSAGES.amount }),
  })
  .nullish()
  .transform((value, ctx) => {
    if (value === null || value === undefined || value === "") return 0;
    const cents = parseDecimal(value, 2);
    if (cents === null || cents < 0n || cents > BigInt(MAX_AMOUNT_CENTS)) {
      ctx.addIssue({ code: "custom", message: LEDGER_MESSAGES.amount });
      return z.NEVER;
    }
    return Number(cents);
  });

const accountCode = z
  .string({ required_error: LEDGER_MESSAGES.account, invalid_type_error: LEDGER_MESSAGES.account })
  .trim()
  .regex(/^[0-9]{3,8}(-[0-9A-Za-z]{1,12})?$/, LEDGER_MESSAGES.account);

export const manualLineSchema = z
  .object({ account: accountCode, debit: amount, credit: amount })
  .superRefine((line, ctx) => {
    if ((line.debit === 0) === (line.credit === 0)) {
      ctx.addIssue({ code: "custom", message: LEDGER_MESSAGES.oneSide, path: ["debit"] });
    }
  });

/** Debits equal credits, or the entry's message on `lines`. */
function balanced(
  entry: { lines: { debit: number; credit: number }[] },
  ctx: z.RefinementCtx,
): void {
  const debit = entry.lines.reduce((s, l) => s + l.debit, 0);
  const credit = entry.lines.reduce((s, l) => s + l.credit, 0);
  if (debit !== credit) {
    const fmt = (c: number) => (c / 100).toFixed(2);
    ctx.addIssue({
      code: "custom",
      message: LEDGER_MESSAGES.unbalanced(fmt(debit), fmt(credit)),
      path: ["lines"],
    });
  }
}

/** A manual journal entry (issue #45 item 3): dated, with its document, balanced. */
export const manualEntrySchema = z
  .object({
    entryDate: isoDate(),
    description: boundedText(500, LEDGER_MESSAGES.description).pipe(
      z.string().min(1, LEDGER_MESSAGES.description),
    ),
    documentRef: boundedText(100, LEDGER_MESSAGES.documentRef).pipe(
      z.string().min(1, LEDGER_MESSAGES.documentRef),
    ),
    lines: z
      .array(manualLineSchema, { errorMap: () => ({ message: LEDGER_MESSAGES.lines }) })
      .min(2, LEDGER_MESSAGES.lines)
      .max(100),
  })
  .superRefine(balanced);
export type ManualEntryInput = z.infer<typeof manualEntrySchema>;

/** The analytic of an opening balance's line: a client, a supplier or an employee of the company. */
const counterpartySchema = z.object(
  {
    kind: z.enum(["client", "supplier", "employee"]),
    id: z.string().max(40).refine(isUuid, LEDGER_MESSAGES.counterparty),
  },
  { errorMap: () => ({ message: LEDGER_MESSAGES.counterparty }) },
);

/** A line of the opening balances: an account, optionally its analytic, one side. */
export const openingLineSchema = z
  .object({
    account: accountCode,
    counterparty: counterpartySchema.nullish().transform((value) => value ?? null),
    debit: amount,
    credit: amount,
  })
  .superRefine((line, ctx) => {
    if ((line.debit === 0) === (line.credit === 0)) {
      ctx.addIssue({ code: "custom", message: LEDGER_MESSAGES.oneSide, path: ["debit"] });
    }
  });

/**
 * The opening balances of a company that starts keeping its books here mid-year (issue #45
 * item 3): per account and analytic, dated the first day, balanced (decision 059).
 */
export const openingBalancesSchema = z
  .object({
    date: isoDate(LEDGER_MESSAGES.openingDate),
    lines: z
      .array(openingLineSchema, { errorMap: () => ({ message: LEDGER_MESSAGES.lines }) })
      .min(2, LEDGER_MESSAGES.lines)
      .max(200),
  })
  .superRefine(balanced);
export type OpeningBalancesInput = z.infer<typeof openingBalancesSchema>;

/** An analytic account under a synthetic one (411-01 «Клиенти — Бета ООД»). */
export const analyticAccountSchema = z.object({
  code: z
    .string({ required_error: LEDGER_MESSAGES.code })
    .trim()
    .regex(/^[0-9]{3,8}-[0-9A-Za-z]{1,12}$/, LEDGER_MESSAGES.code),
  name: boundedText(200, LEDGER_MESSAGES.name).pipe(z.string().min(1, LEDGER_MESSAGES.name)),
});

export const renameAccountSchema = z.object({
  code: accountCode,
  name: boundedText(200, LEDGER_MESSAGES.name).pipe(z.string().min(1, LEDGER_MESSAGES.name)),
});

/** An account's code in НАП's nomenclature of accounts: the schema's SAFAccountType, [1-9][0-9]{2,4}. */
export const saftCodeSchema = z.object({
  code: accountCode,
  saftCode: z
    .string({
      required_error: LEDGER_MESSAGES.saftCode,
      invalid_type_error: LEDGER_MESSAGES.saftCode,
    })
    .trim()
    .regex(/^[1-9][0-9]{2,4}$/, LEDGER_MESSAGES.saftCode),
});

/** A mapping rule from a date (issue #45 item 2): postings dated from then take the account. */
export const ruleSchema = z.object({
  key: z
    .string({ required_error: LEDGER_MESSAGES.rule, invalid_type_error: LEDGER_MESSAGES.rule })
    .trim()
    .min(1, LEDGER_MESSAGES.rule)
    .max(80, LEDGER_MESSAGES.rule),
  accountCode: z
    .string({
      required_error: LEDGER_MESSAGES.ruleAccount,
      invalid_type_error: LEDGER_MESSAGES.ruleAccount,
    })
    .trim()
    .regex(/^[0-9]{3,8}(-[0-9A-Za-z]{1,12})?$/, LEDGER_MESSAGES.ruleAccount),
  validFrom: isoDate(LEDGER_MESSAGES.validFrom),
});
export type RuleInput = z.infer<typeof ruleSchema>;

/** The API's body of a rule: `account` as in a manual entry's lines. */
export const ruleBodySchema = ruleSchema
  .omit({ accountCode: true })
  .extend({ account: ruleSchema.shape.accountCode });

/** A period of the reports: from and to, yyyy-mm-dd, from not after to. */
export const periodSchema = z
  .object({ from: isoDate(LEDGER_MESSAGES.period), to: isoDate(LEDGER_MESSAGES.period) })
  .refine((p) => p.from <= p.to, { message: LEDGER_MESSAGES.period, path: ["from"] });

/**
 * The period a report's address asks for (`from`, `to`); missing ends default to the year's first
 * day and today. Null when either is not a date or from is after to.
 */
export function periodOf(
  search: URLSearchParams,
  today: string,
): { from: string; to: string } | null {
  const parsed = periodSchema.safeParse({
    from: search.get("from") || `${today.slice(0, 4)}-01-01`,
    to: search.get("to") || today,
  });
  return parsed.success ? parsed.data : null;
}

/** The account a report is narrowed to (`account`): null for none, false when it is no code. */
export function accountFilter(search: URLSearchParams): string | null | false {
  const value = search.get("account")?.trim();
  if (!value) return null;
  return accountCode.safeParse(value).success ? value : false;
}

/** The counterparty an analytic card is narrowed to (`counterparty`): null for none, false when no id. */
export function counterpartyFilter(search: URLSearchParams): string | null | false {
  const value = search.get("counterparty")?.trim();
  if (!value) return null;
  return isUuid(value) ? value.toLowerCase() : false;
}

/** Whether a report asks for its analytics (`analytics=1`, `true` or `on`, a checkbox's value). */
export const wantsAnalytics = (search: URLSearchParams) =>
  ["1", "true", "on"].includes(search.get("analytics") ?? "");

/** Whether a value is an account code as the chart writes them (503, 411-01). */
export const isAccountCode = (value: string) => accountCode.safeParse(value).success;
