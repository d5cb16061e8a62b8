import type { Kysely } from "kysely";
import { getClient } from "~/modules/clients/queries.server";
import { renderInPool } from "~/modules/pdf/pool.server";
import { actPdfModel, type Lang, statementPdfModel } from "~/modules/statements/files";
import { getReconciliation } from "~/modules/statements/reconciliations.server";
import { clientStatement, companyParty } from "~/modules/statements/statement.server";
import { contentDisposition } from "~/utils/content-disposition";
import { formatDate } from "~/utils/dates";
import { NotFoundError } from "~/utils/errors";
import type { Database } from "~db/types";

/*
 * The statement's and the act's PDF answers (decision 070), one way for the company's pages and
 * the client portal: the scope (company, client) comes from the guard or the portal's link.
 */

interface Scope {
  companyId: string;
  clientId: string;
}

function pdfAnswer(bytes: Uint8Array, name: string, ascii: string): Response {
  return new Response(bytes as unknown as BodyInit, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition(name, "inline", ascii),
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "private, no-cache",
    },
  });
}

/** The client's statement of account for the period as PDF (404 for another company's client). */
export async function statementPdfAnswer(
  db: Kysely<Database>,
  scope: Scope,
  period: { from: string; to: string },
  lang: Lang,
): Promise<Response> {
  const statement = await clientStatement(
    db,
    scope.companyId,
    scope.clientId,
    period.from,
    period.to,
  );
  const company = await companyParty(db, scope.companyId);
  const model = statementPdfModel(statement, company, lang, formatDate(new Date()));
  const bytes = await renderInPool(scope.companyId, { kind: "ledger", model });
  const name = lang === "en" ? "statement-of-account" : "извлечение-по-сметка";
  const dates = `${period.from}-${period.to}`;
  return pdfAnswer(bytes, `${name}-${dates}.pdf`, `statement-${dates}.pdf`);
}

/** One act of the client as PDF; another client's or company's act is NotFoundError. */
export async function actPdfAnswer(
  db: Kysely<Database>,
  scope: Scope,
  actId: string,
  lang: Lang,
): Promise<Response> {
  const client = await getClient(db, scope.companyId, scope.clientId);
  if (!client) throw new NotFoundError();
  const act = await getReconciliation(db, scope, actId);
  const statement = await clientStatement(db, scope.companyId, client.id, act.asOf, act.asOf);
  const company = await companyParty(db, scope.companyId);
  const model = actPdfModel(act, statement, company, client, lang, formatDate(new Date()));
  const bytes = await renderInPool(scope.companyId, { kind: "ledger", model });
  const name = `${lang === "en" ? "reconciliation" : "акт-за-сверка"}-${act.number}.pdf`;
  return pdfAnswer(bytes, name, `reconciliation-${act.number}.pdf`);
}
