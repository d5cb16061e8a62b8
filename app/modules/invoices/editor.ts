import type { CatalogueItemJson } from "~/modules/catalogue/constants";
import type { VatGroundRow } from "~/modules/reference/vat-rows";
import { addDays, isIsoDate } from "~/utils/dates";
import type { FormAnswer } from "~/utils/forms";
import {
  computeTotals,
  DISCOUNT_SCALE,
  decimalProblem,
  formatPrice,
  lineNetCents,
  PRICE_SCALE,
  parseDecimal,
  QUANTITY_SCALE,
  type Totals,
} from "~/utils/money";
import type { VatTreatment } from "~db/types";
import type { EditorDeduction } from "./advances";
import {
  MAX_DISCOUNT,
  MAX_NUMBER_LENGTH,
  MAX_PRICE,
  MAX_QUANTITY,
  NOT_REGISTERED_GROUND,
  OTHER_GROUND,
} from "./constants";

/**
 * The editor's form as typed (strings), shared by the server (re-rendering after "add line"
 * without JavaScript, or after an error) and the browser (live totals).
 */
export interface EditorLine {
  description: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  discount: string;
  vatRate: string;
  /** The catalogue item the line was filled from (a hidden field); "" when typed by hand. */
  catalogueItemId: string;
}

// A type, not an interface: it is a FormAnswer's repopulateFields (a Record) as it is.
export type EditorValues = {
  type: string;
  clientId: string;
  language: string;
  issueDate: string;
  taxEventDate: string;
  dueDate: string;
  placeOfIssue: string;
  currency: string;
  eurRate: string;
  vatGround: string;
  vatGroundOther: string;
  paymentMethod: string;
  authorName: string;
  recipientName: string;
  notes: string;
  originalId: string;
  reason: string;
  /** "on": an invoice for an advance payment (decision 074). */
  advance: string;
  /** The advance invoices a final invoice deducts (only those ticked). */
  advanceDeductions: EditorDeduction[];
  lines: EditorLine[];
};

export const MAX_LINES = 200;

export function emptyLine(vatRate = "20"): EditorLine {
  return {
    description: "",
    quantity: "1",
    unit: "бр.",
    unitPrice: "",
    discount: "",
    vatRate,
    catalogueItemId: "",
  };
}

/** The editor's fields in the order the page shows them ("lines" is where the lines stand). */
export const FIELD_ORDER = [
  "type",
  "clientId",
  "language",
  "issueDate",
  "taxEventDate",
  "dueDate",
  "placeOfIssue",
  "originalId",
  "reason",
  "advance",
  "advanceDeductions",
  "lines",
  "currency",
  "eurRate",
  "vatGround",
  "vatGroundOther",
  "paymentMethod",
  "authorName",
  "recipientName",
  "notes",
] as const;
export const LINE_FIELDS = [
  "description",
  "quantity",
  "unit",
  "unitPrice",
  "discount",
  "vatRate",
] as const;
const FIELDS = FIELD_ORDER.filter((field) => field !== "lines" && field !== "advanceDeductions");

/** A posted form, or the query of the editor's searches without JavaScript (GET with the form). */
type FormLike = { get(key: string): unknown; keys(): IterableIterator<string> };

/** What the form holds, every line kept (empty ones too), in index order. */
export function valuesFromForm(form: FormLike): EditorValues {
  const get = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value : "";
  };
  const values = Object.fromEntries(FIELDS.map((key) => [key, get(key)])) as Omit<
    EditorValues,
    "lines" | "advanceDeductions"
  >;
  const indexes = new Set<number>();
  const deductions = new Set<number>();
  for (const key of form.keys()) {
    const match = /^lines\[(\d{1,3})\]\[/.exec(key);
    if (match) indexes.add(Number(match[1]));
    const deduction = /^advanceDeductions\[(\d{1,3})\]\[/.exec(key);
    if (deduction) deductions.add(Number(deduction[1]));
  }
  // A deduction is an advance ticked in «Приспадни аванс» (its amount typed beside it, or empty).
  const advanceDeductions = [...deductions]
    .sort((a, b) => a - b)
    .map((i) => ({
      advanceId: get(`advanceDeductions[${i}][advanceId]`),
      amount: get(`advanceDeductions[${i}][amount]`),
    }))
    .filter((d) => d.advanceId !== "");
  const lines = [...indexes]
    .sort((a, b) => a - b)
    .map((i) => ({
      description: get(`lines[${i}][description]`),
      quantity: get(`lines[${i}][quantity]`),
      unit: get(`lines[${i}][unit]`),
      unitPrice: get(`lines[${i}][unitPrice]`),
      discount: get(`lines[${i}][discount]`),
      vatRate: get(`lines[${i}][vatRate]`),
      catalogueItemId: get(`lines[${i}][catalogueItemId]`),
    }));
  return { ...values, advanceDeductions, lines };
}

export const isEmptyLine = (line: EditorLine) => !line.description.trim() && !line.unitPrice.trim();

/**
 * The editor's values as the document schema's input (the one reading of the form): lines left
 * empty dropped, «Друго основание» in place of the ground.
 */
export function documentInputOf(values: EditorValues): Record<string, unknown> {
  const { lines, vatGroundOther, advanceDeductions, ...fields } = values;
  // A field left empty is a field not given: the schema's default (EUR, bank…) or its message.
  const given = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ""));
  const vatGround = fields.vatGround === "other" ? vatGroundOther : fields.vatGround;
  return {
    ...given,
    ...(vatGround ? { vatGround } : {}),
    advanceDeductions: (advanceDeductions ?? []).map((d) => ({
      advanceId: d.advanceId,
      ...(d.amount.trim() ? { amount: d.amount } : {}),
    })),
    lines: lines.filter((line) => !isEmptyLine(line)),
  };
}

/**
 * A line's quantity, unit price and discount read by the line schema's rules and bounds
 * (schema.ts), without zod: null while one of them does not parse or is out of bounds.
 */
function lineAmounts(
  line: EditorLine,
): { quantity: bigint; unitPrice: bigint; discount: bigint } | null {
  const read = (value: string, scale: number, within: (v: bigint) => boolean) => {
    if (value.length > MAX_NUMBER_LENGTH) return null;
    const parsed = parseDecimal(value, scale);
    return parsed !== null && within(parsed) ? parsed : null;
  };
  const quantity = read(line.quantity, QUANTITY_SCALE, (v) => v > 0n && v < MAX_QUANTITY);
  const unitPrice = read(line.unitPrice, PRICE_SCALE, (v) => v >= 0n && v < MAX_PRICE);
  const discount =
    line.discount === ""
      ? 0n
      : read(line.discount, DISCOUNT_SCALE, (v) => v >= 0n && v <= MAX_DISCOUNT);
  return quantity === null || unitPrice === null || discount === null
    ? null
    : { quantity, unitPrice, discount };
}

/**
 * Totals of what is typed so far, by the same rule as the stored document; a value that does not
 * parse yet counts as 0. A company not registered for VAT charges none.
 */
export function draftTotals(
  lines: EditorLine[],
  vatRegistered: boolean,
): {
  nets: (number | null)[];
  totals: Totals;
} {
  // A value that does not parse yet leaves its line out (the editor says why next to the field).
  const nets = lines.map((line) => {
    const amounts = lineAmounts(line);
    return amounts ? lineNetCents(amounts.quantity, amounts.unitPrice, amounts.discount) : null;
  });
  const totals = computeTotals(
    lines.map((line, i) => ({
      netCents: nets[i] ?? 0,
      vatRate:
        !vatRegistered || line.vatRate === "none" || line.vatRate === ""
          ? null
          : Number(line.vatRate),
    })),
  );
  return { nets, totals };
}

const NOT_A_NUMBER = "Не е число: пишете като 1250,50 или 1 250,50";

/**
 * What is wrong with a line's numbers as typed, before anything is sent: the live totals leave such
 * a line out, and the editor says why next to the field instead of quietly counting it as 0.
 */
export function lineProblems(
  line: EditorLine,
): Partial<Record<"quantity" | "unitPrice" | "discount", string>> {
  const problems: Partial<Record<"quantity" | "unitPrice" | "discount", string>> = {};
  const check = (field: "quantity" | "unitPrice" | "discount", scale: number) => {
    const value = line[field].trim();
    if (value && parseDecimal(value, scale) === null) {
      problems[field] = decimalProblem(value) ?? NOT_A_NUMBER;
    }
  };
  check("quantity", 3);
  check("unitPrice", 4);
  check("discount", 2);
  return problems;
}

/** A client as the editor's picker has it (the chosen one, the search results, /api/clients). */
export interface EditorClient {
  id: string;
  name: string;
  eik: string | null;
  vatNumber: string | null;
  currency: string;
  paymentTermDays: number;
  mol: string | null;
  vatTreatment: VatTreatment;
  /** The language the client is invoiced in ("bg" or "en"). */
  language?: string;
  /**
   * How НАП's files (Windows-1251) will write the name, if not as is: filled in by the server for
   * the clients a page is drawn with; the combobox works it out for a client picked from the API.
   */
  nameWarning?: string | null;
}

/** An item of the catalogue as the editor's picker has it (/api/catalogue's JSON). */
export type CatalogueOption = CatalogueItemJson;

/** How many clients the editor lists without JavaScript (a search narrows them). */
export const CLIENT_SEARCH_LIMIT = 20;

/**
 * The editor's searches: the chosen client and up to 20 others to choose from (matches of
 * «Търси клиент», else the first by name), never the whole list; and the catalogue's matches.
 */
export interface EditorSearch {
  clientQ: string;
  /** The client the document names (an archived one too), apart from the results. */
  client: EditorClient | null;
  clients: EditorClient[];
  /** More active clients match than are listed. */
  moreClients: boolean;
  catalogueQ: string;
  /** The catalogue's matches; null when nothing was searched. */
  catalogue: CatalogueOption[] | null;
}

/** The formId of the document editor's answer (/invoice/new, /invoice/edit/{id}). */
export const EDITOR_FORM = "document";

/**
 * The editor's answer (decision 054): a FormAnswer whose typed values are the editor's (nested
 * lines; messages by "lines.2.unitPrice"), with what only the editor needs beside it.
 */
export type EditorActionData = FormAnswer & {
  formId: typeof EDITOR_FORM;
  repopulateFields: EditorValues;
  /** The ECB's rate the form's rate is (ecbRateNoteOf), or null. */
  rateNote?: string | null;
  /** Changes after every server re-render so the uncontrolled inputs take the new values. */
  revision: number;
  /** The client to show and the searches' results, for the form as it comes back. */
  search: EditorSearch;
};

/** The answer when it is the editor's own (not one about any form, e.g. the company's). */
export function editorAnswerOf(answer: FormAnswer | undefined): EditorActionData | undefined {
  return answer?.formId === EDITOR_FORM ? (answer as EditorActionData) : undefined;
}

/**
 * The VAT rate and ground a client's treatment suggests for new lines; `standardRate` is the
 * highest rate in force on the document's date.
 */
export function vatDefaults(
  treatment: VatTreatment | undefined,
  vatRegistered: boolean,
  standardRate = "20",
) {
  if (!vatRegistered) return { vatRate: "none", vatGround: NOT_REGISTERED_GROUND };
  switch (treatment) {
    case "reverse_charge":
      return { vatRate: "none", vatGround: "чл. 21, ал. 2 от ЗДДС" };
    case "intra_community":
      return { vatRate: "0", vatGround: "чл. 53, ал. 1 от ЗДДС" };
    case "export":
      return { vatRate: "0", vatGround: "чл. 28 от ЗДДС" };
    case "exempt":
      return { vatRate: "none", vatGround: "" };
    default:
      return { vatRate: standardRate, vatGround: "" };
  }
}

/**
 * The treatments under which a document to the client charges no VAT (reverse charge, an
 * intra-Community supply, an export): the client's treatment wins over a catalogue item's rate,
 * and the server refuses VAT on such a document (issue #25).
 */
export const NO_VAT_TREATMENTS: readonly VatTreatment[] = [
  "reverse_charge",
  "intra_community",
  "export",
];

/** Whether a line's rate charges VAT ("20", "9"), as the editor's select has it. */
const chargesVat = (vatRate: string) => vatRate !== "none" && vatRate !== "" && vatRate !== "0";

/** A ground from the list valid on the day is selected; any other text is «Друго основание». */
export function groundValues(
  ground: string | null,
  grounds: readonly Pick<VatGroundRow, "text">[],
): { vatGround: string; vatGroundOther: string } {
  if (!ground) return { vatGround: "", vatGroundOther: "" };
  return grounds.some((g) => g.text === ground)
    ? { vatGround: ground, vatGroundOther: "" }
    : { vatGround: OTHER_GROUND, vatGroundOther: ground };
}

/**
 * What choosing a client fills in: its currency (a BGN client gets EUR: documents are in euro
 * since 2026), the due date by its payment term, its МОЛ as the recipient, and the VAT rate and
 * ground its treatment suggests. The browser applies it as the client is chosen; the server, when
 * «Избери клиента» is sent without JavaScript.
 */
export function clientTerms(
  client: EditorClient,
  context: { vatRegistered: boolean; standardRate: string; issueDate: string },
) {
  return {
    /** A client invoiced in English gets an English document; else the language stays. */
    language: client.language === "en" ? "en" : null,
    currency: client.currency === "BGN" ? "EUR" : client.currency,
    dueDate: isIsoDate(context.issueDate)
      ? addDays(context.issueDate, client.paymentTermDays)
      : null,
    recipientName: client.mol ?? "",
    ...vatDefaults(client.vatTreatment, context.vatRegistered, context.standardRate),
  };
}

/** The form's values once a client is chosen (what was typed in the recipient and lines stays). */
export function withClientTerms(
  values: EditorValues,
  client: EditorClient,
  context: { vatRegistered: boolean; standardRate: string },
  grounds: readonly Pick<VatGroundRow, "text">[],
): EditorValues {
  const terms = clientTerms(client, { ...context, issueDate: values.issueDate });
  const noVat = NO_VAT_TREATMENTS.includes(client.vatTreatment);
  return {
    ...values,
    clientId: client.id,
    language: terms.language ?? values.language,
    currency: terms.currency,
    dueDate: terms.dueDate ?? values.dueDate,
    recipientName: values.recipientName || terms.recipientName,
    // A company not registered for VAT has no ground to choose (its documents print чл. 113).
    ...(terms.vatGround && context.vatRegistered ? groundValues(terms.vatGround, grounds) : {}),
    // An empty line takes the client's rate; a typed one keeps its own, unless it charges VAT
    // to a client that is charged none (reverse charge, intra-Community supply, export).
    lines: values.lines.map((line) =>
      line.description.trim() && !(noVat && chargesVat(line.vatRate))
        ? line
        : { ...line, vatRate: terms.vatRate },
    ),
  };
}

/**
 * A line filled from a catalogue item: its name (the English one on an English document, when
 * it has one), unit, price without VAT as it is, and rate — none when the company charges no VAT,
 * and the client's when its treatment charges none (a reverse-charge client's line stays «Без
 * ДДС», whatever rate the item has): the client wins over the item's defaults.
 */
export function lineFromCatalogue(
  item: CatalogueOption,
  context: { language: string; vatRegistered: boolean; treatment?: VatTreatment | undefined },
  quantity = "1",
): EditorLine {
  const treatment = context.treatment;
  const vatRate = !context.vatRegistered
    ? "none"
    : treatment && NO_VAT_TREATMENTS.includes(treatment)
      ? vatDefaults(treatment, true).vatRate
      : item.vatRate !== null
        ? String(item.vatRate)
        : "none";
  return {
    description: context.language === "en" && item.nameEn ? item.nameEn : item.name,
    quantity,
    unit: item.unit,
    unitPrice: formatPrice(parseDecimal(item.unitPrice, PRICE_SCALE) ?? 0n),
    discount: "",
    vatRate,
    catalogueItemId: item.id,
  };
}

/** Why a line with VAT is refused for a client charged none, in Bulgarian. */
export function noVatMessage(treatment: VatTreatment): string {
  const why =
    treatment === "reverse_charge"
      ? "е с обратно начисляване (чл. 21, ал. 2 от ЗДДС): ДДС начислява получателят"
      : treatment === "intra_community"
        ? "получава вътреобщностна доставка (чл. 53 от ЗДДС): ставката е 0 %"
        : "е за износ (чл. 28 от ЗДДС): ставката е 0 %";
  return `Клиентът ${why}. Изберете «Без ДДС» или 0 % вместо ставка с ДДС.`;
}
