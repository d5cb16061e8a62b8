/*
 * Which account each posting uses, before a company says otherwise (ledger_rules, dated). Keys:
 * fixed roles, a payment method (`money.<method>`), an expense category by its default key
 * (`expense.code.<code>`) or by the company's own category (`expense.category.<id>`).
 */

export const DEFAULT_RULES: Readonly<Record<string, string>> = {
  receivable: "411",
  advances: "412",
  revenue: "703",
  sales_vat: "4532",
  purchase_vat: "4531",
  payable: "401",
  "money.bank": "503",
  "money.card": "503",
  "money.cod": "503",
  "money.other": "503",
  "money.cash": "501",
  expense: "602",
  "expense.code.rent": "602",
  "expense.code.utilities": "601",
  "expense.code.telecom": "602",
  "expense.code.fuel": "601",
  "expense.code.transport": "602",
  "expense.code.office": "601",
  "expense.code.software": "602",
  "expense.code.accounting_legal": "602",
  "expense.code.advertising": "602",
  "expense.code.travel": "609",
  "expense.code.representation": "609",
  "expense.code.bank_fees": "609",
  "expense.code.insurance": "609",
  "expense.code.taxes_fees": "609",
  "expense.code.goods_for_resale": "601",
  "expense.code.materials": "601",
  "expense.code.fixed_assets": "609",
  "expense.code.other": "609",
  // The payroll (decision 059).
  "salary.expense": "604",
  "salary.contributions": "605",
  "salary.payable": "421",
  "salary.tax": "454",
  "salary.doo": "4611",
  "salary.dzpo": "4612",
  "salary.zo": "4613",
  "salary.gvrs": "4614",
  "salary.money": "503",
  // A bank movement: the bank account, and a payment to НАП by the kind of its account.
  "bank.money": "503",
  "nap.doo": "4611",
  "nap.dzpo": "4612",
  "nap.zo": "4613",
  "nap.tax": "454",
  "nap.vat": "4538",
  "nap.enforcement": "498",
  // The month's VAT settlement.
  "vat.payable": "4538",
  "vat.refund": "4539",
};

/** The rules the accountant may set on the page, with their Bulgarian names. */
export const RULE_LABELS: Readonly<Record<string, string>> = {
  receivable: "Вземания от клиенти",
  advances: "Аванси от клиенти (плащания по проформи)",
  revenue: "Приходи от продажби (по подразбиране)",
  sales_vat: "ДДС за продажбите",
  purchase_vat: "ДДС за покупките (данъчен кредит)",
  payable: "Задължения към доставчици",
  "money.bank": "Плащания по банков път",
  "money.card": "Плащания с карта",
  "money.cash": "Плащания в брой",
  expense: "Разходи (категория без правило)",
  "salary.expense": "Разходи за заплати (брутно)",
  "salary.contributions": "Разходи за осигуровки на работодателя",
  "salary.payable": "Задължения към персонала",
  "salary.tax": "Данък върху доходите на физическите лица",
  "salary.doo": "Осигуровки за ДОО (с ТЗПБ)",
  "salary.dzpo": "Осигуровки за ДЗПО",
  "salary.zo": "Здравни осигуровки",
  "salary.gvrs": "Вноски за ГВРС",
  "salary.money": "Изплащане на заплати",
  "bank.money": "Банкова сметка (движения от извлечения)",
  "nap.tax": "Плащане към НАП: данъци",
  "nap.vat": "Плащане към НАП: ДДС",
  "nap.enforcement": "Плащане към НАП: принудително събиране",
  "vat.payable": "ДДС за внасяне",
  "vat.refund": "ДДС за възстановяване",
};

/** Whether a key names a rule (a fixed one, a payment method's or an expense category's). */
export const isRuleKey = (key: string) =>
  Object.hasOwn(DEFAULT_RULES, key) || /^expense\.category\.[0-9a-f-]{36}$/.test(key);

/**
 * The account a posting with these keys (most specific first) takes, given the company's own
 * rules in force that day (key → account): the first key with an own rule, else the first with a
 * default — as post.server.ts accountFor reads them. For the rules page (rules.server.ts).
 */
export function resolveRule(keys: readonly string[], own: ReadonlyMap<string, string>): string {
  const key = keys.find((k) => own.has(k)) ?? keys.find((k) => Object.hasOwn(DEFAULT_RULES, k));
  return (key && (own.get(key) ?? DEFAULT_RULES[key])) || (DEFAULT_RULES.expense as string);
}

/** The keys an expense of a category posts by, most specific first (post.server.ts postExpense). */
export const expenseRuleKeys = (category: { id: string; code: string | null }) => [
  `expense.category.${category.id}`,
  `expense.code.${category.code ?? "none"}`,
  "expense",
];
