/*
 * Bank statements (issue #30, decision 031): limits, labels and messages shared by the server, the
 * worker that reads large files and the browser. No zod, no server code.
 */

import { countOf, pluralWord } from "~/utils/plural";

export const STATEMENT_FORMATS = {
  mt940: "MT940",
  /** ISO 20022 XML: camt.053, and camt.052 and camt.054 of the same shape (decision 045). */
  camt053: "camt.053/052/054 (ISO 20022 XML)",
  csv: "CSV",
  xlsx: "Excel (.xlsx)",
  /** A bank's «Excel» export that is an HTML table saved as .xls (decision 046). */
  html: "Excel (.xls, HTML таблица)",
  /** A bank's own XML of records: ДСК's and УниКредит's AccountMovements, ОББ's TRANSACTION. */
  xml: "XML на банката",
} as const;
export type StatementFormat = keyof typeof STATEMENT_FORMATS;

export const STATEMENT_LIMITS = {
  /** The largest statement file (a year of a busy account in MT940 is about 5 MB). */
  maxBytes: 8 * 1024 * 1024,
  /** Movements in one file. */
  maxMovements: 20_000,
  /** Characters on one line of an MT940 or CSV file. */
  maxLineLength: 2_000,
  /** Lines of a file (MT940, CSV). */
  maxLines: 400_000,
  /** camt.053: elements and nesting, checked by one linear pass before parsing. */
  maxElements: 1_000_000,
  maxDepth: 40,
  /** Files up to this size are read on the request's thread; larger ones in the worker pool. */
  inlineBytes: 256 * 1024,
  /** The worker pool: threads, waiting files per thread, time per file. */
  threads: 2,
  queuePerThread: 8,
  parseTimeoutMs: 15_000,
} as const;

/** What a reader needs besides the bytes: the CSV mapping of the chosen account. */
export interface CsvMapping {
  date: string | null;
  amount: string | null;
  debit: string | null;
  credit: string | null;
  counterparty: string | null;
  iban: string | null;
  reason: string | null;
  reference: string | null;
  /** A column that says debit or credit (ДТ/КТ, DR/CR, Дебит/Кредит): the amount is then unsigned. */
  direction: string | null;
}

export const CSV_FIELDS = {
  date: "Дата",
  amount: "Сума (със знак)",
  debit: "Дебит (изходящи)",
  credit: "Кредит (входящи)",
  counterparty: "Наредител / получател",
  iban: "IBAN на контрагента",
  reason: "Основание",
  reference: "Референция на банката",
  direction: "Вид: дебит или кредит (ДТ/КТ)",
} as const satisfies Record<keyof CsvMapping, string>;

/** One movement as read from a file, before it is saved. */
export interface ParsedMovement {
  /** The line of the file where the movement starts (1 = the first). */
  line: number;
  bookedOn: string;
  valueOn: string | null;
  direction: "credit" | "debit";
  amountCents: number;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  counterpartyBic: string | null;
  reason: string;
  operation: string | null;
  bankReference: string | null;
}

export interface ParsedStatement {
  format: StatementFormat;
  /**
   * The account as the file names it (null for a CSV: the account is chosen): its IBAN, or, when
   * `accountKind` is "other", the bank's own number as written (":25:517852257", Acct/Id/Othr/Id).
   */
  iban: string | null;
  /** Whether `iban` is an IBAN (absent: an IBAN or no account); "other": the person chooses the account. */
  accountKind?: "iban" | "other";
  currency: string | null;
  number: string | null;
  openingCents: number | null;
  closingCents: number | null;
  periodFrom: string | null;
  periodTo: string | null;
  movements: ParsedMovement[];
  /** The known table layout it was read by (presets.ts, decision 046), when it was. */
  preset?: string;
}

/** Why a file cannot be read: the message, and the line it names (null: the file as a whole). */
export interface StatementProblem {
  message: string;
  line: number | null;
  status: 400 | 409 | 413 | 422 | 503;
}

/** A file that cannot be read; its message names the line («Ред 12: …»), `reason` is without it. */
export class StatementError extends Error {
  override name = "StatementError";
  constructor(
    public reason: string,
    public line: number | null = null,
    public status: StatementProblem["status"] = 422,
  ) {
    super(line === null ? reason : `Ред ${line}: ${reason}`);
  }
}

export const BANK_MESSAGES = {
  expenseFromLine: "Разходът не може да бъде създаден от този ред: въведете го от «Нов разход».",
  noFile: "Изберете файл с извлечение (MT940, camt.053 XML, CSV или Excel)",
  tooLarge: `Файлът е твърде голям: най-много ${STATEMENT_LIMITS.maxBytes / 1024 / 1024} MB`,
  unknownFormat:
    "Файлът не е банково извлечение в MT940, camt.053 (XML), CSV или Excel, нито познат XML на банка: проверете формата при износа от банката",
  binary: "Файлът не е текстов: изберете извлечението в MT940, camt.053 (XML) или CSV",
  tooManyMovements: `Извлечението има повече от ${STATEMENT_LIMITS.maxMovements} движения: разделете го по периоди`,
  tooManyLines: "Файлът има твърде много редове",
  lineTooLong: `Редът е по-дълъг от ${STATEMENT_LIMITS.maxLineLength} знака`,
  noMovements: "В извлечението няма движения",
  busy: "Четенето на извлечения е заето в момента: опитайте отново след малко",
  timeout: "Извлечението не можа да бъде прочетено навреме: разделете го на по-малки файлове",
  tooHeavy: "Извлечението е твърде сложно за прочитане",
  xmlShape: "XML файлът е твърде дълбоко вложен или има твърде много елементи",
  xmlBroken: "XML файлът не е добре оформен",
  accountUnknown: (iban: string) =>
    `Сметка ${iban} не е сред банковите сметки на фирмата: добавете я в «Банка», после внесете извлечението`,
  accountMissing:
    "Във файла не е посочена сметка (IBAN): изберете сметката, към която е извлечението",
  accountMismatch: (file: string, chosen: string) =>
    `Извлечението е за сметка ${file}, а е избрана ${chosen}`,
  currencyMismatch: (file: string, account: string) =>
    `Валутата на извлечението (${file}) не съвпада с валутата на сметката (${account})`,
  csvNeedsAccount: "За CSV файл изберете банковата сметка, от която е",
  csvNoMapping:
    "За тази сметка не са зададени колоните на CSV файла: задайте ги в настройките на сметката",
  mappingDirection:
    "С колона за вида (дебит или кредит) сумата е в една колона без знак: задайте «Сума», не дебит и кредит",
  tableUnknown:
    "Колоните на файла не са познати: изберете сметката, от която е, и задайте колоните ѝ веднъж в настройките на сметката (или внесете извлечението в MT940 или camt.053 XML)",
  tableTwoAccounts: (first: string, other: string) =>
    `Файлът съдържа движения по повече от една сметка (${first} и ${other}): изнесете всяка сметка в отделен файл`,
  oldExcel:
    "Старият формат .xls не се чете: отворете файла и го запишете като .xlsx или CSV, после го внесете отново",
  chooseAccount: (number: string) =>
    `Сметката във файла (${number}) не е IBAN: изберете към коя от сметките на фирмата е извлечението — изборът се запомня за следващите извлечения`,
  chooseAccountFirst:
    "Добавете банковата сметка на фирмата (IBAN) в «Банка», после изберете нея за извлечението",
  keptGone: "Каченият файл вече не е наличен (пази се един час): изберете го отново",
  alreadyImported: (count: number) =>
    `${countOf(count, "движение", "движения")} вече ${pluralWord(count, "е внесено", "са внесени")}`,
  nothingNew: "Всички движения от файла вече са внесени: нищо не е добавено",
  accountExists: "Тази сметка вече е добавена",
  iban: "Въведете валиден IBAN",
  currency: "Изберете валута",
  notFound: "Движението не е намерено",
  alreadyMatched: "Движението вече е разнесено: първо го отменете",
  notMatched: "Движението не е разнесено",
  chooseDocuments: "Изберете поне един документ",
  documentNotFound: "Някой от документите не е намерен",
  documentCurrency: (doc: string, tx: string) =>
    `Документът е във ${doc}, а движението — във ${tx}`,
  proforma:
    "Проформа не се отбелязва като платена: издайте фактурата по нея и разнесете плащането към фактурата",
  creditNote: "Кредитно известие не се плаща: изберете фактурата, към която е",
  notReceivable: "Плащане се разнася само към издадени фактури и дебитни известия",
  nothingDue: "Документите вече са платени изцяло",
  creditsOnly: "Към фактури се разнасят само входящи плащания (кредит)",
  debitsOnly: "Към разходи се разнасят само изходящи плащания (дебит)",
  expenseNotFound: "Разходът не е намерен",
  expensePaid: "Разходът вече е отбелязан като платен",
  expenseAmount: (expense: string, tx: string) =>
    `Сумата на разхода (${expense}) не съвпада със сумата на движението (${tx})`,
  ruleNotFound: "Правилото не е намерено",
  notAFee: "Движението не е банкова такса: основанието не казва «такса», «комисиона» или «fee»",
  ruleNeedsCondition: "Задайте текст в основанието или граници на сумата",
  napOnly: "Движението не е към сметка на НАП",
  bookAccount: (code: string) =>
    `Сметка «${code}» няма в сметкоплана на фирмата: изберете сметка от «Счетоводство → Сметкоплан» (напр. 503 за превод между собствени сметки)`,
  bookAccountMissing: "Въведете сметка от сметкоплана (напр. 503)",
  bookCurrency: (currency: string) =>
    `Движение в ${currency} не се осчетоводява по сметка автоматично: впишете го с ръчна статия с курса му`,
  documentNumbers: "Въведете номера на документи, разделени със запетая",
  documentNumberUnknown: (number: string) => `Няма издаден документ с номер ${number}`,
} as const;

/** The kinds of suggestion, as the statement's page names them. */
export const SUGGESTION_LABELS = {
  exact: "Номер и точна сума",
  split: "Няколко документа с общата сума",
  number: "Номер, друга сума",
  client_amount: "Клиент и сума",
  amount: "Само сума",
  proforma: "Проформа",
  expense: "Неплатен разход",
  rule: "Правило за разход",
  nap: "Плащане към НАП",
} as const;
export type SuggestionKind = keyof typeof SUGGESTION_LABELS;

/** НАП's account kinds (nap_payment_accounts.kind), as taxes and contributions. */
export const NAP_KIND_LABELS: Record<string, string> = {
  tax: "Данъци (НАП)",
  doo: "Осигуровки за ДОО (НАП)",
  zo: "Здравно осигуряване (НАП)",
  dzpo: "ДЗПО (НАП)",
  enforcement: "Принудително събиране (НАП)",
};

export const TRANSACTION_STATUSES = {
  unmatched: "Неразнесени",
  suggested: "С предложение",
  matched: "Разнесени",
} as const;
export type TransactionStatus = keyof typeof TRANSACTION_STATUSES;

export const STATEMENT_PAGE_SIZE = 100;
export const API_PAGE_SIZE = 100;
