import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import {
  answer,
  describeApi,
  errors,
  idParams,
  jsonContent,
  refusal,
  z,
} from "~/modules/api/describe";
import { recordAct } from "~/modules/auth/acts.server";
import type { CompanyUser } from "~/modules/auth/session.server";
import { getClient } from "~/modules/clients/queries.server";
import { CLIENT_NOT_FOUND } from "~/modules/invoices/visibility.server";
import { PORTAL_MESSAGES } from "~/modules/portal/constants";
import {
  createdPortalLinkJsonSchema,
  portalLinkJson,
  portalLinkJsonSchema,
  portalUrl,
} from "~/modules/portal/json.server";
import {
  createPortalLink,
  expiryDay,
  listPortalLinks,
  mayShareWithClient,
} from "~/modules/portal/links.server";
import { portalLinkSchema } from "~/modules/portal/schema";
import { AppError } from "~/utils/errors";
import { apiErrorResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { requireApiCompanyUser } from "~/web/auth/guards.server";

/*
 * The client portal's links of one client (issue #47 item 2, decision 069): who edits clients and
 * sees all of the company's documents lists and makes them; staff limited to their own documents
 * may not (the portal shows every document of the client).
 */

/** The methods this call serves (`Allow` of its 405s, route-guard.server.ts). */
export const allow = "GET, POST";

/** The caller and the client, or the refusal: 403 for a role that may not, 404 for no client. */
async function clientOf(request: Request, context: LoaderFunctionArgs["context"], id?: string) {
  const user = await requireApiCompanyUser(request, context, "clients.edit");
  if (!mayShareWithClient(user)) throw new AppError(PORTAL_MESSAGES.notAllowed, 403);
  const client = await getClient(context.db, user.companyId, id);
  if (!client) throw new AppError(CLIENT_NOT_FOUND, 404);
  return { user: user as CompanyUser, client };
}

/** GET /api/clients/{id}/portal-links → {links}: newest first, never a token. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  try {
    const { user, client } = await clientOf(request, context, params.id);
    const links = await listPortalLinks(context.db, user.companyId, client.id);
    return json({ links: links.map(portalLinkJson) });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

/** POST /api/clients/{id}/portal-links {days | expiresOn} → 201 with the link and its url, once. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(allow);
  try {
    const { user, client } = await clientOf(request, context, params.id);
    const { data } = await parseJsonBody(request, portalLinkSchema);
    const day = expiryDay(data);
    const { link, token } = await createPortalLink(
      context.db,
      user.companyId,
      client.id,
      day,
      user.id,
    );
    await recordAct(
      context,
      user,
      "portal.link",
      { type: "client", id: client.id, label: client.name },
      { link: link.id, expiresAt: day },
    );
    return json(
      { ...portalLinkJson(link), url: portalUrl(context.config.appUrl, token) },
      { status: 201, headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    return apiErrorResponse(error);
  }
}

const notAllowed = refusal(
  "The role may not: only the owner, the accountant and staff who see all of the company's documents",
);

export const openapi = describeApi(() => ({
  get: {
    summary: "A client's portal links (портал за клиента), newest first, with their last opening",
    request: { params: idParams() },
    responses: {
      "200": answer("The links", z.object({ links: z.array(portalLinkJsonSchema) })),
      "401": errors["401"],
      "403": notAllowed,
      "404": refusal("No such client in the company"),
    },
  },
  post: {
    summary:
      "Make a secret portal link for the client, valid `days` days or to `expiresOn` (at most a year); its url is given this once",
    request: { params: idParams(), body: jsonContent(portalLinkSchema) },
    responses: {
      "201": answer("The link with its url", createdPortalLinkJsonSchema),
      "400": errors["400"],
      "401": errors["401"],
      "403": notAllowed,
      "404": refusal("No such client in the company"),
    },
  },
}));
