import type { Kysely } from "kysely";
import type { SessionUser } from "~/modules/auth/session.server";
import { getClient } from "~/modules/clients/queries.server";
import { addDays, todayInSofia } from "~/utils/dates";
import { AppError } from "~/utils/http.server";
import { formatPrice, formatScaled, parseDecimal } from "~/utils/money";
import { fieldErrorsOf } from "~/utils/schema";
import type { Database, VatTreatment } from "~db/types";
import {
  createDraft,
  type DocumentWithLines,
  getDocument,
  invoicesForNotes,
  updateDraft,
} from "./documents.server";
import {
  documentInputOf,
  type EditorLine,
  type EditorValues,
  emptyLine,
  FIELD_ORDER,
  isEmptyLine,
  LINE_FIELDS,
  MAX_LINES,
  valuesFromForm,
} from "./editor";
import {
  DOCUMENT_MESSAGES,
  DOCUMENT_TYPES,
  documentSchema,
  NOT_REGISTERED_GROUND,
  VAT_GROUNDS,
} from "./schema";

type CompanyUser = SessionUser & { companyId: string };

/** The VAT rate and ground a client's treatment suggests for new lines. */
export function vatDefaults(treatment: VatTreatment | undefined, vatRegistered: boolean) {
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
      return { vatRate: "20", vatGround: "" };
  }
}

function groundValues(ground: string | null) {
  if (!ground) return { vatGround: "", vatGroundOther: "" };
  return VAT_GROUNDS.some((g) => g.text === ground)
    ? { vatGround: ground, vatGroundOther: "" }
    : { vatGround: "other", vatGroundOther: ground };
}

function linesOf(doc: DocumentWithLines): EditorLine[] {
  return doc.lines.map((line) => ({
    description: line.description,
    quantity: formatScaled(parseDecimal(line.quantity, 3) ?? 0n, 3),
    unit: line.unit,
    unitPrice: formatPrice(parseDecimal(line.unitPrice, 4) ?? 0n),
    discount:
      Number(line.discountPercent) > 0
        ? formatScaled(parseDecimal(line.discountPercent, 2) ?? 0n, 2)
        : "",
    vatRate: line.vatRate === null ? "none" : String(line.vatRate),
  }));
}

/** A stored draft as the editor shows it. */
export function valuesFromDocument(doc: DocumentWithLines): EditorValues {
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
    ...groundValues(doc.vatGround),
    paymentMethod: doc.paymentMethod,
    authorName: doc.authorName ?? "",
    recipientName: doc.recipientName ?? "",
    notes: doc.notes ?? "",
    originalId: doc.originalId ?? "",
    reason: doc.reason ?? "",
    lines: linesOf(doc),
  };
}

/** A new document: today, the client's terms, or a copy of the invoice a note corrects. */
export async function newDocumentValues(
  db: Kysely<Database>,
  user: CompanyUser,
  search: URLSearchParams,
): Promise<EditorValues> {
  const company = await db
    .selectFrom("companies")
    .select(["isVatRegistered", "useEnglishInvoices", "city"])
    .where("id", "=", user.companyId)
    .executeTakeFirstOrThrow();
  const today = todayInSofia();
  const requestedType = search.get("type") ?? "invoice";
  const type = requestedType in DOCUMENT_TYPES ? requestedType : "invoice";
  const from = await getDocument(db, user.companyId, search.get("from") ?? undefined);
  const client = await getClient(
    db,
    user.companyId,
    from?.clientId ?? search.get("clientId") ?? undefined,
  );
  const defaults = vatDefaults(client?.vatTreatment, company.isVatRegistered);
  const base: EditorValues = {
    type,
    clientId: client?.id ?? "",
    language: company.useEnglishInvoices && client?.language === "en" ? "en" : "bg",
    issueDate: today,
    taxEventDate: "",
    dueDate: client ? addDays(today, client.paymentTermDays) : addDays(today, 7),
    placeOfIssue: company.city,
    currency: client && client.currency !== "BGN" ? client.currency : "EUR",
    eurRate: "",
    ...groundValues(defaults.vatGround || null),
    paymentMethod: "bank",
    authorName: `${user.firstName} ${user.lastName}`.trim(),
    recipientName: client?.mol ?? "",
    notes: "",
    originalId: "",
    reason: "",
    lines: [emptyLine(defaults.vatRate)],
  };
  if (!from) return base;
  const copy = valuesFromDocument(from);
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

/** Everything the editor's selects offer. */
export async function editorOptions(
  db: Kysely<Database>,
  companyId: string,
  currentClientId?: string,
) {
  const [clients, company, invoices] = await Promise.all([
    db
      .selectFrom("clients")
      .select(["id", "name", "currency", "language", "paymentTermDays", "vatTreatment", "mol"])
      .where("companyId", "=", companyId)
      // Archived clients are not offered, except the one a draft already names.
      .where((eb) =>
        currentClientId
          ? eb.or([eb("archivedAt", "is", null), eb("id", "=", currentClientId)])
          : eb("archivedAt", "is", null),
      )
      .orderBy("name")
      .execute(),
    db
      .selectFrom("companies")
      .select(["isVatRegistered", "useEnglishInvoices"])
      .where("id", "=", companyId)
      .executeTakeFirstOrThrow(),
    invoicesForNotes(db, companyId),
  ]);
  return {
    clients: clients.map((c) => ({
      ...c,
      ...vatDefaults(c.vatTreatment, company.isVatRegistered),
    })),
    vatRegistered: company.isVatRegistered,
    invoices: invoices.map((i) => ({
      id: i.id,
      label: `№ ${i.number} от ${i.issueDate.split("-").reverse().join(".")} — ${i.clientName}`,
    })),
  };
}

export type EditorActionData = {
  values: EditorValues;
  errors: Record<string, string>;
  formError?: string;
  /** Changes after every server re-render so the uncontrolled inputs take the new values. */
  revision: number;
  focus?: string;
};

const FORM_ERROR = "Документът не е запазен: поправете отбелязаните полета.";

/** The form control of the first error on the page: "lines.2.unitPrice" → "lines[2][unitPrice]". */
export function firstInvalidField(errors: Record<string, string>): string | undefined {
  const keys = Object.keys(errors).sort((a, b) => rank(a) - rank(b));
  const first = keys[0];
  if (!first) return undefined;
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
  db: Kysely<Database>,
  user: CompanyUser,
  form: FormData,
  existing?: DocumentWithLines,
): Promise<EditorOutcome> {
  const intent = String(form.get("intent") ?? "save");
  const values = valuesFromForm(form);
  const revision = Date.now();
  const back = (answer: Omit<EditorActionData, "values" | "revision">, status = 200) =>
    ({ kind: "form", status, answer: { values, revision, ...answer } }) as const;

  if (intent === "addLine") {
    const vatRate = values.lines.at(-1)?.vatRate ?? "20";
    if (values.lines.length < MAX_LINES) values.lines.push(emptyLine(vatRate));
    return back({ errors: {}, focus: `lines[${values.lines.length - 1}][description]` });
  }
  const remove = /^removeLine:(\d{1,3})$/.exec(intent);
  if (remove) {
    values.lines.splice(Number(remove[1]), 1);
    if (!values.lines.length) values.lines.push(emptyLine());
    return back({ errors: {}, focus: "lines-heading" });
  }
  if (intent !== "save" && intent !== "preview" && intent !== "issue") {
    return back({ errors: {}, formError: "Неизвестно действие" }, 400);
  }

  // What is validated is what is kept: rows left empty are dropped before the line numbers count.
  values.lines = values.lines.filter((line) => !isEmptyLine(line));
  const parsed = documentSchema.safeParse(documentInputOf(values));
  if (!values.lines.length) values.lines.push(emptyLine());
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error);
    // No line at all: the one empty row left is where the description is missing, so mark it.
    if (errors.lines === DOCUMENT_MESSAGES.noLines) {
      errors["lines.0.description"] ??= DOCUMENT_MESSAGES.description;
    }
    return back({ errors, formError: FORM_ERROR, focus: firstInvalidField(errors) }, 400);
  }
  let id = existing?.id;
  try {
    if (id) await updateDraft(db, user.companyId, id, parsed.data);
    else id = await createDraft(db, user.companyId, user.id, parsed.data);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const errors = error.fields ?? {};
    const formError = error.fields ? FORM_ERROR : error.message;
    return back({ errors, formError, focus: firstInvalidField(errors) }, error.status);
  }
  return { kind: "saved", id, intent };
}
