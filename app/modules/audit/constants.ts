/*
 * What the company's audit trail records (issue #29 item 5, decision 028): a stable key per act
 * with its Bulgarian name, grouped for the page's filter. Browser-safe.
 */

export const COMPANY_AUDIT_ACTIONS = {
  "auth.sign-in": "Вход в профила",
  "company.switch": "Смяна на фирмата",
  "team.invite": "Изпратена покана",
  "team.invite-revoke": "Оттеглена покана",
  "team.join": "Приета покана",
  "team.role": "Променена роля",
  "team.remove": "Премахнат член на екипа",
  "team.leave": "Напуснал фирмата",
  "team.owner": "Прехвърлена собственост",
  "document.create": "Създаден документ",
  "document.update": "Редактирана чернова",
  "document.delete": "Изтрита чернова",
  "document.issue": "Издаден документ",
  "document.cancel": "Анулиран документ",
  "protocol.issue": "Издаден протокол по чл. 117 ЗДДС",
  "protocol.cancel": "Анулиран протокол по чл. 117 ЗДДС",
  "protocol.correct": "Издаден коригиращ протокол по чл. 117 ЗДДС",
  "document.email": "Изпратен по имейл документ",
  "reconciliation.issue": "Издаден акт за сверка",
  "payment.add": "Записано плащане",
  "payment.delete": "Изтрито плащане",
  "bank.import": "Внесено банково извлечение",
  "clients.import": "Внесени клиенти от файл",
  "bank.match": "Разнесено банково движение",
  "bank.unmatch": "Отменено разнасяне на банково движение",
  "bank.rule": "Добавено правило за банкови движения",
  "bank.rule-delete": "Изтрито правило за банкови движения",
  "vat.files": "Изтеглени файлове по ДДС",
  "payroll.files": "Изтеглени файлове за заплатите",
  export: "Експорт на данни",
  "ledger.account-add": "Добавена аналитична сметка",
  "ledger.account-rename": "Преименувана сметка",
  "ledger.saft-code": "Променен код на сметка по номенклатурата на НАП",
  "income-tax.year": "Записани данни за годишната данъчна декларация",
  "period.lock": "Заключен период",
  "period.unlock": "Отключен период",
  "portal.link": "Създадена връзка към портала за клиента",
  "portal.revoke": "Отменена връзка към портала за клиента",
  "portal.view": "Клиентът отвори портала",
  "portal.reconciliation": "Клиентът отговори на акт за сверка",
  "calendar.feed": "Създаден адрес на данъчния календар",
  "calendar.feed-revoke": "Спрян адрес на данъчния календар",
  "calendar.reminders": "Променени напомняния за сроковете",
  "offer.create": "Създадена оферта",
  "offer.update": "Редактирана оферта",
  "offer.withdraw": "Оттеглена оферта",
  "offer.accept": "Приета оферта",
  "offer.decline": "Отказана оферта",
  "offer.email": "Изпратена оферта по имейл",
  "card.connect": "Свързани плащания с карта",
  "card.disconnect": "Прекъснати плащания с карта",
  "impersonation.start": "Администратор отвори изгледа на член",
  "impersonation.request": "Действие на администратор в изгледа на член",
} as const;

export type CompanyAuditAction = keyof typeof COMPANY_AUDIT_ACTIONS;

/** The page's and the API's filter: a group of acts. */
export const AUDIT_GROUPS = {
  access: {
    label: "Вход и смяна на фирмата",
    actions: ["auth.sign-in", "company.switch", "impersonation.start", "impersonation.request"],
  },
  team: {
    label: "Екип и роли",
    actions: [
      "team.invite",
      "team.invite-revoke",
      "team.join",
      "team.role",
      "team.remove",
      "team.leave",
      "team.owner",
    ],
  },
  documents: {
    label: "Документи",
    actions: [
      "document.create",
      "document.update",
      "document.delete",
      "document.issue",
      "document.cancel",
      "document.email",
      "reconciliation.issue",
      "protocol.issue",
      "protocol.cancel",
      "protocol.correct",
      "offer.create",
      "offer.update",
      "offer.withdraw",
      "offer.accept",
      "offer.decline",
      "offer.email",
    ],
  },
  payments: {
    label: "Плащания",
    actions: ["payment.add", "payment.delete", "card.connect", "card.disconnect"],
  },
  bank: {
    label: "Банка",
    actions: ["bank.import", "bank.match", "bank.unmatch", "bank.rule", "bank.rule-delete"],
  },
  periods: { label: "Заключени периоди", actions: ["period.lock", "period.unlock"] },
  taxes: { label: "Данък върху доходите", actions: ["income-tax.year"] },
  ledger: {
    label: "Сметкоплан",
    actions: ["ledger.account-add", "ledger.account-rename", "ledger.saft-code"],
  },
  portal: {
    label: "Портал за клиента",
    actions: ["portal.link", "portal.revoke", "portal.view", "portal.reconciliation"],
  },
  calendar: {
    label: "Данъчен календар",
    actions: ["calendar.feed", "calendar.feed-revoke", "calendar.reminders"],
  },
  files: {
    label: "Файлове и експорт",
    actions: ["vat.files", "payroll.files", "export", "clients.import"],
  },
} as const satisfies Record<string, { label: string; actions: readonly CompanyAuditAction[] }>;

export type AuditGroup = keyof typeof AUDIT_GROUPS;

/** How long the trail is kept at least (it is never purged before). */
export const AUDIT_KEPT_YEARS = 2;

export const AUDIT_PAGE_SIZE = 50;

/** The Bulgarian names of what the rows' details say (anything else is shown by its key). */
const DETAIL_LABELS: Record<string, string> = {
  role: "Роля",
  ownDocumentsOnly: "Само своите документи",
  from: "От фирма",
  kind: "Вход",
  apiToken: "Нов API ключ",
  sessionsEnded: "Сесиите прекратени",
  previousOwner: "Досегашен собственик",
  invitedEmail: "Поканен адрес",
  acceptedAs: "Приета с профил",
  alreadyMember: "Вече член",
  expiresAt: "Валидна до",
  email: "Имейл",
  number: "Номер",
  type: "Вид",
  status: "Състояние",
  total: "Сума",
  amount: "Сума",
  paidOn: "Платено на",
  method: "Начин",
  reason: "Причина",
  to: "До",
  recipients: "Получатели",
  month: "Месец",
  file: "Файл",
  files: "Файлове",
  format: "Формат",
  filters: "Филтри",
  rows: "Редове",
  path: "Адрес",
  client: "Клиент",
  changed: "Променени полета",
  issuer: "Издал",
  lockedBy: "Заключен от",
  lockedAt: "Заключен на",
  statement: "Извлечение",
  imported: "Внесени",
  skipped: "Вече внесени",
  matched: "Разнесени автоматично",
  documents: "Документи",
  expense: "Разход",
  automatic: "Автоматично",
  remainder: "Надплатени",
  line: "Ред",
  saftCode: "Код по номенклатурата на НАП",
  name: "Име",
  accounts: "Сметки",
  link: "Връзка",
  opened: "Отворено",
};

const VALUE_LABELS: Record<string, string> = {
  owner: "Собственик",
  accountant: "Счетоводител",
  staff: "Служител",
  viewer: "Само преглед",
  browser: "браузър",
  api: "API",
  true: "да",
  false: "не",
};

const labelOf = (key: string) =>
  Object.hasOwn(DETAIL_LABELS, key) ? (DETAIL_LABELS[key] as string) : key;

function valueText(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "object") {
    if (Array.isArray(value)) return value.map(valueText).join(", ");
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => `${labelOf(key)} ${valueText(inner)}`)
      .join(", ");
  }
  const text = String(value);
  return Object.hasOwn(VALUE_LABELS, text) ? (VALUE_LABELS[text] as string) : text;
}

/** A row's details in words: «Роля: Служител → Само преглед; Сесиите прекратени: да». */
export function describeAuditDetails(details: Record<string, unknown> | null): string {
  if (!details) return "";
  return Object.entries(details)
    .filter(([key]) => key !== "fromId")
    .map(([key, value]) => {
      const label = labelOf(key);
      const change = value as { from?: unknown; to?: unknown } | null;
      if (
        change &&
        typeof change === "object" &&
        !Array.isArray(change) &&
        "from" in change &&
        "to" in change &&
        Object.keys(change).length === 2
      ) {
        return `${label}: ${valueText(change.from)} → ${valueText(change.to)}`;
      }
      return `${label}: ${valueText(value)}`;
    })
    .join("; ");
}
