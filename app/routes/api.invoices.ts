import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { answer, describeApi, errors, jsonContent, refusal, z } from "~/modules/api/describe";
import { recordDocumentAct } from "~/modules/invoices/acts.server";
import { createDraftDocument, documentsOf } from "~/modules/invoices/documents.server";
import {
  documentInputJsonSchema,
  documentJson,
  documentJsonSchema,
  documentListQuerySchema,
  documentSummaryJson,
  documentSummaryJsonSchema,
} from "~/modules/invoices/json.server";
import {
  filtersFromSearch,
  listDocuments,
  summarizeDocuments,
} from "~/modules/invoices/list.server";
import { documentSchemaFor } from "~/modules/invoices/schema";
import { withEcbRate } from "~/modules/reference/ecb-rates.server";
import { allVatRates } from "~/modules/reference/vat.server";
import { todayInSofia } from "~/utils/dates";
import { apiErrorResponse, methodNotAllowed, parseJsonBody, parseQuery } from "~/utils/http.server";
import { centsToDecimal } from "~/utils/money";
import { requireApiCompanyUser } from "~/web/auth/guards.server";

/**
 * GET /api/invoices?type=&status=&clientId=&from=&to=&q=&after= → {invoices, nextCursor, summary}:
 * invoices, proformas and notes, newest first; summary totals every match, per currency. A filter
 * it cannot read is 400 naming it (parseQuery, decision 056).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiCompanyUser(request, context, "documents.view");
  const { companyId } = user;
  const url = new URL(request.url);
  parseQuery(url, documentListQuerySchema);
  // Staff limited to their own documents see (and total) only those.
  const filters = {
    ...filtersFromSearch(url.searchParams),
    createdBy: documentsOf(user) ?? undefined,
  };
  const today = todayInSofia();
  const [{ documents, nextCursor }, summary] = await Promise.all([
    listDocuments(context.db, companyId, filters, today, { after: url.searchParams.get("after") }),
    summarizeDocuments(context.db, companyId, filters, today),
  ]);
  return json({
    invoices: documents.map((doc) => documentSummaryJson(doc, today)),
    nextCursor,
    summary: {
      count: summary.count,
      currencies: summary.currencies.map((c) => ({
        currency: c.currency,
        count: c.count,
        total: centsToDecimal(c.totalCents),
        paid: centsToDecimal(c.paidCents),
        outstanding: centsToDecimal(c.outstandingCents),
      })),
    },
  });
}

/** POST /api/invoices {type, clientId, issueDate, currency, lines:[…]} → 201 with the draft (number null). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const user = await requireApiCompanyUser(request, context, "documents.edit");
  const companyId = user.companyId;
  // A foreign currency's rate left empty is the ECB's of the date (decision 051).
  const { data } = await parseJsonBody(request, documentSchemaFor(await allVatRates(context.db)), {
    prepare: (body) => withEcbRate(context.db, body, ["taxEventDate", "issueDate"]),
  });
  try {
    const doc = await createDraftDocument(context.db, companyId, user.id, data, {
      documentsOf: documentsOf(user),
    });
    await recordDocumentAct(context, user, "document.create", {
      id: doc.id,
      type: data.type,
      number: null,
    });
    return json(documentJson(doc), {
      status: 201,
      headers: { Location: `/api/invoices/${doc.id}` },
    });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary: "List documents with the totals of everything that matches",
    request: { query: documentListQuerySchema },
    responses: {
      "200": answer(
        "One page, newest first, and the summary per currency",
        z.object({
          invoices: z.array(documentSummaryJsonSchema),
          nextCursor: z.string().nullable(),
          summary: z.object({
            count: z.number().int(),
            currencies: z.array(
              z.object({
                currency: z.string(),
                count: z.number().int(),
                total: z.string().describe("Issued documents; credit notes subtract"),
                paid: z.string(),
                outstanding: z
                  .string()
                  .describe(
                    "Still due on invoices and debit notes, after payments and credit notes",
                  ),
              }),
            ),
          }),
        }),
      ),
      "400": errors["400"],
      "401": errors["401"],
    },
  },
  post: {
    summary: "Create a draft (no number until issued)",
    request: { body: jsonContent(documentInputJsonSchema) },
    responses: {
      "201": answer("The draft, number null", documentJsonSchema),
      "400": errors["400"],
      "401": errors["401"],
      "404": refusal(
        "clientId or a note's originalId names a client or document you cannot read (another company's; for staff limited to their own documents, another's): {message, errors}",
      ),
    },
  },
}));
