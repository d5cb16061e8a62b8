import type { Kysely } from "kysely";
import { AppError } from "~/utils/errors";
import type { Database } from "~db/types";
import { createDraft, type DocumentWithLines } from "./documents.server";
import { documentSchema } from "./schema";

/** The editor's values for a new document made from another (a note, or an invoice from a proforma). */
export function copyAsInput(doc: DocumentWithLines) {
  return {
    clientId: doc.clientId,
    language: doc.language,
    currency: doc.currency,
    eurRate: doc.eurRate,
    vatGround: doc.vatGround,
    paymentMethod: doc.paymentMethod,
    placeOfIssue: doc.placeOfIssue,
    authorName: doc.authorName,
    recipientName: doc.recipientName,
    notes: doc.notes,
    lines: doc.lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unit: line.unit,
      unitPrice: line.unitPrice,
      discount: line.discountPercent,
      vatRate: line.vatRate,
      catalogueItemId: line.catalogueItemId,
    })),
  };
}

/**
 * An issued proforma becomes an invoice draft with the same content, linked back to it — once:
 * a unique index on the link makes parallel conversions end with the one draft.
 */
export async function convertProforma(
  db: Kysely<Database>,
  companyId: string,
  userId: string | null,
  proforma: DocumentWithLines,
  issueDate: string,
) {
  if (proforma.type !== "proforma" || proforma.status !== "issued") {
    throw new AppError("Само издадена проформа може да се превърне във фактура", 409);
  }
  const existing = () =>
    db
      .selectFrom("documents")
      .select("id")
      .where("companyId", "=", companyId)
      .where("proformaId", "=", proforma.id)
      .executeTakeFirst();
  const made = await existing();
  if (made) return made.id;
  // «Съставил» / «Issued by»: the proforma's, else the name of the one converting it.
  const converter = proforma.authorName?.trim()
    ? undefined
    : userId
      ? await db
          .selectFrom("users")
          .select(["firstName", "lastName"])
          .where("id", "=", userId)
          .executeTakeFirst()
      : undefined;
  const input = documentSchema.parse({
    ...copyAsInput(proforma),
    ...(converter
      ? { authorName: `${converter.firstName} ${converter.lastName}`.trim() || null }
      : {}),
    type: "invoice",
    issueDate,
    dueDate: proforma.dueDate && proforma.dueDate >= issueDate ? proforma.dueDate : null,
  });
  try {
    return await createDraft(db, companyId, userId, input, { proformaId: proforma.id });
  } catch (error) {
    // Another conversion of the same proforma won the race: answer with its draft.
    if ((error as { code?: string }).code !== "23505") throw error;
    const winner = await existing();
    if (!winner) throw error;
    return winner.id;
  }
}
