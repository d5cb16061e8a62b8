import { createHash } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import type { Kysely } from "kysely";
import type { Actor } from "~/modules/audit/trail.server";
import { hurryPdf, renderInPool } from "~/modules/pdf/pool.server";
import { vatDateOf } from "~/modules/reference/vat";
import { vatGroundOf } from "~/modules/reference/vat.server";
import { contentDisposition } from "~/utils/content-disposition";
import { isUuid } from "~/utils/uuid";
import type { Database, DocumentRow } from "~db/types";
import {
  type DocumentWithLines,
  documentVisibleTo,
  getDocument,
  issueDocument,
} from "./documents.server";
import { documentPayload, qrPath } from "./payment-qr.server";
import {
  buildPrintModel,
  type PrintModel,
  type PrintParty,
  type PrintPayment,
  type PrintSupplier,
  paymentWords,
} from "./print";
import { clientSnapshot, supplierSnapshot } from "./snapshots";

/**
 * The print model of a stored document: an issued one from its snapshots (what it was when
 * issued), a draft from the company and client as they are now.
 */
export async function printModelFor(
  db: Kysely<Database>,
  doc: DocumentWithLines,
): Promise<PrintModel> {
  let supplier = doc.supplierSnapshot as PrintSupplier | null;
  let client = doc.clientSnapshot as PrintParty | null;
  if (!supplier || !client) {
    const [company, clientRow] = await Promise.all([
      db
        .selectFrom("companies")
        .selectAll()
        .where("id", "=", doc.companyId)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom("clients")
        .selectAll()
        .where("companyId", "=", doc.companyId)
        .where("id", "=", doc.clientId)
        .executeTakeFirstOrThrow(),
    ]);
    supplier ??= supplierSnapshot(company);
    client ??= clientSnapshot(clientRow);
  }
  const ground = await vatGroundOf(db, doc.vatGround, vatDateOf(doc));
  const model = buildPrintModel(
    {
      ...doc,
      vatGroundKind: ground?.kind ?? null,
      vatGroundEn: ground?.textEn ?? null,
      lines: doc.lines.map((line) => ({ ...line, netCents: Number(line.netCents) })),
    },
    supplier,
    client,
  );
  // The document asks for its «Сума за плащане»: what it prints never changes after issuing.
  model.payment = paymentBlock(doc, supplier, Number(doc.totalCents));
  return model;
}

/**
 * The EPC QR code and its words for `amountCents` (decision 068): the printed total on the PDF,
 * what is still due on the document's page and in its e-mails; null when none applies.
 */
export function paymentBlock(
  doc: DocumentWithLines,
  supplier: Pick<PrintSupplier, "name" | "bankIban" | "bankBic">,
  amountCents: number,
): PrintPayment | null {
  const payload = documentPayload({ ...doc, dueCents: amountCents }, supplier);
  if (!payload || !supplier.bankIban) return null;
  return { ...qrPath(payload), ...paymentWords(doc.language, amountCents, supplier.bankIban) };
}

export async function companyLogo(db: Kysely<Database>, companyId: string) {
  const logo = await db
    .selectFrom("companyLogos")
    .select(["contentType", "data"])
    .where("companyId", "=", companyId)
    .executeTakeFirst();
  if (!logo) return null;
  return {
    data: logo.data,
    format: logo.contentType === "image/png" ? ("png" as const) : ("jpg" as const),
  };
}

/**
 * Renders a document now, in the PDF worker pool in its company's turn (drafts: every time,
 * marked as a draft). Downloads and the "document.pdf" job both render here.
 */
export async function renderDocumentPdf(
  db: Kysely<Database>,
  doc: DocumentWithLines,
  who: Wanted = { background: false },
) {
  const [model, logo] = await Promise.all([printModelFor(db, doc), companyLogo(db, doc.companyId)]);
  return renderInPool(
    doc.companyId,
    { kind: "document", model, logo },
    { background: who.background, key: doc.id },
  );
}

/** Whether nobody waits for a render (the job's) yet; a person asking turns it to false. */
interface Wanted {
  background: boolean;
}

export interface StoredPdf {
  data: Buffer;
  sha256: string;
}

// Renders in flight on this instance, by document: a download that arrives while the PDF of a
// just-issued document is rendering waits for that render instead of starting another, and moves
// it ahead if it still waits in the background.
const rendering = new Map<string, { stored: Promise<StoredPdf>; who: Wanted }>();

/**
 * An issued document's stored PDF with what its file name needs, in one query, when it is stored
 * (a download's usual case); undefined otherwise (not visible, not issued, or not rendered yet:
 * then storedPdf renders it). The same visibility rule as getDocument.
 */
export async function storedPdfOf(
  db: Kysely<Database>,
  companyId: string,
  id: string | undefined,
  createdBy: string | null,
) {
  if (!isUuid(id)) return undefined;
  const row = await db
    .selectFrom("documents")
    .innerJoin("documentPdfs", "documentPdfs.documentId", "documents.id")
    .select([
      "documents.type",
      "documents.number",
      "documents.language",
      "documentPdfs.data",
      "documentPdfs.sha256",
    ])
    .where(documentVisibleTo(companyId, createdBy))
    .where("documents.id", "=", id)
    .where("documents.status", "=", "issued")
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    doc: { type: row.type, number: row.number, language: row.language },
    pdf: { data: Buffer.from(row.data), sha256: row.sha256.trim() },
  };
}

/**
 * The PDF of an issued or cancelled document, rendered once and kept with its SHA-256, so every
 * download is byte-identical. A draft or cancelled document is rendered fresh (it carries the mark).
 * `background`: nobody waits for it (the job after issuing), so it yields to people's requests.
 * Never call this inside a transaction: a render takes tens of milliseconds (seconds for a long one).
 */
export async function storedPdf(
  db: Kysely<Database>,
  doc: DocumentWithLines,
  options: { background?: boolean } = {},
): Promise<StoredPdf> {
  if (doc.status !== "issued") {
    const data = await renderDocumentPdf(db, doc);
    return { data, sha256: createHash("sha256").update(data).digest("hex") };
  }
  const pending = rendering.get(doc.id);
  if (pending) {
    if (!options.background && pending.who.background) {
      pending.who.background = false;
      hurryPdf(doc.id);
    }
    return pending.stored;
  }
  const who: Wanted = { background: options.background ?? false };
  const stored = storeOnce(db, doc, who).finally(() => rendering.delete(doc.id));
  rendering.set(doc.id, { stored, who });
  return stored;
}

async function storeOnce(
  db: Kysely<Database>,
  doc: DocumentWithLines,
  who: Wanted,
): Promise<StoredPdf> {
  const existing = await db
    .selectFrom("documentPdfs")
    .select(["data", "sha256"])
    .where("documentId", "=", doc.id)
    .executeTakeFirst();
  if (existing) return { data: Buffer.from(existing.data), sha256: existing.sha256.trim() };
  const data = await renderDocumentPdf(db, doc, who);
  const sha256 = createHash("sha256").update(data).digest("hex");
  // Two instances rendering at once: the first insert wins and both answer with the stored bytes.
  await db
    .insertInto("documentPdfs")
    .values({ documentId: doc.id, companyId: doc.companyId, data, sha256 })
    .onConflict((c) => c.column("documentId").doNothing())
    .execute();
  const stored = await db
    .selectFrom("documentPdfs")
    .select(["data", "sha256"])
    .where("documentId", "=", doc.id)
    .executeTakeFirstOrThrow();
  return { data: Buffer.from(stored.data), sha256: stored.sha256.trim() };
}

/**
 * Issues a draft (numbered inside its transaction) and hands the rendering of its PDF to the job
 * queue ("document.pdf") in that same transaction: the job exists exactly when the document is
 * issued. The answer does not wait for the render, and a render that fails is tried again (the
 * first download renders it too, if it comes first).
 */
export async function issueWithPdf(
  context: Pick<AppLoadContext, "db" | "jobs">,
  companyId: string,
  id: string,
  issuer: Actor | null = null,
) {
  return context.jobs.transaction(context.db, async (trx, jobs) => {
    const issued = await issueDocument(trx, companyId, id, issuer);
    await jobs.send("document.pdf", { companyId, documentId: id }, { singletonKey: id });
    return issued;
  });
}

/** The queue's job "document.pdf": renders and stores an issued document's PDF once. */
export async function storeDocumentPdf(
  db: Kysely<Database>,
  data: { companyId?: unknown; documentId?: unknown },
) {
  if (typeof data.companyId !== "string" || typeof data.documentId !== "string") return;
  const doc = await getDocument(db, data.companyId, data.documentId);
  if (doc?.status === "issued") await storedPdf(db, doc, { background: true });
}

const FILE_TITLES: Record<DocumentRow["type"], [string, string]> = {
  invoice: ["Фактура", "Invoice"],
  proforma: ["Проформа", "Proforma"],
  credit_note: ["Кредитно-известие", "Credit-note"],
  debit_note: ["Дебитно-известие", "Debit-note"],
};

/** "Фактура-0000000001.pdf" (drafts: "Фактура-чернова.pdf"). */
export function pdfFileName(doc: Pick<DocumentRow, "type" | "number" | "language">) {
  const [bg, en] = FILE_TITLES[doc.type];
  const title = doc.language === "en" ? en : bg;
  return `${title}-${doc.number ?? (doc.language === "en" ? "draft" : "чернова")}.pdf`;
}

/** Content-Disposition with the Cyrillic name (RFC 6266/5987) and an ASCII fallback. */
export function pdfDisposition(
  doc: Pick<DocumentRow, "type" | "number" | "language">,
  inline = false,
) {
  const ascii = `${FILE_TITLES[doc.type][1]}-${doc.number ?? "draft"}.pdf`;
  return contentDisposition(pdfFileName(doc), inline ? "inline" : "attachment", ascii);
}
