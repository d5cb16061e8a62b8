import type { Kysely } from "kysely";
import type { Database } from "~db/types";
import { MatchIndex, type OpenDocument } from "./ranking";
import { documentNumberValue } from "./reason";

/*
 * The index a statement's movements are ranked against (ranking.ts), read once per import or
 * refresh in five queries, whatever the number of movements: the company's open invoices and
 * debit notes (what each still owes after its payments and credit notes: documents.due_cents, the
 * one definition — issue #41), its proformas with the invoice made from each, its clients, the
 * remembered IBANs, its unpaid expenses, its rules and НАП's accounts.
 */

export async function loadMatchIndex(
  db: Kysely<Database>,
  companyId: string,
  currency: string,
): Promise<MatchIndex> {
  const [documents, clients, payees, expenses, rules, napAccounts] = await Promise.all([
    db
      .selectFrom("documents")
      .select(["id", "type", "number", "clientId", "currency", "totalCents", "dueCents", "dueDate"])
      .where("companyId", "=", companyId)
      .where("status", "=", "issued")
      .where("currency", "=", currency)
      .where((eb) =>
        eb.or([
          eb.and([eb("type", "in", ["invoice", "debit_note"]), eb("dueCents", ">", 0)]),
          eb("type", "=", "proforma"),
        ]),
      )
      .execute(),
    db
      .selectFrom("clients")
      .select(["id", "name", "eik", "vatNumber"])
      .where("companyId", "=", companyId)
      .execute(),
    db
      .selectFrom("bankPayees")
      .select(["iban", "clientId", "supplierId"])
      .where("companyId", "=", companyId)
      .execute(),
    db
      .selectFrom("expenses")
      .select([
        "id",
        "supplierId",
        "supplierName",
        "supplierEik",
        "documentNumber",
        "currency",
        "totalCents",
        "dueDate",
      ])
      .where("companyId", "=", companyId)
      .where("paidOn", "is", null)
      .where("documentType", "!=", "credit_note")
      .where("currency", "=", currency)
      .execute(),
    db
      .selectFrom("bankRules")
      .select(["id", "reasonContains", "amountMinCents", "amountMaxCents"])
      .where("companyId", "=", companyId)
      .where("deletedAt", "is", null)
      .orderBy("createdAt")
      .execute(),
    db.selectFrom("napPaymentAccounts").select(["iban", "kind", "validFrom", "validTo"]).execute(),
  ]);
  // Proformas point at the invoice made from them (when it is issued and open).
  const proformaIds = documents.filter((d) => d.type === "proforma").map((d) => d.id);
  const invoiceOf = new Map<string, string>();
  for (let i = 0; i < proformaIds.length; i += 5000) {
    const rows = await db
      .selectFrom("documents")
      .select(["id", "proformaId"])
      .where("companyId", "=", companyId)
      .where("status", "=", "issued")
      .where("proformaId", "in", proformaIds.slice(i, i + 5000))
      .execute();
    for (const row of rows) if (row.proformaId) invoiceOf.set(row.proformaId, row.id);
  }
  const open: OpenDocument[] = [];
  for (const d of documents) {
    const number = documentNumberValue(d.number);
    if (number === null) continue;
    // What it still owes; its credit notes are already taken off (they settle when issued).
    const due = d.dueCents;
    open.push({
      id: d.id,
      type: d.type as OpenDocument["type"],
      number,
      clientId: d.clientId,
      currency: d.currency,
      grossDueCents: due,
      netDueCents: due,
      dueDate: d.dueDate,
      invoiceId: d.type === "proforma" ? (invoiceOf.get(d.id) ?? null) : null,
    });
  }
  return new MatchIndex({
    documents: open,
    clients,
    payees,
    expenses: expenses.map((e) => ({
      ...e,
      number: documentNumberValue(e.documentNumber.replace(/\D/g, "").slice(-10) || null),
    })),
    rules: rules.map((r) => ({ ...r })),
    napAccounts,
  });
}
