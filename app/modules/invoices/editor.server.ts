import type { AppLoadContext } from "@remix-run/node";
import type { Kysely } from "kysely";
import type { SessionUser } from "~/modules/auth/session.server";
import { catalogueItemJson, getCatalogueItem } from "~/modules/catalogue/queries.server";
import { getClient } from "~/modules/clients/queries.server";
import { ecbRateOn, ecbRateToFill } from "~/modules/reference/ecb-rates.server";
import {
  groundsOn,
  ratesOn,
  type VatGroundRow,
  type VatRateRow,
  vatDateOf,
} from "~/modules/reference/vat";
import { allVatGrounds, allVatRates } from "~/modules/reference/vat.server";
import { addDays, isIsoDate, todayInSofia } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { UNKNOWN_INTENT } from "~/utils/forms.server";
import { formatPrice, formatScaled, parseDecimal } from "~/utils/money";
import { isOwnKey } from "~/utils/own-keys";
import { fieldErrorsOf } from "~/utils/schema";
import type { Database } from "~db/types";
import { recordDocumentAct } from "./acts.server";
import { openAdvances } from "./advances.server";
import {
  createDraft,
  type DocumentWithLines,
  documentsOf,
  getDocument,
  updateDraft,
} from "./documents.server";
import {
  documentInputOf,
  EDITOR_FORM,
  type EditorActionData,
  type EditorLine,
  type EditorValues,
  emptyLine,
  FIELD_ORDER,
  groundValues,
  isEmptyLine,
  LINE_FIELDS,
  lineFromCatalogue,
  MAX_LINES,
  valuesFromForm,
  vatDefaults,
  withClientTerms,
} from "./editor";
import { editorOptions, editorSearch } from "./editor-search.server";
import { DOCUMENT_MESSAGES, DOCUMENT_TYPES, documentSchemaFor } from "./schema";

type CompanyUser = SessionUser & { companyId: string };

/** The highest rate in force on a day ("20" if the table has none then: the server refuses it). */
function standardRateOn(rates: readonly VatRateRow[], day: string) {
  return String(ratesOn(rates, day)[0]?.rate ?? 20);
}

function linesOf(doc: DocumentWithLines): EditorLine[] {
  // A deduction of an advance is its own choice in the editor, not a typed line (decision 074).
  return doc.lines
    .filter((line) => !line.advanceId)
    .map((line) => ({
      description: line.description,
      quantity: formatScaled(parseDecimal(line.quantity, 3) ?? 0n, 3),
      unit: line.unit,
      unitPrice: formatPrice(parseDecimal(line.unitPrice, 4) ?? 0n),
      discount:
        Number(line.discountPercent) > 0
          ? formatScaled(parseDecimal(line.discountPercent, 2) ?? 0n, 2)
          : "",
      vatRate: line.vatRate === null ? "none" : String(line.vatRate),
      catalogueItemId: line.catalogueItemId ?? "",
    }));
}

/** A stored draft as the editor shows it; `grounds` are those valid on its date. */
export function valuesFromDocument(
  doc: DocumentWithLines,
  grounds: readonly Pick<VatGroundRow, "text">[],
): EditorValues {
  return {
    type: doc.type,
    clientId: doc.clientId,
    language: doc.language,
    issueDate: doc.issueDate,
    taxEventDate: doc.taxEventDate ?? "",
    dueDate: doc.dueDate ?? "",
    placeOfIssue: doc.placeOfIssue ?? "",
    currency: doc.currency,
    eurRate: doc.eurRate ? doc.eurRate.replace(/0+$/, "").replace(/\.$/, "") : "",
    ...groundValues(doc.vatGround, grounds),
    paymentMethod: doc.paymentMethod,
    authorName: doc.authorName ?? "",
    recipientName: doc.recipientName ?? "",
    notes: doc.notes ?? "",
    originalId: doc.originalId ?? "",
    reason: doc.reason ?? "",
    advance: doc.advance ? "on" : "",
    advanceDeductions: doc.lines.flatMap((line) =>
      line.advanceId
        ? [{ advanceId: line.advanceId, amount: formatScaled(BigInt(-line.netCents), 2) }]
        : [],
    ),
    lines: linesOf(doc),
  };
}

/**
 * A new document: today, the client's terms (else the company's defaults: payment term, language,
 * notes), or a copy of the invoice a note corrects.
 */
export async function newDocumentValues(
  db: Kysely<Database>,
  user: CompanyUser,
  search: URLSearchParams,
): Promise<EditorValues> {
  const [company, rates, allGrounds] = await Promise.all([
    db
      .selectFrom("companies")
      .select([
        "isVatRegistered",
        "useEnglishInvoices",
        "city",
        "defaultPaymentTermDays",
        "defaultLanguage",
        "defaultNotes",
      ])
      .where("id", "=", user.companyId)
      .executeTakeFirstOrThrow(),
    allVatRates(db),
    allVatGrounds(db),
  ]);
  const today = todayInSofia();
  const grounds = groundsOn(allGrounds, today);
  const requestedType = search.get("type") ?? "invoice";
  const type = isOwnKey(DOCUMENT_TYPES, requestedType) ? requestedType : "invoice";
  const from = await getDocument(
    db,
    user.companyId,
    search.get("from") ?? undefined,
    documentsOf(user),
  );
  const client = await getClient(
    db,
    user.companyId,
    from?.clientId ?? search.get("clientId") ?? undefined,
  );
  const defaults = vatDefaults(
    client?.vatTreatment,
    company.isVatRegistered,
    standardRateOn(rates, today),
  );
  const base: EditorValues = {
    type,
    clientId: client?.id ?? "",
    // A client invoiced in English gets English (when the company issues English documents);
    // otherwise the company's default language.
    language:
      company.useEnglishInvoices && client?.language === "en" ? "en" : company.defaultLanguage,
    issueDate: today,
    taxEventDate: "",
    dueDate: addDays(today, client ? client.paymentTermDays : company.defaultPaymentTermDays),
    placeOfIssue: company.city,
    currency: client && client.currency !== "BGN" ? client.currency : "EUR",
    eurRate: "",
    ...groundValues(defaults.vatGround || null, grounds),
    paymentMethod: "bank",
    authorName: `${user.firstName} ${user.lastName}`.trim(),
    recipientName: client?.mol ?? "",
    notes: company.defaultNotes ?? "",
    originalId: "",
    reason: "",
    advance: "",
    advanceDeductions: [],
    lines: [emptyLine(defaults.vatRate)],
  };
  if (!from) return base;
  const copy = valuesFromDocument(from, grounds);
  const isNote = type === "credit_note" || type === "debit_note";
  return {
    ...base,
    language: copy.language,
    currency: copy.currency,
    eurRate: copy.eurRate,
    vatGround: copy.vatGround,
    vatGroundOther: copy.vatGroundOther,
    paymentMethod: copy.paymentMethod,
    originalId: isNote && from.type === "invoice" && from.status === "issued" ? from.id : "",
    lines: copy.lines,
  };
}

/**
 * What the editor's form was sent by GET for, without JavaScript: «Търси клиент» (client),
 * «Избери клиента» (choose: the chosen client's terms are filled in) or «Търси в каталога».
 */
const SEARCHES = ["client", "choose", "catalogue"] as const;

/**
 * What the editor's page shows: the values (a new document or a stored draft — or, after a
 * search made without JavaScript, what the form held, sent with it by GET so nothing typed is
 * lost), its options and its searches. `?clientQ=` searches the clients; «Избери клиента»
 * (`search=choose`) fills in the chosen client's terms, as choosing one does with JavaScript;
 * `?catalogueQ=` searches the catalogue.
 */
export async function loadEditor(
  db: Kysely<Database>,
  companyId: string,
  url: URL,
  initial: (grounds: VatGroundRow[]) => Promise<EditorValues> | EditorValues,
  /** Staff limited to their own documents: the invoices a note may correct are theirs. */
  createdBy: string | null = null,
) {
  const params = url.searchParams;
  const searched = SEARCHES.find((s) => s === params.get("search"));
  const options = await editorOptions(db, companyId, createdBy);
  let values: EditorValues;
  if (searched) {
    values = valuesFromForm(params);
    if (!values.lines.length) values.lines.push(emptyLine());
  } else {
    values = await initial(options.vatGrounds);
  }
  const search = await editorSearch(db, companyId, {
    clientId: values.clientId,
    clientQ: params.get("clientQ") ?? "",
    catalogueQ: params.get("catalogueQ") ?? "",
    catalogue: searched === "catalogue",
  });
  if (searched === "choose" && search.client) {
    const day = dayOfValues(values);
    values = withClientTerms(
      values,
      search.client,
      { vatRegistered: options.vatRegistered, standardRate: standardRateOn(options.vatRates, day) },
      groundsOn(options.vatGrounds, day),
    );
  }
  return {
    ...options,
    values,
    // «Приспадни аванс»: the open advances the person reads, and those the draft deducts.
    advances: await openAdvances(
      db,
      companyId,
      createdBy,
      values.advanceDeductions.map((d) => d.advanceId),
    ),
    search,
    rateNote: await ecbRateNoteOf(db, values),
    // A page re-rendered from a search starts its uncontrolled inputs afresh.
    revision: searched ? `search:${params.toString().length}:${Date.now()}` : undefined,
    focus: searched === "catalogue" ? "catalogue-results" : searched ? "clientId" : undefined,
  };
}

/** The day a new document's rates are read for: its tax event's or issue date, else today. */
function dayOfValues(values: Pick<EditorValues, "issueDate" | "taxEventDate">): string {
  const day = vatDateOf({
    issueDate: values.issueDate,
    taxEventDate: isIsoDate(values.taxEventDate) ? values.taxEventDate : null,
  });
  return isIsoDate(day) ? day : todayInSofia();
}

/**
 * The note beside the editor's rate (decision 051): the ECB's rate of the document's tax event (or
 * issue) date, when the currency is foreign and the rate is the ECB's, or empty (filled in on save).
 */
export async function ecbRateNoteOf(
  db: Kysely<Database>,
  values: Pick<EditorValues, "currency" | "eurRate" | "issueDate" | "taxEventDate">,
): Promise<string | null> {
  const ecb = await ecbRateOn(db, values.currency, values.taxEventDate || values.issueDate);
  if (!ecb) return null;
  if (values.eurRate.trim() === "") return `${ecb.note} (попълва се при запис)`;
  const typed = parseDecimal(values.eurRate, 8);
  return typed !== null && typed === parseDecimal(ecb.eurRate, 8) ? ecb.note : null;
}

export type { EditorActionData } from "./editor";

const FORM_ERROR = "Документът не е запазен: поправете отбелязаните полета.";

/** The form control of the first error on the page: "lines.2.unitPrice" → "lines[2][unitPrice]". */
export function firstInvalidField(errors: Record<string, string>): string | undefined {
  const keys = Object.keys(errors).sort((a, b) => rank(a) - rank(b));
  const first = keys[0];
  if (!first) return undefined;
  if (first.startsWith("advanceDeductions")) return "advance-deductions";
  const line = /^lines\.(\d+)\.(\w+)$/.exec(first);
  if (line) return `lines[${line[1]}][${line[2]}]`;
  return first === "lines" ? "lines-heading" : first;
}

function rank(key: string): number {
  const line = /^lines\.(\d+)\.(\w+)$/.exec(key);
  const base = (FIELD_ORDER as readonly string[]).indexOf(line ? "lines" : key);
  // A line's own field before the message about all lines.
  if (key === "lines") return base * 100_000 + 99_999;
  if (!line) return (base < 0 ? FIELD_ORDER.length : base) * 100_000;
  const field = (LINE_FIELDS as readonly string[]).indexOf(line[2] ?? "");
  return base * 100_000 + Number(line[1]) * 10 + field;
}

/** The messages and focus of an answer; the rest (typed values, searches) the editor adds. */
type EditorMessages = Pick<EditorActionData, "fieldErrors" | "formError" | "focus">;

/** What the editor does with a submitted form, for its two routes to answer (HTTP stays there). */
export type EditorOutcome =
  /** The form comes back: a line added or removed, or refused (status 400 or the rule's). */
  | { kind: "form"; status: number; answer: EditorActionData }
  /** The draft is stored; the intent says where to go. */
  | { kind: "saved"; id: string; intent: "save" | "preview" | "issue" };

/**
 * The editor's steps for /invoice/new and /invoice/edit/{id}. Without JavaScript, "add line" and
 * "remove line" post the whole form and come back re-rendered; save, preview and issue validate the
 * form (the same values the page shows, parsed once), store the draft and go on.
 */
export async function submitEditor(
  context: Pick<AppLoadContext, "db" | "clientIp">,
  user: CompanyUser,
  form: FormData,
  existing?: DocumentWithLines,
): Promise<EditorOutcome> {
  const { db } = context;
  const intent = String(form.get("intent") ?? "save");
  const values = valuesFromForm(form);
  const revision = Date.now();
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value : "";
  };
  const back = async (
    answer: EditorMessages,
    status = 200,
    catalogue = false,
  ): Promise<EditorOutcome> => {
    // The form comes back with its searches as they were (their fields are sent with it).
    const search = await editorSearch(db, user.companyId, {
      clientId: values.clientId,
      clientQ: text("clientQ"),
      catalogueQ: text("catalogueQ"),
      catalogue,
    });
    // What was typed comes back as it was (refuseForm shows it without NUL, capped).
    return {
      kind: "form",
      status,
      answer: {
        formId: EDITOR_FORM,
        repopulateFields: values,
        revision,
        search,
        rateNote: await ecbRateNoteOf(db, values),
        ...answer,
      },
    };
  };

  if (intent === "addLine") {
    const vatRate = values.lines.at(-1)?.vatRate ?? "20";
    if (values.lines.length < MAX_LINES) values.lines.push(emptyLine(vatRate));
    return back({ fieldErrors: {}, focus: `lines[${values.lines.length - 1}][description]` });
  }
  const remove = /^removeLine:(\d{1,3})$/.exec(intent);
  if (remove) {
    values.lines.splice(Number(remove[1]), 1);
    if (!values.lines.length) values.lines.push(emptyLine());
    return back({ fieldErrors: {}, focus: "lines-heading" });
  }
  const fromCatalogue = /^addCatalogue:(.{1,40})$/.exec(intent);
  if (fromCatalogue) {
    return addFromCatalogue(db, user.companyId, values, fromCatalogue[1] ?? "", (answer, status) =>
      back(answer, status, true),
    );
  }
  if (intent !== "save" && intent !== "preview" && intent !== "issue") {
    return back({ fieldErrors: {}, formError: UNKNOWN_INTENT }, 400);
  }

  // A foreign currency's rate left empty is the ECB's of the tax event's (else the issue) date, or
  // the last one before it (decision 051); a typed rate stays.
  const ecb = await ecbRateToFill(db, {
    currency: values.currency,
    eurRate: values.eurRate,
    date: values.taxEventDate || values.issueDate,
  });
  if (ecb) values.eurRate = ecb.eurRate.replace(".", ",");
  // What is validated is what is kept: rows left empty are dropped before the line numbers count.
  values.lines = values.lines.filter((line) => !isEmptyLine(line));
  // A line's rate must be in force on the document's date (the rows are read on every save).
  const parsed = documentSchemaFor(await allVatRates(db)).safeParse(documentInputOf(values));
  if (!values.lines.length) values.lines.push(emptyLine());
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    // No line filled: the empty row on the page is there, so it is what lacks a description —
    // «Добавете поне един ред» would ask for a row the person sees (issue #31 item 4).
    if (fieldErrors.lines === DOCUMENT_MESSAGES.noLines) {
      fieldErrors.lines = DOCUMENT_MESSAGES.emptyLines;
      fieldErrors["lines.0.description"] ??= DOCUMENT_MESSAGES.description;
    }
    return back({ fieldErrors, formError: FORM_ERROR, focus: firstInvalidField(fieldErrors) }, 400);
  }
  let id = existing?.id;
  try {
    // The documents it refers to are those the person reads (issue #43 item 2).
    if (id) await updateDraft(db, user.companyId, id, parsed.data, documentsOf(user));
    else {
      id = await createDraft(db, user.companyId, user.id, parsed.data, {
        documentsOf: documentsOf(user),
      });
    }
    await recordDocumentAct(context, user, existing ? "document.update" : "document.create", {
      id,
      type: parsed.data.type,
      number: null,
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const fieldErrors = error.fields ?? {};
    const formError = error.fields ? FORM_ERROR : error.message;
    return back({ fieldErrors, formError, focus: firstInvalidField(fieldErrors) }, error.status);
  }
  return { kind: "saved", id, intent };
}

/**
 * «Добави» by a catalogue item (the editor without JavaScript): a line filled from the item —
 * in the empty last row if there is one, else a new row — with everything typed kept; the item's
 * ground fills the document's when it has none yet.
 */
async function addFromCatalogue(
  db: Kysely<Database>,
  companyId: string,
  values: EditorValues,
  itemId: string,
  back: (answer: EditorMessages, status?: number) => Promise<EditorOutcome>,
): Promise<EditorOutcome> {
  const item = await getCatalogueItem(db, companyId, itemId);
  if (!item || item.archivedAt) {
    return back({ fieldErrors: {}, formError: "Артикулът не е намерен в каталога" }, 404);
  }
  const [company, client] = await Promise.all([
    db
      .selectFrom("companies")
      .select("isVatRegistered")
      .where("id", "=", companyId)
      .executeTakeFirstOrThrow(),
    getClient(db, companyId, values.clientId || undefined),
  ]);
  const json = catalogueItemJson(item);
  const last = values.lines.at(-1);
  const reuse = last !== undefined && isEmptyLine(last);
  if (!reuse && values.lines.length >= MAX_LINES) {
    return back({ fieldErrors: {}, formError: DOCUMENT_MESSAGES.tooManyLines }, 400);
  }
  // The document's client wins over the item's defaults: a reverse-charge line stays «Без ДДС».
  const line = lineFromCatalogue(json, {
    language: values.language,
    vatRegistered: company.isVatRegistered,
    treatment: client?.vatTreatment,
  });
  if (reuse) values.lines[values.lines.length - 1] = line;
  else values.lines.push(line);
  if (json.vatGround && !values.vatGround && !values.vatGroundOther) {
    const grounds = groundsOn(await allVatGrounds(db), dayOfValues(values));
    Object.assign(values, groundValues(json.vatGround, grounds));
  }
  return back({ fieldErrors: {}, focus: `lines[${values.lines.length - 1}][quantity]` });
}
