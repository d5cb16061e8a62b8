import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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
import StatementPage, {
  action as pageAction,
  loader as pageLoader,
} from "~/routes/_app.clients_.$id.statement";
import { loader as apiStatement } from "~/routes/api.clients.$id.statement";
import { loader as actPdf } from "~/routes/clients.$id.reconciliation[.]pdf";
import { loader as statementPdf } from "~/routes/clients.$id.statement[.]pdf";
import { todayInSofia } from "~/utils/dates";
import type { Database } from "~db/types";
import { createCompanyWithClient, createTestDraft, validEik } from "../setup/factories";
import { pageOf } from "../setup/page-text";
import { call, formBody, signInApi } from "../setup/routes";
import { memberOf } from "../setup/team";
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

  it("makes one statement per currency, each closing at the list's receivable in it", async () => {
    const db = getDb();
    const { me } = await world(db);
    const id = await createTestDraft(db, me, {
      issueDate: "2026-11-22",
      currency: "USD",
      eurRate: "0.86",
      vatGround: "чл. 21, ал. 2 от ЗДДС",
      lines: [{ description: "Консултация", quantity: "1", unitPrice: "50", vatRate: 0 }],
    });
    await issueDocument(db, me.companyId, id);
    await pay(db, me, id, "2026-11-23", 1250);
    const today = todayInSofia();
    const statement = await clientStatement(db, me.companyId, me.clientId, "2026-11-01", today);
    expect(statement.currencies.map((c) => [c.currency, c.openingCents, c.closingCents])).toEqual([
      ["EUR", 31000, 12200],
      ["USD", 0, 3750],
    ]);
    const list = await summarizeDocuments(db, me.companyId, { clientId: me.clientId }, today);
    for (const c of statement.currencies) {
      expect(list.currencies.find((l) => l.currency === c.currency)?.outstandingCents).toBe(
        c.closingCents,
      );
    }
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

/** The text pdftotext reads from a PDF, spaces joined. */
function pdfText(bytes: ArrayBuffer) {
  const dir = mkdtempSync(join(tmpdir(), "smetka-statement-"));
  const file = join(dir, "statement.pdf");
  writeFileSync(file, Buffer.from(bytes));
  return execFileSync("pdftotext", ["-layout", file, "-"])
    .toString("utf8")
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/[ \t]+/g, " ");
}

describe("the statement's page, PDF and API, and the act's form and PDF", () => {
  it("shows the period's table, answers PDF in Bulgarian and English and the API in decimal strings", async () => {
    const db = getDb();
    const { me, stranger } = await world(db);
    const session = await signInApi(db, me.user);
    const headers = { Cookie: session.cookie };
    const id = me.clientId;
    const today = todayInSofia();
    const page = await call(pageLoader, db, `/clients/${id}/statement?from=2026-11-01`, {
      headers,
      params: { id },
    });
    const { text, html } = await pageOf(
      StatementPage,
      page.clone(),
      `/clients/${id}/statement?from=2026-11-01`,
    );
    // What a reader gets: the heading, the period's form, the table with its rows, the files.
    expect(text).toContain("Извлечение по сметка: Клиент Бета ООД");
    expect(html).toMatch(/<label[^>]*>От дата/);
    expect(text).toMatch(/Дата Документ Дебит Кредит Салдо/);
    expect(text).toMatch(/Начално салдо към 01\.11\.2026 310,00 EUR/);
    expect(text).toMatch(/05\.11\.2026 Плащане по фактура № 0000000001 70,00 EUR 240,00 EUR/);
    expect(text).toMatch(/Кредитно известие № \d+ — 12,00 EUR над дължимото, дължими на клиента/);
    expect(text).toMatch(/Крайно салдо към \d\d\.\d\d\.2026 122,00 EUR/);
    expect(text).not.toContain("Друг Клиент");
    expect(html).toContain(
      `/clients/${id}/statement.pdf?from=2026-11-01&amp;to=${today}&amp;lang=en`,
    );
    expect(text).toContain("Няма издадени актове за сверка.");
    const data = await page.json();
    expect(data.statement.currencies[0].closingCents).toBe(12200);
    expect(data.statement.to).toBe(today);
    // A period that is not one: 400 with the Bulgarian reason, the default period shown.
    const bad = await call(
      pageLoader,
      db,
      `/clients/${id}/statement?from=2026-12-01&to=2026-11-01`,
      {
        headers,
        params: { id },
      },
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).periodError).toMatch(/Невалиден период/);

    const bg = await call(
      statementPdf,
      db,
      `/clients/${id}/statement.pdf?from=2026-11-01&lang=bg`,
      {
        headers,
        params: { id },
      },
    );
    expect(bg.headers.get("Content-Type")).toBe("application/pdf");
    const bgText = pdfText(await bg.arrayBuffer());
    expect(bgText).toContain("Извлечение по сметка");
    expect(bgText).toContain("Клиент Бета ООД");
    expect(bgText).toMatch(/Начално салдо към 01\.11\.2026 310,00/);
    expect(bgText).toMatch(/Плащане по фактура № 0000000001 70,00 240,00/);
    expect(bgText).toMatch(/Крайно салдо към \d\d\.\d\d\.2026 122,00/);
    expect(bgText).toMatch(/Дължимо на клиента .* 12,00/);
    // Not the other client's invoice (555,00 net, 666,00 due); a random ЕИК may hold «555».
    expect(bgText).not.toMatch(/555,00|666,00/);
    const en = await call(
      statementPdf,
      db,
      `/clients/${id}/statement.pdf?from=2026-11-01&lang=en`,
      {
        headers,
        params: { id },
      },
    );
    const enText = pdfText(await en.arrayBuffer());
    expect(enText).toContain("Statement of account");
    expect(enText).toMatch(/Opening balance at 01\.11\.2026 310\.00/);
    expect(enText).toMatch(/Closing balance at \d\d\.\d\d\.2026 122\.00/);
    expect(enText).toContain("page 1 of 1");
    await expect(
      call(statementPdf, db, `/clients/${id}/statement.pdf?lang=de`, { headers, params: { id } }),
    ).rejects.toMatchObject({ status: 400 });

    const api = await call(apiStatement, db, `/api/clients/${id}/statement?from=2026-11-01`, {
      headers: session.bearer,
      params: { id },
    });
    const body = await api.json();
    expect(body.currencies[0]).toMatchObject({
      currency: "EUR",
      opening: "310.00",
      closing: "122.00",
      owedToClient: "12.00",
    });
    expect(body.currencies[0].lines[1]).toMatchObject({
      kind: "credit_note",
      credit: "0.00",
      excess: "12.00",
    });
    // Another company's client: 404, nothing of it shown.
    await expect(
      call(apiStatement, db, `/api/clients/${stranger.clientId}/statement`, {
        headers: session.bearer,
        params: { id: stranger.clientId },
      }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it("issues an act from the page; its PDF in both languages; staff limited to own documents and viewers are refused", async () => {
    const db = getDb();
    const { me } = await world(db);
    const session = await signInApi(db, me.user);
    const headers = { Cookie: session.cookie };
    const id = me.clientId;
    const post = (fields: Record<string, string>, cookie = session.cookie) =>
      call(pageAction, db, `/clients/${id}/statement`, {
        ...formBody({ _company: me.companyId, ...fields }, { Cookie: cookie }),
        params: { id },
      });
    const refused = await post({ asOf: "31.11.2026" });
    expect(refused.status).toBe(400);
    const answer = await refused.json();
    expect(answer.fieldErrors.asOf).toBe("Посочете дата на акта (ГГГГ-ММ-ДД)");
    expect(answer.repopulateFields.asOf).toBe("31.11.2026");
    const made = await post({ asOf: "2026-11-25" });
    expect(made.status).toBe(302);
    const [act] = await listReconciliations(db, me.companyId, id);
    expect(act).toMatchObject({ number: 1, asOf: "2026-11-25", balanceCents: 12200 });

    const file = async (lang: string) =>
      pdfText(
        await (
          await call(actPdf, db, `/clients/${id}/reconciliation.pdf?act=${act!.id}&lang=${lang}`, {
            headers,
            params: { id },
          })
        ).arrayBuffer(),
      );
    const bg = await file("bg");
    expect(bg).toContain("Акт за сверка № 1");
    expect(bg).toMatch(/Клиент Бета ООД дължи 122,00 EUR/);
    expect(bg).toMatch(/Фактура № 0000000002 240,00 116,00/);
    expect(bg).toContain("Потвърждаваме салдото");
    expect(bg).toContain("МОЛ: Петър Петров");
    const en = await file("en");
    expect(en).toContain("Reconciliation statement No. 1");
    expect(en).toMatch(/owes 122\.00 EUR/);
    expect(en).toContain("We confirm the balance");

    // Staff limited to their own documents: neither the page nor the act.
    const limited = await memberOf(db, me.companyId, "staff", { ownDocumentsOnly: true });
    await expect(
      call(pageLoader, db, `/clients/${id}/statement`, {
        headers: { Cookie: limited.cookie },
        params: { id },
      }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(post({ asOf: "2026-11-26" }, limited.cookie)).rejects.toMatchObject({
      status: 403,
    });
    // A viewer reads the statement but issues no act.
    const viewer = await memberOf(db, me.companyId, "viewer");
    const viewed = await call(pageLoader, db, `/clients/${id}/statement`, {
      headers: { Cookie: viewer.cookie },
      params: { id },
    });
    expect((await viewed.json()).canIssue).toBe(false);
    // A refused form goes to /dashboard with the reason (the guard's way), and writes nothing.
    const byViewer = await post({ asOf: "2026-11-26" }, viewer.cookie);
    expect(byViewer.status).toBe(302);
    expect(byViewer.headers.get("Location")).toBe("/dashboard");
    expect(await listReconciliations(db, me.companyId, id)).toHaveLength(1);
  });
});
