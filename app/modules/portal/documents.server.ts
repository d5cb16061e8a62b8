import type { Kysely } from "kysely";
import { type DocumentWithLines, getDocument } from "~/modules/invoices/documents.server";
import { PROFORMA_CONVERTED } from "~/modules/invoices/list.server";
import { documentPayload, qrPath } from "~/modules/invoices/payment-qr.server";
import {
  type DocumentState,
  documentState,
  isReceivable,
} from "~/modules/invoices/payments.server";
import type { PrintSupplier } from "~/modules/invoices/print";
import type { Database, DocumentType } from "~db/types";
import type { LivePortalLink } from "./links.server";

/*
 * What a portal link shows (issue #47 item 2, decision 069): the client's issued and cancelled
 * documents of the link's company, as the company sees them — the amount due is documents.due_cents,
 * the one definition the invoice list, the dashboard, the reminders and the QR code read.
 */

/** The most documents a portal page lists (newest first). */
export const PORTAL_DOCUMENTS_MAX = 500;

export interface PortalDocument {
  id: string;
  type: DocumentType;
  number: string;
  issueDate: string;
  dueDate: string | null;
  currency: string;
  totalCents: number;
  paidCents: number;
  dueCents: number;
  cancelled: boolean;
  /** paid, partially_paid, overdue, unpaid, converted (a proforma), or null (a credit note). */
  state: DocumentState | null;
  /** The EPC QR code of an open euro document to pay by bank (decision 068), as an SVG path. */
  qr: { size: number; path: string } | null;
}

export interface PortalSummary {
  documents: PortalDocument[];
  /** What the client owes now per currency (receivables only: invoices and debit notes). */
  owed: { currency: string; dueCents: number }[];
  /** The oldest due date among what is overdue, or null. */
  overdueSince: string | null;
}

/** The client's documents a link shows, with what they owe now and since when. */
export async function portalSummary(
  db: Kysely<Database>,
  link: Pick<LivePortalLink, "companyId" | "clientId">,
  today: string,
): Promise<PortalSummary> {
  const rows = await db
    .selectFrom("documents")
    .select([
      "documents.id",
      "documents.type",
      "documents.status",
      "documents.number",
      "documents.issueDate",
      "documents.dueDate",
      "documents.currency",
      "documents.language",
      "documents.paymentMethod",
      "documents.totalCents",
      "documents.paidCents",
      "documents.dueCents",
      "documents.supplierSnapshot",
      PROFORMA_CONVERTED.as("converted"),
    ])
    .where("documents.companyId", "=", link.companyId)
    .where("documents.clientId", "=", link.clientId)
    .where("documents.status", "in", ["issued", "cancelled"])
    .orderBy("documents.issueDate", "desc")
    .orderBy("documents.createdAt", "desc")
    .orderBy("documents.id", "desc")
    .limit(PORTAL_DOCUMENTS_MAX)
    .execute();
  const owed = new Map<string, number>();
  let overdueSince: string | null = null;
  const documents = rows.map((row): PortalDocument => {
    const dueCents = Number(row.dueCents);
    const state = row.status === "cancelled" ? null : documentState({ ...row, dueCents }, today);
    if (isReceivable(row) && dueCents > 0) {
      owed.set(row.currency, (owed.get(row.currency) ?? 0) + dueCents);
      if (row.dueDate && row.dueDate < today && (!overdueSince || row.dueDate < overdueSince)) {
        overdueSince = row.dueDate;
      }
    }
    const supplier = row.supplierSnapshot as PrintSupplier | null;
    const payload =
      supplier && state !== "converted"
        ? documentPayload({ ...row, number: row.number, dueCents }, supplier)
        : null;
    return {
      id: row.id,
      type: row.type,
      number: row.number ?? "",
      issueDate: row.issueDate,
      dueDate: row.dueDate,
      currency: row.currency,
      totalCents: Number(row.totalCents),
      paidCents: Number(row.paidCents),
      dueCents,
      cancelled: row.status === "cancelled",
      state,
      qr: payload ? qrPath(payload) : null,
    };
  });
  return {
    documents,
    owed: [...owed].map(([currency, dueCents]) => ({ currency, dueCents })),
    overdueSince,
  };
}

/**
 * One of the link's documents (issued or cancelled, of its client and company), or undefined:
 * another client's, another company's, a draft, not an id.
 */
export async function portalDocument(
  db: Kysely<Database>,
  link: Pick<LivePortalLink, "companyId" | "clientId">,
  id: string,
): Promise<DocumentWithLines | undefined> {
  const doc = await getDocument(db, link.companyId, id);
  if (!doc || doc.clientId !== link.clientId || doc.status === "draft") return undefined;
  return doc;
}
