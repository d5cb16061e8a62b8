import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import {
  answer,
  describeApi,
  errors,
  idParams,
  jsonContent,
  refusal,
} from "~/modules/api/describe";
import { can } from "~/modules/auth/capabilities";
import {
  catalogueItemInputJsonSchema,
  catalogueItemJson,
  catalogueItemJsonSchema,
  getCatalogueItem,
  revenueAccountFor,
  setCatalogueArchived,
  updateCatalogueItem,
} from "~/modules/catalogue/queries.server";
import { CATALOGUE_MESSAGES, catalogueItemSchemaFor } from "~/modules/catalogue/schema";
import { allVatRates } from "~/modules/reference/vat.server";
import { apiErrorResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { requireApiCompany, requireApiCompanyUser } from "~/web/auth/guards.server";

const notFound = () => json({ message: CATALOGUE_MESSAGES.notFound }, { status: 404 });

/** GET /api/catalogue/{id} → the item (archived too); another company's id → 404. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const companyId = await requireApiCompany(request, context, "catalogue.view");
  const item = await getCatalogueItem(context.db, companyId, params.id);
  return item ? json(catalogueItemJson(item)) : notFound();
}

/** PUT replaces the item (the whole item, like POST); DELETE archives it → 204. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") {
    return methodNotAllowed("GET, PUT, DELETE");
  }
  const user = await requireApiCompanyUser(request, context, "catalogue.edit");
  const companyId = user.companyId;
  const item = await getCatalogueItem(context.db, companyId, params.id);
  if (!item) return notFound();
  if (request.method === "DELETE") {
    await setCatalogueArchived(context.db, companyId, item.id, true);
    return new Response(null, { status: 204 });
  }
  const { data } = await parseJsonBody(
    request,
    catalogueItemSchemaFor(await allVatRates(context.db)),
  );
  try {
    const input = revenueAccountFor(data, can(user, "ledger.edit"));
    const saved = await updateCatalogueItem(context.db, companyId, item.id, input);
    return saved ? json(catalogueItemJson(saved)) : notFound();
  } catch (error) {
    return apiErrorResponse(error);
  }
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary: "One item (archived ones too)",
    request: { params: idParams() },
    responses: {
      "200": answer("The item", catalogueItemJsonSchema),
      "401": errors["401"],
      "404": refusal("No such item in your company"),
    },
  },
  put: {
    summary: "Replace an item",
    request: { params: idParams(), body: jsonContent(catalogueItemInputJsonSchema) },
    responses: {
      "200": answer("The item", catalogueItemJsonSchema),
      "400": errors["400"],
      "401": errors["401"],
      "403": refusal("revenueAccount given by a member who does not keep the books"),
      "404": refusal("No such item in your company"),
    },
  },
  delete: {
    summary: "Archive an item: it is no longer offered; documents keep their copied lines",
    request: { params: idParams() },
    responses: {
      "204": { description: "Archived" },
      "401": errors["401"],
      "404": refusal("No such item in your company"),
    },
  },
}));
