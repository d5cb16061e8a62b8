import type { LoaderFunctionArgs } from "@remix-run/node";
import { recordPortalView } from "~/modules/portal/links.server";
import { fileLanguage, statementPeriod } from "~/modules/statements/schema";
import { todayInSofia } from "~/utils/dates";
import { openPortal, portalRefusalPage, withPortalHeaders } from "~/web/portal/access.server";
import { statementPdfAnswer } from "~/web/statements/files.server";

/**
 * GET /portal/{token}/statement.pdf?from=&to=&lang=bg|en (issue #47 item 4, decisions 069 and
 * 070): the link's client's statement of account of the link's company, as the company's own
 * PDF. A bad period or language is the same 404 as a bad link: the portal explains nothing.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const opening = await openPortal(context, params.token ?? "");
  if (!("link" in opening)) return portalRefusalPage(opening);
  const { link } = opening;
  const search = new URL(request.url).searchParams;
  const period = statementPeriod(search, todayInSofia());
  const lang = fileLanguage(search);
  if (!period || !lang) return portalRefusalPage({ refused: "invalid", status: 404 });
  const response = await statementPdfAnswer(context.db, link, period, lang);
  await recordPortalView(context.db, link, "statement", context.clientIp);
  return withPortalHeaders(response);
}
