import type { LoaderFunctionArgs } from "@remix-run/node";
import { statementFile } from "~/modules/bank/queries.server";
import { contentDisposition } from "~/utils/content-disposition";
import { requireBankPage } from "~/web/bank/access.server";

const TYPES = {
  mt940: "text/plain",
  camt053: "application/xml",
  csv: "text/csv",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  // The bank's «Excel» file as it was: HTML, which Excel opens (decision 046).
  html: "application/vnd.ms-excel",
  xml: "application/xml",
} as const;

/** GET /bank/statements/{id}/file — the statement's original file, exactly as it was uploaded. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireBankPage(request, context, "view");
  const file = await statementFile(context.db, user.companyId, params.id);
  if (!file) throw new Response("Not Found", { status: 404 });
  return new Response(new Uint8Array(file.fileData), {
    headers: {
      "Content-Type": TYPES[file.format],
      "Content-Disposition": contentDisposition(file.fileName, "attachment"),
      "Cache-Control": "private, no-store",
    },
  });
}
