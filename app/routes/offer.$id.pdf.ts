import type { LoaderFunctionArgs } from "@remix-run/node";
import { documentsOf } from "~/modules/invoices/visibility.server";
import { renderOfferPdf } from "~/modules/offers/print.server";
import { getOffer } from "~/modules/offers/queries.server";
import { requireCompanyUser } from "~/web/auth/guards.server";
import { offerPdfResponse } from "~/web/offers/responses.server";

/** GET /offer/{id}/pdf — «Оферта-0000000001.pdf»; ?inline=1 opens it in the browser. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "documents.view");
  const inline = new URL(request.url).searchParams.get("inline") === "1";
  const offer = await getOffer(context.db, user.companyId, documentsOf(user), params.id);
  return offerPdfResponse(offer, await renderOfferPdf(context.db, offer), inline);
}
