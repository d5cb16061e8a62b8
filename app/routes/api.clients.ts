import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { answer, describeApi, errors, jsonContent, z } from "~/modules/api/describe";
import { clientInputJsonSchema, clientJson, clientJsonSchema } from "~/modules/clients/json.server";
import {
  type ClientSort,
  createClient,
  findDuplicateClient,
  listClients,
  PAGE_SIZE,
} from "~/modules/clients/queries.server";
import { CLIENT_MESSAGES, clientSchema } from "~/modules/clients/schema";
import { apiErrorResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { searchTerm } from "~/utils/schema";
import { requireApiCompany } from "~/web/auth/guards.server";

/** A page size from the query (the editor's picker asks for 10): 1–50, else the list's own. */
function limitOf(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= PAGE_SIZE ? n : PAGE_SIZE;
}

/** GET /api/clients?q=&sort=name|newest&archived=1&after=&limit= → {clients, nextCursor}. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const companyId = await requireApiCompany(request, context, "clients.view");
  const url = new URL(request.url);
  const { clients, nextCursor } = await listClients(context.db, companyId, {
    // A NUL or a lone surrogate in the query is no search (PostgreSQL would refuse it).
    q: searchTerm(url.searchParams.get("q")),
    sort: (url.searchParams.get("sort") === "newest" ? "newest" : "name") as ClientSort,
    archived: url.searchParams.get("archived") === "1",
    after: url.searchParams.get("after"),
    limit: limitOf(url.searchParams.get("limit")),
  });
  return json({ clients: clients.map(clientJson), nextCursor });
}

/**
 * POST /api/clients → 201 with the client and its `warnings`; 400 {message: 'Invalid data', errors}
 * with Bulgarian messages (a second client with the same ЕИК among them). A client whose VAT number
 * another client of the company already has is still created — an integration cannot answer a
 * question, and refusing would break the calls that worked — with a warning naming that client
 * (`duplicate_vat_number`, its id), for the caller to show or merge (issue #41 item 10).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const companyId = await requireApiCompany(request, context, "clients.edit");
  const { data } = await parseJsonBody(request, clientSchema);
  try {
    const duplicate = await findDuplicateClient(context.db, companyId, data);
    const client = await createClient(context.db, companyId, data);
    const warnings =
      duplicate?.match === "vatNumber"
        ? [
            {
              code: "duplicate_vat_number",
              message: CLIENT_MESSAGES.vatTakenBy(duplicate.name, duplicate.archived),
              clientId: duplicate.id,
            },
          ]
        : [];
    return json({ ...clientJson(client), warnings }, { status: 201 });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary: "List clients",
    request: {
      query: z.object({
        q: z.string().describe("Name, EIK or VAT number").optional(),
        sort: z.enum(["name", "newest"]).optional(),
        archived: z.enum(["1"]).optional(),
        after: z.string().describe("nextCursor of the previous page").optional(),
        limit: z.number().int().min(1).max(50).optional(),
      }),
    },
    responses: {
      "200": answer(
        "One page of clients",
        z.object({ clients: z.array(clientJsonSchema), nextCursor: z.string().nullable() }),
      ),
      "401": errors["401"],
    },
  },
  post: {
    summary: "Create a client",
    request: { body: jsonContent(clientInputJsonSchema) },
    responses: {
      "201": answer(
        "The client, created; `warnings` names an existing client with the same VAT number (a second client with the same EIK is refused with 400)",
        clientJsonSchema.extend({
          warnings: z
            .array(
              z.object({
                code: z.enum(["duplicate_vat_number"]),
                message: z.string(),
                clientId: z.string().uuid(),
              }),
            )
            .optional(),
        }),
      ),
      "400": errors["400"],
      "401": errors["401"],
    },
  },
}));
