import type { AppLoadContext } from "@remix-run/node";
import type { Kysely } from "kysely";
import type { CompanyAuditAction } from "~/modules/audit/constants";
import { recordAct } from "~/modules/auth/acts.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { centsToDecimal } from "~/utils/money";
import type { Database, DocumentRow } from "~db/types";
import { DOCUMENT_TYPES } from "./constants";

/** A document as the audit trail names it: «Фактура № 0000000012», or «Фактура (чернова)». */
export function documentTarget(doc: Pick<DocumentRow, "id" | "type" | "number">) {
  const kind = DOCUMENT_TYPES[doc.type];
  return {
    type: "document",
    id: doc.id,
    label: doc.number ? `${kind} № ${doc.number}` : `${kind} (чернова)`,
  };
}

/** What the trail keeps of a payment: the day, the amount, the way. */
export function paymentDetails(payment: { paidOn: string; amount: number; method: string }) {
  return { paidOn: payment.paidOn, amount: centsToDecimal(payment.amount), method: payment.method };
}

/** Records what the signed-in user did to a document, in the company's audit trail (issue #29). */
export function recordDocumentAct(
  context: Pick<AppLoadContext, "db" | "clientIp">,
  user: SessionUser & { companyId: string },
  action: CompanyAuditAction,
  doc: Pick<DocumentRow, "id" | "type" | "number">,
  details?: Record<string, unknown>,
  db?: Kysely<Database>,
) {
  return recordAct(context, user, action, documentTarget(doc), details, db);
}
