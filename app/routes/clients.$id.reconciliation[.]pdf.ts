import type { LoaderFunctionArgs } from "@remix-run/node";
import { getClient } from "~/modules/clients/queries.server";
import { renderInPool } from "~/modules/pdf/pool.server";
import { actPdfModel } from "~/modules/statements/files";
import { getReconciliation } from "~/modules/statements/reconciliations.server";
import { fileLanguage, STATEMENT_MESSAGES } from "~/modules/statements/schema";
import { clientStatement, companyParty } from "~/modules/statements/statement.server";
import { contentDisposition } from "~/utils/content-disposition";
import { formatDate } from "~/utils/dates";
import { AppError, NotFoundError } from "~/utils/errors";
import { isUuid } from "~/utils/uuid";
import { requireCompanyUser } from "~/web/auth/guards.server";
import { refuseOwnDocumentsOnly } from "~/web/statements/access.server";

/**
 * GET /clients/{id}/reconciliation.pdf?act=&lang=bg|en — «акт за сверка» as PDF (decision 070):
 * the balance per the company's books at the act's date, the documents open then, the client's
 * answer (or the place for it) and both sides' signatures.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "documents.view");
  refuseOwnDocumentsOnly(user);
  const search = new URL(request.url).searchParams;
  const lang = fileLanguage(search);
  if (!lang) throw new AppError(STATEMENT_MESSAGES.lang, 400);
  const actId = search.get("act");
  const { db } = context;
  const client = await getClient(db, user.companyId, params.id);
  if (!client || !isUuid(actId)) throw new NotFoundError();
  const act = await getReconciliation(
    db,
    { companyId: user.companyId, clientId: client.id },
    actId,
  );
  const statement = await clientStatement(db, user.companyId, client.id, act.asOf, act.asOf);
  const company = await companyParty(db, user.companyId);
  const model = actPdfModel(act, statement, company, client, lang, formatDate(new Date()));
  const bytes = await renderInPool(user.companyId, { kind: "ledger", model });
  const name = `${lang === "en" ? "reconciliation" : "акт-за-сверка"}-${act.number}.pdf`;
  return new Response(bytes as unknown as BodyInit, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition(name, "inline", `reconciliation-${act.number}.pdf`),
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "private, no-cache",
    },
  });
}
