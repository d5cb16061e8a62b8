import type { LoaderFunctionArgs } from "@remix-run/node";
import { operatorInvoicePdf } from "~/modules/invoices/operator-invoice.server";
import { contentDisposition } from "~/utils/content-disposition";
import { requireCompanyUser } from "~/web/auth/guards.server";

/**
 * GET /settings/subscription/invoices/{id}/pdf — the operator's invoice for a subscription payment
 * («Фактура-0000000001.pdf», issue #31 item 3), by the payment's id; another company's is 404.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "billing");
  const pdf = await operatorInvoicePdf(context.db, user.companyId, params.id ?? "");
  if (!pdf) throw new Response("Not Found", { status: 404 });
  return new Response(new Uint8Array(pdf.bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition(pdf.name, "attachment", pdf.asciiName),
      "Content-Length": String(pdf.bytes.byteLength),
      "Cache-Control": "private, no-cache",
    },
  });
}
