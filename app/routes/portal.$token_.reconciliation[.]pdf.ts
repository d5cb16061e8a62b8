import type { LoaderFunctionArgs } from "@remix-run/node";
import { recordPortalView } from "~/modules/portal/links.server";
import { fileLanguage } from "~/modules/statements/schema";
import { AppError, NotFoundError } from "~/utils/errors";
import { isUuid } from "~/utils/uuid";
import { openPortal, portalRefusalPage, withPortalHeaders } from "~/web/portal/access.server";
import { actPdfAnswer } from "~/web/statements/files.server";

/**
 * GET /portal/{token}/reconciliation.pdf?act=&lang=bg|en (issue #47 item 4, decisions 069 and
 * 070): an act of reconciliation the link's company issued to the link's client, as PDF, with
 * the client's answer once given. Another client's or company's act is the portal's 404.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const opening = await openPortal(context, params.token ?? "");
  if (!("link" in opening)) return portalRefusalPage(opening);
  const { link } = opening;
  const search = new URL(request.url).searchParams;
  const actId = search.get("act");
  const lang = fileLanguage(search);
  const notFound = portalRefusalPage({ refused: "invalid", status: 404 });
  if (!isUuid(actId) || !lang) return notFound;
  try {
    const response = await actPdfAnswer(context.db, link, actId, lang);
    await recordPortalView(context.db, link, "reconciliation", context.clientIp);
    return withPortalHeaders(response);
  } catch (error) {
    if (error instanceof NotFoundError || (error instanceof AppError && error.status === 404))
      return notFound;
    throw error;
  }
}
