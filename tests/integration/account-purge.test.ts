import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { purgeDueAccounts, requestDeletion } from "~/modules/accounts/account.server";
import { checkReceipts } from "~/modules/expenses/attachments.server";
import { exportPaths, sweepExports } from "~/modules/export/service.server";
import { createDraft, getDocument, issueDocument } from "~/modules/invoices/documents.server";
import { addPayment } from "~/modules/invoices/payments.server";
import { storedPdf } from "~/modules/invoices/render.server";
import { documentSchema } from "~/modules/invoices/schema";
import { createRecurring } from "~/modules/recurring/service.server";
import { action as login } from "~/routes/api.login";
import type { Database } from "~db/types";
import { makeContext } from "../setup/context";
import {
  createCompanyOnPlan,
  createTestExpense,
  createTestSalary,
  createUser,
  PASSWORD,
  TINY_PNG,
} from "../setup/factories";
import { botToken, call, jsonBody } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * The spec: after the 30 days of a deletion «data cannot be restored» (issue #28 item 4,
 * decision 033). The company a login owns alone goes with it — every row that carries its id,
 * the documents whose checks protect others first (a credit note's invoice, a document's
 * client, a salary's employee, a receipt's file) — its export's files with the next sweep; the
 * login is left anonymised; another company is untouched.
 */

const getDb = setupTestDatabase();

/** A company with one of everything that points at something else. */
async function filled(db: Kysely<Database>) {
  const me = await createCompanyOnPlan(db, "full");
  const invoiceId = await createDraft(
    db,
    me.companyId,
    me.user.id,
    documentSchema.parse({
      type: "invoice",
      clientId: me.clientId,
      issueDate: "2026-11-20",
      dueDate: "2026-11-27",
      currency: "EUR",
      lines: [{ description: "Услуга", quantity: "1", unitPrice: "100", vatRate: 20 }],
    }),
  );
  await issueDocument(db, me.companyId, invoiceId);
  const invoice = (await getDocument(db, me.companyId, invoiceId))!;
  await storedPdf(db, invoice);
  await addPayment(db, me.companyId, invoice, {
    paidOn: "2026-11-21",
    amount: 5000,
    method: "bank",
    note: null,
  });
  const noteId = await createDraft(
    db,
    me.companyId,
    me.user.id,
    documentSchema.parse({
      type: "credit_note",
      clientId: me.clientId,
      originalId: invoiceId,
      reason: "Отстъпка по договор",
      issueDate: "2026-11-22",
      currency: "EUR",
      lines: [{ description: "Отстъпка", quantity: "1", unitPrice: "10", vatRate: 20 }],
    }),
  );
  await issueDocument(db, me.companyId, noteId);
  await createRecurring(db, me.companyId, invoiceId, {
    name: "Абонамент",
    frequency: "monthly",
    dayOfMonth: 1,
    startOn: "2026-12-01",
    endOn: null,
    mode: "draft",
  });
  await createTestExpense(
    db,
    me.companyId,
    {},
    checkReceipts([{ fileName: "бон.png", declaredType: "image/png", bytes: TINY_PNG }]),
  );
  await createTestSalary(db, me.companyId, "2026-10");
  return me;
}

/** Rows that carry the company's id, per table (tables with a company_id column). */
async function rowsOf(db: Kysely<Database>, companyId: string) {
  const tables = (
    await sql<{ table: string }>`
      select table_name as table from information_schema.columns
      where table_schema = 'public' and column_name = 'company_id' order by 1`.execute(db)
  ).rows.map((r) => r.table);
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from ${sql.table(table)} where company_id = ${companyId}`.execute(
      db,
    );
    if (rows[0]!.n > 0) counts[table] = rows[0]!.n;
  }
  return counts;
}

const in31Days = () => new Date(Date.now() + 31 * 86_400_000);

describe("an account's deletion after its 30 days", () => {
  it("deletes every row of the company its login owned alone, keeps the login anonymised, leaves others whole", async () => {
    const db = getDb();
    const gone = await filled(db);
    const other = await filled(db);
    const otherBefore = await rowsOf(db, other.companyId);
    expect(Object.keys(await rowsOf(db, gone.companyId))).toEqual(
      expect.arrayContaining(["documents", "document_payments", "expenses", "salaries", "clients"]),
    );

    // The operator's invoice for the subscription is the operator's books (decision 033).
    const subscriptionInvoice = (status: "paid" | "open", taxNumber: string | null) => ({
      companyId: gone.companyId,
      providerId: `in_${status}_${gone.companyId}`,
      amountCents: 3900,
      status,
      taxNumber,
      buyer: JSON.stringify({ name: "Купувач ООД" }),
    });
    await db
      .insertInto("subscriptionInvoices")
      .values([
        subscriptionInvoice("paid", String(Date.now()).slice(-10)),
        subscriptionInvoice("open", null),
      ])
      .execute();

    await requestDeletion(db, gone.user.id);
    // Not before its day.
    expect(await purgeDueAccounts(db)).toEqual({ accounts: 0, companies: 0 });
    expect(await purgeDueAccounts(db, in31Days())).toEqual({ accounts: 1, companies: 1 });
    expect(await purgeDueAccounts(db, in31Days())).toEqual({ accounts: 0, companies: 0 });

    expect(await rowsOf(db, gone.companyId)).toEqual({});
    expect(
      await db.selectFrom("companies").select("id").where("id", "=", gone.companyId).execute(),
    ).toEqual([]);
    expect(await rowsOf(db, other.companyId)).toEqual(otherBefore);
    expect(
      await db
        .selectFrom("subscriptionInvoices")
        .select(["status", "companyId"])
        .where("providerId", "like", `%_${gone.companyId}`)
        .execute(),
      "the issued one stays without its company, the unpaid one goes",
    ).toEqual([{ status: "paid", companyId: null }]);

    const user = await db
      .selectFrom("users")
      .select(["email", "firstName", "companyId", "anonymizedAt"])
      .where("id", "=", gone.user.id)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      email: `deleted-${gone.user.id}@invalid.smetka.bg`,
      firstName: "Изтрит",
      companyId: null,
    });
    expect(user.anonymizedAt).not.toBeNull();
    const relogin = await call(
      login,
      db,
      "/api/login",
      jsonBody({ username: gone.user.email, password: PASSWORD, recaptchaToken: botToken() }),
    );
    expect(relogin.status).toBe(401);
  });

  it("leaves an owner whose company gained a member since the request for the next run", async () => {
    const db = getDb();
    const owner = await filled(db);
    await requestDeletion(db, owner.user.id);
    const member = await createUser(db);
    await db
      .insertInto("companyMembers")
      .values({ companyId: owner.companyId, userId: member.id, role: "accountant" })
      .execute();
    expect(await purgeDueAccounts(db, in31Days())).toEqual({ accounts: 0, companies: 0 });
    expect(Object.keys(await rowsOf(db, owner.companyId))).toContain("documents");
  });

  it("the export sweep removes the files of exports whose company is gone", async () => {
    const db = getDb();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "smetka-purge-"));
    try {
      const { config } = makeContext(db, { dataDir });
      const me = await filled(db);
      const kept = await filled(db);
      const exportOf = async (companyId: string) =>
        (
          await db
            .insertInto("companyExports")
            .values({ companyId, state: "ready", readyAt: new Date(), expiresAt: in31Days() })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id;
      const ids = [await exportOf(me.companyId), await exportOf(kept.companyId)];
      for (const id of ids) {
        const paths = exportPaths(dataDir, id);
        await mkdir(paths.folder, { recursive: true });
        await writeFile(paths.zip, "PK");
      }
      await requestDeletion(db, me.user.id);
      await purgeDueAccounts(db, in31Days());
      const swept = await sweepExports({ db, config });
      expect(swept.orphans).toBe(1);
      expect(await readdir(exportPaths(dataDir, "-").folder)).toEqual([`${ids[1]}.zip`]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
