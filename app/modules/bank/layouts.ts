import type { CsvMapping } from "./constants";

/*
 * The Bulgarian banks' statement exports whose columns were found written down (decision 046;
 * tests/fixtures/bank-presets/README.md names each source), as column mappings the account's
 * settings offer by the bank's name: a person whose file is a variant the reader does not
 * recognise starts from the bank's columns and corrects the one that differs. No zod, no server
 * code: the settings form lists them, the action fills them in.
 */

export interface BankLayout {
  id: string;
  /** What the settings' select shows: the bank, the export, the file. */
  label: string;
  /** The account's mapping for the layout; `currency` is the account's (ДСК names it in a header). */
  mapping(currency: string): CsvMapping;
}

const none: CsvMapping = {
  date: null,
  amount: null,
  debit: null,
  credit: null,
  counterparty: null,
  iban: null,
  reason: null,
  reference: null,
  direction: null,
};

export const BANK_LAYOUTS: readonly BankLayout[] = [
  {
    id: "unicredit-bulbank",
    label: "УниКредит Булбанк — «Булбанк Онлайн», движения (Excel, CSV)",
    mapping: () => ({
      ...none,
      date: "Вальор",
      amount: "Сума във валута на сметката",
      direction: "Тип",
      counterparty: "Наредител | Бенефициент",
      iban: "IBAN Наредител | IBAN Бенефициент",
      reason: "Основание за плащане",
      reference: "Референция",
    }),
  },
  {
    id: "unicredit-bulbank-en",
    label: "УниКредит Булбанк — «Булбанк Онлайн» на английски (Excel, CSV)",
    mapping: () => ({
      ...none,
      date: "Value date",
      amount: "Amount in currency of the account",
      direction: "Type",
      counterparty: "Sender | Beneficiary",
      iban: "IBAN Sender | Beneficiary IBAN",
      reason: "Details of Payment",
      reference: "Reference",
    }),
  },
  {
    id: "unicredit-dsk-xml",
    label: "ДСК или УниКредит Булбанк — XML «AccountMovements»",
    mapping: () => ({
      ...none,
      date: "ValueDate",
      amount: "Amount",
      direction: "MovementType",
      counterparty: "OppositeSideName",
      iban: "OppositeSideAccount",
      reason: "Reason",
    }),
  },
  {
    id: "dsk",
    label: "Банка ДСК — движения по сметка (CSV, Excel)",
    mapping: (currency) => ({
      ...none,
      date: "Дата",
      debit: `Дебит ${currency}`,
      credit: `Кредит ${currency}`,
      counterparty: "Наредител/Получател",
      iban: "Номер сметка на наредителя / получателя",
      reason: "Основание",
      reference: "Свързваща референция",
    }),
  },
  {
    id: "ubb-xml",
    label: "ОББ — XML извлечение («Подробно извлечение»)",
    mapping: () => ({
      ...none,
      date: "POST_DATE",
      debit: "AMOUNT_D",
      credit: "AMOUNT_C",
      counterparty: "NAME_R",
      iban: "IBAN_R",
      reason: "REM_I",
      reference: "REFERENCE",
    }),
  },
  {
    id: "ccb",
    label: "ЦКБ — CSV (колоните по номер: дата, вальор, приход, разход, референция, основание)",
    mapping: () => ({
      ...none,
      date: "1",
      credit: "3",
      debit: "4",
      reference: "5",
      reason: "6",
    }),
  },
  {
    id: "texim",
    label: "Тексим Банк — CSV",
    mapping: () => ({
      ...none,
      date: "Дата",
      debit: "Дебит",
      credit: "Кредит",
      counterparty: "Наредител/Получател",
      iban: "Сметка (IBAN)",
      reason: "Основание",
      reference: "Референция",
    }),
  },
];

/** The layout by its id; undefined for one that is not listed. */
export const bankLayout = (id: string) => BANK_LAYOUTS.find((layout) => layout.id === id);
