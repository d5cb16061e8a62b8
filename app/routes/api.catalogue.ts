import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { answer, describeApi, errors, jsonContent, refusal, z } from "~/modules/api/describe";
import { can } from "~/modules/auth/capabilities";
import {
  catalogueItemInputJsonSchema,
  catalogueItemJson,
  catalogueItemJsonSchema,
  createCatalogueItem,
  listCatalogue,
  PAGE_SIZE,
  revenueAccountFor,
} from "~/modules/catalogue/queries.server";
import { catalogueItemSchemaFor } from "~/modules/catalogue/schema";
import { allVatRates } from "~/modules/reference/vat.server";
import { apiErrorResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { requireApiCompany, requireApiCompanyUser } from "~/web/auth/guards.server";

/** A page size from the query: 1–50, else the list's own. */
function limitOf(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= PAGE_SIZE ? n : PAGE_SIZE;
}

/**
 * GET /api/catalogue?q=&archived=1&after=&limit= → {items, nextCursor}: the company's goods and
 * services by name (the editor's picker asks for q and limit=10).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const companyId = await requireApiCompany(request, context, "catalogue.view");
  const url = new URL(request.url);
  const { items, nextCursor } = await listCatalogue(context.db, companyId, {
    q: url.searchParams.get("q") ?? undefined,
    archived: url.searchParams.get("archived") === "1",
    after: url.searchParams.get("after"),
    limit: limitOf(url.searchParams.get("limit")),
  });
  return json({ items: items.map(catalogueItemJson), nextCursor });
}

/** POST /api/catalogue → 201 with the item; 400 «Невалидни данни» with a Bulgarian message per field. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const user = await requireApiCompanyUser(request, context, "catalogue.edit");
  const { data } = await parseJsonBody(
    request,
    catalogueItemSchemaFor(await allVatRates(context.db)),
  );
  try {
    const input = revenueAccountFor(data, can(user, "ledger.edit"));
    const item = await createCatalogueItem(context.db, user.companyId, input);
    return json(catalogueItemJson(item), { status: 201 });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary: "List the catalogue's goods and services by name (keyset pages)",
    request: {
      query: z.object({
        q: z.string().describe("Part of the name (Bulgarian or English)").optional(),
        archived: z.enum(["1"]).optional(),
        after: z.string().describe("nextCursor of the previous page").optional(),
        limit: z.number().int().min(1).max(50).optional(),
      }),
    },
    responses: {
      "200": answer(
        "One page of items",
        z.object({
          items: z.array(catalogueItemJsonSchema).optional(),
          nextCursor: z.string().nullable().optional(),
        }),
      ),
      "401": errors["401"],
    },
  },
  post: {
    summary: "Add an item to the catalogue",
    request: { body: jsonContent(catalogueItemInputJsonSchema) },
    responses: {
      "201": answer("The item", catalogueItemJsonSchema),
      "400": errors["400"],
      "401": errors["401"],
      "403": refusal("revenueAccount given by a member who does not keep the books"),
    },
  },
}));
