import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { createClient } from "~/modules/clients/queries.server";
import { clientSchema } from "~/modules/clients/schema";
import { cancelDocument, getDocument, issueDocument } from "~/modules/invoices/documents.server";
import { summarizeDocuments } from "~/modules/invoices/list.server";
import { addPayment } from "~/modules/invoices/payments.server";
import {
  confirmReconciliation,
  issueReconciliation,
  listReconciliations,
} from "~/modules/statements/reconciliations.server";
import { clientStatement } from "~/modules/statements/statement.server";
import { todayInSofia } from "~/utils/dates";
import type { Database } from "~db/types";
import { createCompanyWithClient, createTestDraft, validEik } from "../setup/factories";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();

type Me = Awaited<ReturnType<typeof createCompanyWithClient>>;

/** Issues a document of the company (net amount + 20 % VAT); its id. */
async function issued(
  db: Kysely<Database>,
  me: Me,
  fields: { type?: string; issueDate: string; net: string; originalId?: string; clientId?: string },
) {
  const id = await createTestDraft(db, me, {
    type: fields.type ?? "invoice",
    issueDate: fields.issueDate,
    ...(fields.clientId ? { clientId: fields.clientId } : {}),
    ...(fields.originalId ? { originalId: fields.originalId, reason: "Корекция" } : {}),
    lines: [{ description: "Услуга", quantity: "1", unitPrice: fields.net, vatRate: 20 }],
  });
  await issueDocument(db, me.companyId, id);
  return id;
}

async function pay(db: Kysely<Database>, me: Me, id: string, paidOn: string, cents: number) {
  const doc = await getDocument(db, me.companyId, id);
  await addPayment(db, me.companyId, doc!, { paidOn, amount: cents, method: "bank", note: null });
}

/**
 * The client's world: two invoices (120,00 and 240,00), partial payments, a credit note on the
 * paid invoice (over-credit: owed to the client), one on the open one, a debit note, and what
 * must stay out: a proforma, a cancelled invoice, another client's and another company's.
 */
async function world(db: Kysely<Database>) {
  const me = await createCompanyWithClient(db);
  const a = await issued(db, me, { issueDate: "2026-10-01", net: "100" });
  const b = await issued(db, me, { issueDate: "2026-10-15", net: "200" });
  await pay(db, me, a, "2026-10-10", 5000);
  await pay(db, me, a, "2026-11-05", 7000);
  await issued(db, me, { type: "proforma", issueDate: "2026-11-02", net: "999" });
  const cancelled = await issued(db, me, { issueDate: "2026-11-03", net: "777" });
  await cancelDocument(db, me.companyId, cancelled, "Издадена по грешка");
  const other = await createClient(
    db,
    me.companyId,
    clientSchema.parse({
      kind: "company",
      name: "Друг Клиент ЕООД",
      eik: validEik(),
      address: "ул. Шипка 1",
      city: "София",
      postalCode: "1000",
    }),
  );
  await issued(db, me, { issueDate: "2026-11-04", net: "555", clientId: other.id });
  const creditA = await issued(db, me, {
    type: "credit_note",
    issueDate: "2026-11-10",
    net: "10",
    originalId: a,
  });
  const creditB = await issued(db, me, {
    type: "credit_note",
    issueDate: "2026-11-12",
    net: "20",
    originalId: b,
  });
  await pay(db, me, b, "2026-11-20", 10000);
  const debit = await issued(db, me, {
    type: "debit_note",
    issueDate: "2026-11-21",
    net: "5",
    originalId: b,
  });
  const stranger = await createCompanyWithClient(db);
  await issued(db, stranger, { issueDate: "2026-11-04", net: "444" });
  return { me, a, b, creditA, creditB, debit, otherClientId: other.id, stranger };
}

describe("the statement of account (decision 070)", () => {
  it("opening, every document and payment with the running balance, closing = the list's receivable", async () => {
    const db = getDb();
    const { me, a, b, creditA, creditB, debit } = await world(db);
    const today = todayInSofia();
    const statement = await clientStatement(db, me.companyId, me.clientId, "2026-11-01", today);
    expect(statement.currencies.map((c) => c.currency)).toEqual(["EUR"]);
    const eur = statement.currencies[0]!;
    // Before November: 120,00 + 240,00 − 50,00.
    expect(eur.openingCents).toBe(31000);
    expect(
      eur.lines.map((l) => [
        l.date,
        l.kind,
        l.documentId,
        l.debitCents,
        l.creditCents,
        l.balanceCents,
        l.excessCents,
      ]),
    ).toEqual([
      ["2026-11-05", "payment", a, 0, 7000, 24000, 0],
      // The invoice was paid in full: the note settles nothing, its 12,00 are owed to the client.
      ["2026-11-10", "credit_note", creditA, 0, 0, 24000, 1200],
      ["2026-11-12", "credit_note", creditB, 0, 2400, 21600, 0],
      ["2026-11-20", "payment", b, 0, 10000, 11600, 0],
      ["2026-11-21", "debit_note", debit, 600, 0, 12200, 0],
    ]);
    expect(eur.debitCents).toBe(600);
    expect(eur.creditCents).toBe(19400);
    expect(eur.closingCents).toBe(12200);
    expect(eur.owedToClientCents).toBe(1200);
    expect(eur.open.map((d) => [d.documentId, d.openCents])).toEqual([
      [b, 11600],
      [debit, 600],
    ]);
    // The invoice list's «За получаване» for this client, to the cent.
    const list = await summarizeDocuments(db, me.companyId, { clientId: me.clientId }, today);
    expect(list.currencies.find((c) => c.currency === "EUR")?.outstandingCents).toBe(
      eur.closingCents,
    );

    // A period before anything: everything is in the opening of a later one, nothing in between.
    const october = await clientStatement(
      db,
      me.companyId,
      me.clientId,
      "2026-10-01",
      "2026-10-31",
    );
    expect(october.currencies[0]).toMatchObject({ openingCents: 0, closingCents: 31000 });
    expect(october.currencies[0]!.lines.map((l) => l.balanceCents)).toEqual([12000, 7000, 31000]);
  });

  it("never shows another client's or another company's documents", async () => {
    const db = getDb();
    const { me, otherClientId, stranger } = await world(db);
    const today = todayInSofia();
    const other = await clientStatement(db, me.companyId, otherClientId, "2026-01-01", today);
    expect(other.currencies[0]?.closingCents).toBe(66600);
    expect(other.currencies[0]?.lines).toHaveLength(1);
    // Another company's client is not found, as if it did not exist.
    await expect(
      clientStatement(db, me.companyId, stranger.clientId, "2026-01-01", today),
    ).rejects.toMatchObject({ status: 404 });
    const theirs = await clientStatement(
      db,
      stranger.companyId,
      stranger.clientId,
      "2026-01-01",
      today,
    );
    expect(theirs.currencies[0]?.closingCents).toBe(53280);
  });
});

describe("the act of reconciliation (decision 070)", () => {
  it("is numbered per company with the balance of the books; the client confirms or disputes once", async () => {
    const db = getDb();
    const { me, stranger } = await world(db);
    const today = todayInSofia();
    const [first] = await issueReconciliation(db, me.companyId, me.clientId, today, me.user.id);
    const [second] = await issueReconciliation(
      db,
      me.companyId,
      me.clientId,
      "2026-10-31",
      me.user.id,
    );
    const [theirs] = await issueReconciliation(
      db,
      stranger.companyId,
      stranger.clientId,
      today,
      stranger.user.id,
    );
    const acts = await listReconciliations(db, me.companyId, me.clientId);
    expect(acts.map((r) => [r.number, r.asOf, r.currency, r.balanceCents, r.status])).toEqual([
      [2, "2026-10-31", "EUR", 31000, "issued"],
      [1, today, "EUR", 12200, "issued"],
    ]);
    expect((await listReconciliations(db, stranger.companyId, stranger.clientId))[0]?.number).toBe(
      1,
    );

    const scope = { companyId: me.companyId, clientId: me.clientId };
    const confirmed = await confirmReconciliation(db, scope, first!, { status: "confirmed" });
    expect(confirmed).toMatchObject({ status: "confirmed", clientAmountCents: null });
    expect(confirmed.answeredAt).not.toBeNull();
    // Once only.
    await expect(
      confirmReconciliation(db, scope, first!, { status: "disputed", amountCents: 1 }),
    ).rejects.toMatchObject({ status: 409 });
    const disputed = await confirmReconciliation(db, scope, second!, {
      status: "disputed",
      amountCents: 30000,
      note: "Плащане от 10,00 на 30.10 не е отразено",
    });
    expect(disputed).toMatchObject({
      status: "disputed",
      clientAmountCents: 30000,
      clientNote: "Плащане от 10,00 на 30.10 не е отразено",
    });
    // Another company's act (or another client's link) is not found and stays issued.
    await expect(
      confirmReconciliation(db, scope, theirs!, { status: "confirmed" }),
    ).rejects.toMatchObject({
      status: 404,
    });
    const other = (await listReconciliations(db, stranger.companyId, stranger.clientId))[0];
    expect(other?.status).toBe("issued");
  });
});
