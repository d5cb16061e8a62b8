import type { AppLoadContext } from "@remix-run/node";
import { recordAct } from "~/modules/auth/acts.server";
import type { SessionUser } from "~/modules/auth/session.server";

/**
 * A download that the trail keeps (VAT and payroll files, exports): recorded when it is answered
 * with the file, not when it is refused. Returns the answer as it was.
 */
export async function recordDownload(
  context: Pick<AppLoadContext, "db" | "clientIp">,
  user: SessionUser & { companyId: string },
  action: "vat.files" | "payroll.files" | "export",
  response: Response,
  file: string,
  details?: Record<string, unknown>,
): Promise<Response> {
  if (response.ok) await recordAct(context, user, action, { type: "file", label: file }, details);
  return response;
}
