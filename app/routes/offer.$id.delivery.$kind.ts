import type { LoaderFunctionArgs } from "@remix-run/node";
import { documentsOf } from "~/modules/invoices/visibility.server";
import { DELIVERY_KINDS, deliveryModel } from "~/modules/offers/delivery.server";
import { renderModelPdf } from "~/modules/offers/print.server";
import { getOffer } from "~/modules/offers/queries.server";
import { isOwnKey } from "~/utils/own-keys";
import { requireCompanyUser } from "~/web/auth/guards.server";
import { offerPdfResponse } from "~/web/offers/responses.server";

/**
 * GET /offer/{id}/delivery/protocol|receipt (issue #48 item 4, decision 077): a handover protocol
 * or a delivery note from an offer, as a PDF with places for both sides' signatures.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "documents.view");
  const kind = params.kind;
  if (!isOwnKey(DELIVERY_KINDS, kind)) throw new Response("Не е намерено", { status: 404 });
  const offer = await getOffer(context.db, user.companyId, documentsOf(user), params.id);
  const model = await deliveryModel(context.db, kind, { kind: "offer", offer });
  const pdf = await renderModelPdf(context.db, user.companyId, model, `${offer.id}:${kind}`);
  return offerPdfResponse(offer, pdf, false, model);
}
