import type { LoaderFunctionArgs } from "@remix-run/node";
import { offerPdfInPortal } from "~/web/offers/portal.server";

/** GET /portal/{token}/offers/{id}/pdf (decision 077): the link's client's offer as a PDF. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  return offerPdfInPortal(context, params.token ?? "", params.id ?? "");
}
