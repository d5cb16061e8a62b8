import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { describeApi, errors, refusal, UNSPECIFIED, z } from "~/modules/api/describe";
import { documentsOf } from "~/modules/invoices/documents.server";
import { DELIVERY_KINDS, deliveryModel } from "~/modules/offers/delivery.server";
import { renderModelPdf } from "~/modules/offers/print.server";
import { isOwnKey } from "~/utils/own-keys";
import { requireApiCompanyUser } from "~/web/auth/guards.server";
import { requireApiDocument } from "~/web/invoices/api.server";
import { offerPdfResponse } from "~/web/offers/responses.server";

const NOT_ISSUED = "Протокол и стокова разписка се правят от издадена фактура";

/**
 * GET /api/invoices/{id}/delivery/protocol|receipt (issue #48 items 4 and 5, decision 077): the
 * handover protocol or the delivery note of an issued invoice as a PDF, the same as the page's
 * /invoice/{id}/delivery/{kind} (with the intra-Community supply's confirmation for a client in
 * another member state).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireApiCompanyUser(request, context, "documents.view");
  const kind = params.kind;
  if (!isOwnKey(DELIVERY_KINDS, kind)) {
    throw json({ message: "Видът е protocol или receipt" }, { status: 404 });
  }
  const doc = await requireApiDocument(context.db, user.companyId, params.id, documentsOf(user));
  if (doc.type !== "invoice" || doc.status !== "issued" || !doc.number) {
    throw json({ message: NOT_ISSUED }, { status: 409 });
  }
  const model = await deliveryModel(context.db, kind, { kind: "invoice", doc });
  const pdf = await renderModelPdf(context.db, user.companyId, model, `${doc.id}:${kind}`);
  return offerPdfResponse({ number: doc.number, language: doc.language }, pdf, false, model);
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary:
      "An issued invoice's handover protocol (protocol) or delivery note (receipt) as a PDF, with places for both signatures",
    request: {
      params: z.object({ id: z.string().uuid(), kind: z.enum(["protocol", "receipt"]) }),
    },
    responses: {
      "200": { description: "PDF", content: { "application/pdf": { schema: UNSPECIFIED } } },
      "404": errors["404"],
      "409": refusal("Not an issued invoice"),
    },
  },
}));
