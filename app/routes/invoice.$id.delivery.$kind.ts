import type { LoaderFunctionArgs } from "@remix-run/node";
import { documentsOf, requireDocument } from "~/modules/invoices/documents.server";
import { DELIVERY_KINDS, deliveryModel } from "~/modules/offers/delivery.server";
import { renderModelPdf } from "~/modules/offers/print.server";
import { isOwnKey } from "~/utils/own-keys";
import { requireCompanyUser } from "~/web/auth/guards.server";
import { offerPdfResponse } from "~/web/offers/responses.server";

/**
 * GET /invoice/{id}/delivery/protocol|receipt (issue #48 item 4, decision 077): a handover
 * protocol or a delivery note from an issued invoice (with the intra-Community supply's
 * confirmation for a client in another member state), as a PDF with places for both signatures.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "documents.view");
  const kind = params.kind;
  if (!isOwnKey(DELIVERY_KINDS, kind)) throw new Response("Не е намерено", { status: 404 });
  const doc = await requireDocument(context.db, user.companyId, params.id, documentsOf(user));
  if (doc.type !== "invoice" || doc.status !== "issued" || !doc.number) {
    throw new Response("Протокол и стокова разписка се правят от издадена фактура", {
      status: 409,
    });
  }
  const model = await deliveryModel(context.db, kind, { kind: "invoice", doc });
  const pdf = await renderModelPdf(context.db, user.companyId, model, `${doc.id}:${kind}`);
  return offerPdfResponse({ number: doc.number, language: doc.language }, pdf, false, model);
}
