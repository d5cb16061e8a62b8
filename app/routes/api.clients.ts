import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiCompany } from "~/modules/auth/guards.server";
import { clientJson } from "~/modules/clients/json.server";
import { type ClientSort, createClient, listClients } from "~/modules/clients/queries.server";
import { clientSchema } from "~/modules/clients/schema";
import { apiErrorResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";

/** GET /api/clients?q=&sort=name|newest&archived=1&after= → {clients, nextCursor}. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const companyId = await requireApiCompany(request, context);
  const url = new URL(request.url);
  const { clients, nextCursor } = await listClients(context.db, companyId, {
    q: url.searchParams.get("q") ?? undefined,
    sort: (url.searchParams.get("sort") === "newest" ? "newest" : "name") as ClientSort,
    archived: url.searchParams.get("archived") === "1",
    after: url.searchParams.get("after"),
  });
  return json({ clients: clients.map(clientJson), nextCursor });
}

/** POST /api/clients → 201 with the client; 400 {message: 'Invalid data', errors} with Bulgarian messages. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const companyId = await requireApiCompany(request, context);
  const { data } = await parseJsonBody(request, clientSchema);
  try {
    const client = await createClient(context.db, companyId, data);
    return json(clientJson(client), { status: 201 });
  } catch (error) {
    return apiErrorResponse(error);
  }
}
