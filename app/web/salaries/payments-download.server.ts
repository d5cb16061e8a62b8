import type { Kysely } from "kysely";
import {
  monthPayments,
  PAYMENT_MESSAGES,
  paymentsCsv,
  paymentsFileName,
} from "~/modules/salaries/nap/payments.server";
import { contentDisposition } from "~/utils/content-disposition";
import type { Database } from "~db/types";

/** The CSV download, or the refusal: 409 with the problems while any check fails. */
export async function paymentsDownload(
  db: Kysely<Database>,
  companyId: string,
  month: string,
): Promise<Response> {
  const payments = await monthPayments(db, companyId, month);
  if (payments.problems.length) {
    return Response.json(
      {
        success: false,
        message: PAYMENT_MESSAGES.notReady,
        problems: payments.problems.map((x) => ({ who: x.who, message: x.message, href: x.href })),
      },
      { status: 409 },
    );
  }
  const file = paymentsFileName(month);
  return new Response(paymentsCsv(payments), {
    headers: {
      "Content-Type": "text/csv; charset=windows-1251",
      "Content-Disposition": contentDisposition(file.name, "attachment", file.ascii),
      "Cache-Control": "private, no-store",
    },
  });
}
