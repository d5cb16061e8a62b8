import type { LoaderFunctionArgs } from "@remix-run/node";
import { protocolPdfModel } from "~/modules/expenses/protocol-pdf.server";
import { renderInPool } from "~/modules/pdf/pool.server";
import { contentDisposition } from "~/utils/content-disposition";
import { formatDate } from "~/utils/dates";
import { requireFeature } from "~/web/subscriptions/gate.server";

/**
 * GET /expenses/{id}/protocols/{protocolId}.pdf — a protocol under чл. 117 ЗДДС as PDF
 * (decision 073), drawn by the books' report renderer in the PDF pool.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireFeature(request, context, "expenses", "expenses.view");
  const { model, number } = await protocolPdfModel(
    context.db,
    user.companyId,
    params.id ?? "",
    params.protocolId ?? "",
    formatDate(new Date()),
  );
  const bytes = await renderInPool(user.companyId, { kind: "ledger", model });
  return new Response(bytes as unknown as BodyInit, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition(
        `протокол-чл-117-${number}.pdf`,
        "inline",
        `protocol-117-${number}.pdf`,
      ),
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "private, no-cache",
    },
  });
}
