import { PRICE_MESSAGE } from "~/utils/money";

/* The catalogue's messages, form fields and labels, without zod (schema.ts builds the schema). */

export const CATALOGUE_MESSAGES = {
  name: "Въведете наименование",
  nameTaken: "В каталога вече има артикул с това наименование",
  restoreTaken:
    "Артикулът не може да бъде възстановен: в каталога вече има друг с това наименование",
  unit: "Мярката е задължителна",
  /** The documents' lines say the same (DOCUMENT_MESSAGES.unitPrice): one rule for a price. */
  unitPrice: PRICE_MESSAGE,
  vatRate: "Изберете ставка на ДДС или „Без ДДС“",
  notFound: "Артикулът не е намерен",
  revenueAccount: "Изберете сметка за приходи от група 70 на сметкоплана на фирмата",
  revenueAccountRole: "Сметката за приходи на артикул се избира от собственика или счетоводителя",
} as const;

/** The form's fields in the order the page shows them (focus goes to the first refused). */
export const CATALOGUE_FIELDS = [
  "name",
  "nameEn",
  "unit",
  "unitPrice",
  "vatRate",
  "vatGround",
  "revenueAccount",
];

export const CATALOGUE_FORM_ID = "catalogue-item";

/** How many items a search in the editor lists without JavaScript. */
export const CATALOGUE_SEARCH_LIMIT = 20;

/** An item as the browser gets it (the API's JSON, the editor's picker). */
export interface CatalogueItemJson {
  id: string;
  name: string;
  nameEn: string | null;
  unit: string;
  /** Decimal string without VAT, e.g. "12.5". */
  unitPrice: string;
  vatRate: number | null;
  vatGround: string | null;
  /** The revenue account its lines are posted to (702, 703…); null: the company's default. */
  revenueAccount: string | null;
  archived: boolean;
}

/** "20 %" or «Без ДДС». */
export const vatRateLabel = (rate: number | null) => (rate === null ? "Без ДДС" : `${rate} %`);
