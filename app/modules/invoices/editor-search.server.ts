import type { Kysely } from "kysely";
import { catalogueItemJson, hasCatalogue, listCatalogue } from "~/modules/catalogue/queries.server";
import { CATALOGUE_SEARCH_LIMIT } from "~/modules/catalogue/schema";
import { getClient, listClients } from "~/modules/clients/queries.server";
import { vatDateOf } from "~/modules/reference/vat";
import { allVatGrounds, allVatRates } from "~/modules/reference/vat.server";
import { cp1251Warning } from "~/utils/cp1251";
import { searchTerm } from "~/utils/schema";
import { isUuid } from "~/utils/uuid";
import type { Client, Database } from "~db/types";
import { documentVisibleTo } from "./documents.server";
import { CLIENT_SEARCH_LIMIT, type EditorClient, type EditorSearch } from "./editor";

/*
 * What the document editor (editor.server.ts) offers: the selects' options, the chosen client and
 * the searches' results (never the whole list of clients).
 */

/**
 * Everything the editor's selects offer. The VAT rates and grounds come with their validity: the
 * editor offers those valid on the document's date (and follows a date changed in the browser).
 * Clients are not here: the chosen one and a search's results come with `editorSearch`.
 */
export async function editorOptions(
  db: Kysely<Database>,
  companyId: string,
  createdBy: string | null = null,
) {
  const [company, invoices, vatRates, vatGrounds, anyClient, catalogue] = await Promise.all([
    db
      .selectFrom("companies")
      .select(["isVatRegistered", "useEnglishInvoices"])
      .where("id", "=", companyId)
      .executeTakeFirstOrThrow(),
    invoicesForNotes(db, companyId, undefined, createdBy),
    allVatRates(db),
    allVatGrounds(db),
    db
      .selectFrom("clients")
      .select("id")
      .where("companyId", "=", companyId)
      .where("archivedAt", "is", null)
      .limit(1)
      .executeTakeFirst(),
    hasCatalogue(db, companyId),
  ]);
  return {
    vatRegistered: company.isVatRegistered,
    vatRates,
    vatGrounds,
    hasClients: anyClient !== undefined,
    hasCatalogue: catalogue,
    invoices: invoices.map((i) => ({
      id: i.id,
      // A note's lines take the rates in force on its invoice's date.
      vatDate: vatDateOf(i),
      label: `№ ${i.number} от ${i.issueDate.split("-").reverse().join(".")} — ${i.clientName}`,
    })),
  };
}

function editorClient(client: Client): EditorClient {
  return {
    id: client.id,
    name: client.name,
    eik: client.eik,
    vatNumber: client.vatNumber,
    currency: client.currency,
    paymentTermDays: client.paymentTermDays,
    mol: client.mol,
    vatTreatment: client.vatTreatment,
    language: client.language,
    nameWarning: cp1251Warning(client.name),
  };
}

/**
 * The editor's searches, for a page rendered without JavaScript: the chosen client and up to 20
 * active clients to choose from (those matching `clientQ` by name, ЕИК or VAT number, else the
 * first by name: one page of the keyset list, never all of them), and — when searched — the
 * catalogue's items whose name contains `catalogueQ`.
 */
export async function editorSearch(
  db: Kysely<Database>,
  companyId: string,
  options: { clientId?: string; clientQ?: string; catalogueQ?: string; catalogue?: boolean },
): Promise<EditorSearch> {
  const clientQ = searchTerm(options.clientQ);
  const catalogueQ = searchTerm(options.catalogueQ);
  const searchCatalogue = options.catalogue || catalogueQ !== "";
  const [chosen, page, items] = await Promise.all([
    getClient(db, companyId, options.clientId || undefined),
    listClients(db, companyId, { q: clientQ, limit: CLIENT_SEARCH_LIMIT }),
    searchCatalogue
      ? listCatalogue(db, companyId, { q: catalogueQ, limit: CATALOGUE_SEARCH_LIMIT })
      : null,
  ]);
  return {
    clientQ,
    client: chosen ? editorClient(chosen) : null,
    clients: page.clients.map(editorClient),
    moreClients: page.nextCursor !== null,
    catalogueQ,
    catalogue: items ? items.items.map(catalogueItemJson) : null,
  };
}

/** Issued invoices of the company a note may refer to, newest first. */
async function invoicesForNotes(
  db: Kysely<Database>,
  companyId: string,
  clientId?: string,
  createdBy: string | null = null,
) {
  let query = db
    .selectFrom("documents")
    .innerJoin("clients", "clients.id", "documents.clientId")
    .select([
      "documents.id",
      "documents.number",
      "documents.issueDate",
      "documents.taxEventDate",
      "documents.clientId",
      "documents.totalCents",
      "documents.currency",
      "clients.name as clientName",
    ])
    .where(documentVisibleTo(companyId, createdBy))
    .where("documents.type", "=", "invoice")
    .where("documents.status", "=", "issued");
  if (clientId && isUuid(clientId)) query = query.where("documents.clientId", "=", clientId);
  return query
    .orderBy("documents.issueDate", "desc")
    .orderBy("documents.number", "desc")
    .limit(200)
    .execute();
}
