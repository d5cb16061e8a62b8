import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { undocumented } from "~/modules/api/describe";
import { listSubscriptionInvoices } from "~/modules/subscriptions/queries.server";
import { centsToDecimal } from "~/utils/money";
import { requireApiCompany } from "~/web/auth/guards.server";

/**
 * GET /api/subscription/invoices → {success, data: {invoices: […]}}, newest first; a paid one
 * carries the operator's invoice: its number, base, VAT and the PDF's address.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const companyId = await requireApiCompany(request, context, "billing");
  const rows = await listSubscriptionInvoices(context.db, companyId, 100);
  return json({
    success: true,
    data: {
      invoices: rows.map((r) => ({
        id: r.providerId,
        number: r.number,
        plan: r.plan,
        amount: centsToDecimal(r.amountCents),
        currency: r.currency,
        status: r.status,
        description: r.description,
        periodStart: r.periodStart,
        periodEnd: r.periodEnd,
        hostedUrl: r.hostedUrl,
        createdAt: r.createdAt,
        // The operator's tax invoice for a payment made (issue #31 item 3).
        taxNumber: r.taxNumber,
        issuedOn: r.issuedOn,
        netAmount: r.netCents === null ? null : centsToDecimal(r.netCents),
        vatAmount: r.vatCents === null ? null : centsToDecimal(r.vatCents),
        vatRate: r.vatRate,
        pdfUrl: r.taxNumber
          ? `/settings/subscription/invoices/${encodeURIComponent(r.providerId)}/pdf`
          : null,
      })),
    },
  });
}

export const openapi = undocumented("The billing page's own call, not the integration API");
