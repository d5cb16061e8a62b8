import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { answer, describeApi, errors, idParams, jsonContent } from "~/modules/api/describe";
import { recordDocumentAct } from "~/modules/invoices/acts.server";
import {
  deleteDraft,
  documentsOf,
  getDocument,
  updateDraft,
} from "~/modules/invoices/documents.server";
import {
  documentInputJsonSchema,
  documentJson,
  documentJsonSchema,
} from "~/modules/invoices/json.server";
import { documentSchemaFor } from "~/modules/invoices/schema";
import { withEcbRate } from "~/modules/reference/ecb-rates.server";
import { allVatRates } from "~/modules/reference/vat.server";
import { apiErrorResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { requireApiCompanyUser } from "~/web/auth/guards.server";
import { requireApiDocument } from "~/web/invoices/api.server";

/** GET /api/invoices/{id} → the document with lines, totals and payments. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireApiCompanyUser(request, context, "documents.view");
  return json(
    documentJson(
      await requireApiDocument(context.db, user.companyId, params.id, documentsOf(user)),
    ),
  );
}

/** PUT replaces a draft (the whole document, like POST); DELETE removes a draft → 204. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") {
    return methodNotAllowed("GET, PUT, DELETE");
  }
  const user = await requireApiCompanyUser(request, context, "documents.edit");
  const { companyId } = user;
  const doc = await requireApiDocument(context.db, companyId, params.id, documentsOf(user));
  try {
    if (request.method === "DELETE") {
      await deleteDraft(context.db, companyId, doc.id);
      await recordDocumentAct(context, user, "document.delete", doc);
      return new Response(null, { status: 204 });
    }
    const { data } = await parseJsonBody(
      request,
      documentSchemaFor(await allVatRates(context.db)),
      {
        prepare: (body) => withEcbRate(context.db, body, ["taxEventDate", "issueDate"]),
      },
    );
    await updateDraft(context.db, companyId, doc.id, data, documentsOf(user));
    await recordDocumentAct(context, user, "document.update", doc);
    const saved = await getDocument(context.db, companyId, doc.id);
    return json(saved && documentJson(saved));
  } catch (error) {
    return apiErrorResponse(error);
  }
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary: "One document",
    request: { params: idParams() },
    responses: {
      "200": answer("The document", documentJsonSchema),
      "401": errors["401"],
      "404": errors["404"],
    },
  },
  put: {
    summary: "Replace a draft",
    request: { params: idParams(), body: jsonContent(documentInputJsonSchema) },
    responses: {
      "200": answer("The saved draft", documentJsonSchema),
      "400": errors["400"],
      "404": errors["404"],
      "409": { description: "Issued documents never change" },
    },
  },
  delete: {
    summary: "Delete a draft",
    request: { params: idParams() },
    responses: {
      "204": { description: "Deleted" },
      "404": errors["404"],
      "409": { description: "Not a draft" },
    },
  },
}));
