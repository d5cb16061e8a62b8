import type { LoaderFunctionArgs } from "@remix-run/node";
import { describeApi, idParams, refusal, UNSPECIFIED } from "~/modules/api/describe";
import { documentsOf } from "~/modules/invoices/visibility.server";
import { renderOfferPdf } from "~/modules/offers/print.server";
import { requireApiCompanyUser } from "~/web/auth/guards.server";
import { requireApiOffer } from "~/web/offers/api.server";
import { offerPdfResponse } from "~/web/offers/responses.server";

/** GET /api/offers/{id}/pdf → «Оферта-0000000001.pdf», in the offer's language(s). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireApiCompanyUser(request, context, "documents.view");
  const offer = await requireApiOffer(context.db, user.companyId, params.id, documentsOf(user));
  return offerPdfResponse(offer, await renderOfferPdf(context.db, offer));
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary: "The offer's PDF (titled «ОФЕРТА», with its «Валидна до» day)",
    request: { params: idParams() },
    responses: {
      "200": { description: "PDF", content: { "application/pdf": { schema: UNSPECIFIED } } },
      "404": refusal("No such offer in your company"),
    },
  },
}));
