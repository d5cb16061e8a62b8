import { json, type LoaderFunctionArgs } from "@remix-run/node";
import {
  answer,
  describeApi,
  errors,
  idParams,
  refusal,
  UNSPECIFIED,
  z,
} from "~/modules/api/describe";
import { EInvoiceInvalidError, eInvoiceXml } from "~/modules/einvoice/ubl.server";
import { documentsOf } from "~/modules/invoices/documents.server";
import { apiErrorResponse } from "~/utils/http.server";
import { requireApiCompanyUser } from "~/web/auth/guards.server";
import { requireApiDocument } from "~/web/invoices/api.server";
import { ublResponse } from "~/web/invoices/downloads.server";

/**
 * GET /api/invoices/{id}/ubl → the e-invoice as UBL 2.1 XML (Peppol BIS Billing 3.0 when both
 * parties have a Peppol address, else plain EN 16931: its CustomizationID says which);
 * 409 for a draft, a proforma or a cancelled document; 422 {message, problems} when the
 * document's data breaks an EN 16931 rule.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireApiCompanyUser(request, context, "documents.view");
  const { companyId } = user;
  const doc = await requireApiDocument(context.db, companyId, params.id, documentsOf(user));
  try {
    return ublResponse(doc, await eInvoiceXml(context.db, doc));
  } catch (error) {
    if (error instanceof EInvoiceInvalidError) {
      return json({ message: error.message, problems: error.problems }, { status: 422 });
    }
    return apiErrorResponse(error);
  }
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary:
      "The e-invoice: UBL 2.1 per EN 16931 (an Invoice 380, a debit note as Invoice 383, a credit note as CreditNote 381), with the PDF embedded; a Peppol BIS Billing 3.0 document when both parties have a Peppol address (a VAT number of a country on Peppol's EAS list), else plain EN 16931 — its CustomizationID says which; checked against the EN 16931 rules before it is served",
    request: { params: idParams() },
    responses: {
      "200": {
        description: "The UBL XML («Фактура-0000000001.xml» as an attachment)",
        content: { "application/xml": { schema: UNSPECIFIED } },
      },
      "401": errors["401"],
      "404": errors["404"],
      "409": refusal("A draft, a proforma or a cancelled document has no e-invoice"),
      "422": answer(
        "The document's data breaks an EN 16931 rule (e.g. reverse charge without the client's VAT number): what is missing, in Bulgarian",
        z.object({
          message: z.string(),
          problems: z.array(
            z.object({
              id: z.string().openapi({ example: "BR-AE-02" }),
              text: z.string().describe("The rule's text in EN 16931"),
              message: z.string().describe("What is missing, in Bulgarian"),
            }),
          ),
        }),
      ),
    },
  },
}));
