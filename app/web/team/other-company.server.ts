import type { AppLoadContext } from "@remix-run/node";
import { json } from "@remix-run/node";
import { isUuid } from "~/utils/uuid";
import { getUser } from "~/web/auth/guards.server";

/*
 * Issue #41 item 1: a link to another company's record (from an e-mail or a bookmark) offers «Този
 * документ е на фирма … — превключи?» instead of a bare 404, when the login is a member there.
 * Nobody learns anything of a company they are not a member of: for them it stays a 404.
 */

type RecordTable =
  | "documents"
  | "clients"
  | "catalogueItems"
  | "expenses"
  | "salaries"
  | "employees"
  | "bankStatements"
  | "bankAccounts";

/** The pages of one record, by route id: the table its `$id` names, and what it is called. */
const RECORD_PAGES = new Map<string, { table: RecordTable; what: string }>([
  ["routes/_app.invoice.$id", { table: "documents", what: "Документът" }],
  ["routes/_app.invoice.edit.$id", { table: "documents", what: "Документът" }],
  ["routes/_app.client.edit.$id", { table: "clients", what: "Клиентът" }],
  ["routes/_app.catalogue_.edit.$id", { table: "catalogueItems", what: "Артикулът" }],
  ["routes/_app.expenses_.$id", { table: "expenses", what: "Разходът" }],
  ["routes/_app.expenses_.edit.$id", { table: "expenses", what: "Разходът" }],
  ["routes/_app.salaries_.edit.$id", { table: "salaries", what: "Заплатата" }],
  ["routes/_app.salaries_.employees_.$id", { table: "employees", what: "Служителят" }],
  ["routes/_app.bank_.statements.$id", { table: "bankStatements", what: "Извлечението" }],
  ["routes/_app.bank_.accounts.$id", { table: "bankAccounts", what: "Сметката" }],
]);

/** What the page's ErrorBoundary draws: the company the record is in, and the way there. */
export interface OtherCompanyOffer {
  otherCompany: { id: string; name: string };
  what: string;
  path: string;
}

/**
 * For a record page that found nothing in the session's company: the answer offering to switch to
 * the login's other company that has the record (409), or null (the 404 stands).
 */
export async function otherCompanyOffer(
  request: Request,
  context: AppLoadContext,
  routeId: string,
  params: Record<string, string | undefined>,
): Promise<Response | null> {
  const page = RECORD_PAGES.get(routeId);
  const id = params.id;
  if (!page || !id || !isUuid(id)) return null;
  const user = await getUser(request, context);
  if (!user?.companyId || user.impersonator) return null;
  const found = await context.db
    .selectFrom(page.table)
    .innerJoin("companyMembers", "companyMembers.companyId", `${page.table}.companyId`)
    .innerJoin("companies", "companies.id", "companyMembers.companyId")
    .select(["companies.id", "companies.name"])
    .where(`${page.table}.id`, "=", id)
    .where("companyMembers.userId", "=", user.id)
    .executeTakeFirst();
  if (!found || found.id === user.companyId) return null;
  const url = new URL(request.url);
  const offer: OtherCompanyOffer = {
    otherCompany: { id: found.id, name: found.name },
    what: page.what,
    path: `${url.pathname}${url.search}`,
  };
  return json(offer, { status: 409 });
}
