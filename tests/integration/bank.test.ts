import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { analyticsSummary } from "~/modules/analytics/summary.server";
import {
  confirmSuggestion,
  matchDocuments,
  unmatchTransaction,
} from "~/modules/bank/confirm.server";
import { importStatement } from "~/modules/bank/import.server";
import { listTransactions, type TransactionView } from "~/modules/bank/queries.server";
import { createRule } from "~/modules/bank/rules.server";
import { createClient } from "~/modules/clients/queries.server";
import { clientSchema } from "~/modules/clients/schema";
import { receivables } from "~/modules/dashboard/money.server";
import { listCategories } from "~/modules/expenses/categories.server";
import { createDraft, getDocument, issueDocument } from "~/modules/invoices/documents.server";
import { summarizeDocuments } from "~/modules/invoices/list.server";
import { documentSchema } from "~/modules/invoices/schema";
import type { Database } from "~db/types";
import { actorOf } from "../setup/bank-actor";
import { type SampleMovement, writeMt940 } from "../setup/bank-statements";
import { createCompanyOnPlan, createTestExpense, validEik } from "../setup/factories";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #30's «done when»: an MT940 month of 40 credits (single, split, partial, overpaid, a
 * typo'd number, unknown payers, a number that is a prefix of another, a credit note, a
 * proforma, two honest equal payments) and 10 debits (НАП, expenses, rules, an unknown one)
 * imports; every suggestion a careful accountant would accept is first; re-importing adds 0;
 * after confirming, the list, the dashboard and /analytics say the same receivables; unmatching
 * gives the documents their state back.
 */

const getDb = setupTestDatabase();
const OWN_IBAN = "BG80BNBG96611020345678";
const TODAY = "2026-11-30";

const PAYERS = {
  sila: { name: "СИЛА ИНВЕСТ ООД", iban: "BG92DEMI92401000019723", bic: "DEMIBGSF" },
  petrov: { name: "ПЕТРОВ И СИЕ ЕООД", iban: "BG18RZBB91550123456789", bic: "RZBBBGSF" },
  alfa: { name: "ALFA TREYD OOD", iban: "BG20UNCR70001523456781", bic: "UNCRBGSF" },
  beta: { name: "БЕТА КОНСУЛТ ЕООД", iban: "BG07FINV91501004567890", bic: "FINVBGSF" },
  gama: { name: "ГАМА ООД", iban: "BG50UBBS80021012345678", bic: "UBBSBGSF" },
  unknown: { name: "НЕПОЗНАТ ПЛАТЕЦ", iban: "BG62CECB97901012345678", bic: "CECBBGSF" },
} as const;

async function month(db: Kysely<Database>) {
  const me = await createCompanyOnPlan(db, "standard", false);
  const clients: Record<string, string> = {};
  for (const [key, payer] of Object.entries(PAYERS)) {
    if (key === "unknown") continue;
    const name = key === "alfa" ? "Алфа Трейд ООД" : payer.name.replace("ИНВЕСТ", "Инвест");
    clients[key] = (
      await createClient(
        db,
        me.companyId,
        clientSchema.parse({
          kind: "company",
          name,
          eik: validEik(),
          address: "ул. 1",
          city: "София",
          postalCode: "1000",
        }),
      )
    ).id;
  }
  const eikOf = async (clientId: string) =>
    (
      await db
        .selectFrom("clients")
        .select("eik")
        .where("id", "=", clientId)
        .executeTakeFirstOrThrow()
    ).eik as string;
  const made: { id: string; number: string; total: number }[] = [];
  const issue = async (client: string, price: string, fields: Record<string, unknown> = {}) => {
    const id = await createDraft(
      db,
      me.companyId,
      me.user.id,
      documentSchema.parse({
        type: "invoice",
        clientId: clients[client] ?? client,
        issueDate: "2026-11-02",
        dueDate: "2026-11-16",
        lines: [{ description: "Услуга", quantity: "1", unitPrice: price, vatRate: 20 }],
        ...fields,
      }),
    );
    await issueDocument(db, me.companyId, id);
    const doc = (await getDocument(db, me.companyId, id))!;
    const row = { id, number: doc.number as string, total: doc.totalCents };
    if (doc.type === "invoice") made.push(row);
    return row;
  };
  return { me, clients, issue, made, eikOf };
}

describe("bank statements: a month", () => {
  it("imports 40 credits and 10 debits, ranks what an accountant accepts first, re-imports nothing, and keeps the receivables agreeing", async () => {
    const db = getDb();
    const { me, clients, issue, eikOf } = await month(db);
    const actor = actorOf(db, me.user, me.companyId);

    // Invoices 1–45 (numbers 0000000001…), amounts all different so "amount" is meaningful.
    const inv: { id: string; number: string; total: number }[] = [];
    const owners = ["sila", "petrov", "alfa", "beta", "gama"];
    // The pairs paid together (16+17, 18+19, 20+21) are each of one client.
    const ownerOf = (i: number) => owners[([17, 19, 21].includes(i) ? i - 1 : i) % 5] as string;
    for (let i = 1; i <= 45; i++) {
      inv.push(await issue(ownerOf(i), `${100 + i * 7}.${String(i).padStart(2, "0")}`));
    }
    const n = (i: number) => inv[i - 1] as { id: string; number: string; total: number };
    const value = (i: number) => String(Number(n(i).number));
    // A credit note of 20.00 (and its VAT) on invoice 44: its client pays what is left.
    const credit = await createDraft(
      db,
      me.companyId,
      me.user.id,
      documentSchema.parse({
        type: "credit_note",
        clientId: clients[ownerOf(44)],
        originalId: n(44).id,
        reason: "Отстъпка",
        issueDate: "2026-11-05",
        lines: [{ description: "Отстъпка", quantity: "1", unitPrice: "20.00", vatRate: 20 }],
      }),
    );
    await issueDocument(db, me.companyId, credit);
    const creditTotal = (await getDocument(db, me.companyId, credit))!.totalCents;
    // A proforma (its own series: number 0000000001, the same as invoice 1).
    const proforma = await issue("gama", "999.00", { type: "proforma" });

    // Expenses: three invoices of suppliers by number, one by the supplier's name, one by amount.
    const exp = async (number: string, base: string, supplierName = "Доставчик АД") =>
      (
        await createTestExpense(db, me.companyId, {
          documentNumber: number,
          supplierName,
          amounts: [{ vatRate: 20, base }],
          dueDate: "2026-11-20",
        })
      ).id;
    const e1 = await exp("2000000042", "250.00");
    const e2 = await exp("2000000043", "100.00");
    const e3 = await exp("2000000044", "75.50");
    const e4 = await exp("0000000777", "40.00", "Офис Трейд ЕООД");
    const e5 = await exp("0000000888", "33.33", "Куриер ООД");
    const [category] = await listCategories(db, me.companyId);
    const feeRule = await createRule(actor, {
      reasonContains: "такса",
      amountMinCents: null,
      amountMaxCents: 5000,
      supplierName: "Банка ДСК ЕАД",
      supplierEik: null,
      categoryId: category!.id,
      vatRate: null,
      description: "Банкова такса",
    });

    const eikAlfa = await eikOf(clients.alfa as string);
    const day = (d: number) => `2026-11-${String(d).padStart(2, "0")}`;
    type Expect = {
      docs?: number[];
      proforma?: boolean;
      expense?: string;
      rule?: string;
      nap?: boolean;
      none?: boolean;
    };
    const rows: (SampleMovement & { expect: Expect })[] = [];
    const credit_ = (
      d: number,
      payer: keyof typeof PAYERS | null,
      cents: number,
      reason: string,
      expect: Expect,
      ref = true,
    ) =>
      rows.push({
        day: day(d),
        direction: "credit",
        cents,
        ...(payer ? PAYERS[payer] : {}),
        reason,
        reference: ref ? `REF${String(rows.length + 1).padStart(4, "0")}` : null,
        expect,
      });
    const payerOf = (i: number) => ownerOf(i) as keyof typeof PAYERS;
    // 1–15 single, exact, in the ways payers write it.
    const forms = [
      (i: number) => `ПО Ф-РА ${n(i).number}/05.11.2026`,
      (i: number) => `ПЛАЩАНЕ ПО ФАКТУРА № ${value(i)}`,
      (i: number) => `ф. ${value(i)} от 02.11.2026`,
      (i: number) => `фак.${value(i)}`,
      (i: number) => `INV-${n(i).number}`,
    ];
    for (let i = 1; i <= 15; i++) {
      if (i === 4 || i === 12) continue; // kept for the prefix cases below
      credit_(3 + (i % 20), payerOf(i), n(i).total, (forms[i % 5] as (i: number) => string)(i), {
        docs: [i],
      });
    }
    // Split: one credit for two (named) invoices — three times.
    for (const [a, b] of [
      [16, 17],
      [18, 19],
      [20, 21],
    ] as const) {
      credit_(10, payerOf(a), n(a).total + n(b).total, `ПО Ф-РИ ${value(a)} И ${value(b)}`, {
        docs: [a, b],
      });
    }
    // Partial: two credits for invoice 22, half and the rest.
    const half = Math.floor(n(22).total / 2);
    credit_(11, payerOf(22), half, `Ф-РА ${value(22)} ЧАСТИЧНО`, { docs: [22] });
    credit_(25, payerOf(22), n(22).total - half, `Ф-РА ${value(22)} ОСТАТЪК`, { docs: [22] });
    // Partial single, twice.
    credit_(12, payerOf(23), 5000, `АВАНС ПО Ф-РА ${value(23)}`, { docs: [23] });
    credit_(12, payerOf(24), 7000, `ф-ра ${value(24)}`, { docs: [24] });
    // Overpaid, twice.
    credit_(13, payerOf(25), n(25).total + 1000, `ф-ра ${value(25)}`, { docs: [25] });
    credit_(13, payerOf(26), n(26).total + 1, `ф-ра ${value(26)}`, { docs: [26] });
    // Typo'd number: the client (by IBAN, by name) and the exact amount find the invoice.
    credit_(14, payerOf(27), n(27).total, `ф-ра ${value(27)}0`, { docs: [27] });
    credit_(14, payerOf(28), n(28).total, `фактура ${Number(value(28)) + 1}`, { docs: [28] });
    credit_(14, payerOf(29), n(29).total, `ф-ра 9${value(29)}`, { docs: [29] });
    // Unknown payers: a number, or only an amount, or nothing known at all.
    credit_(15, "unknown", n(30).total, `ПО Ф-РА ${value(30)}`, { docs: [30] });
    credit_(15, "unknown", n(31).total, "ПЛАЩАНЕ", { docs: [31] });
    credit_(15, "unknown", 123456, "ДАРЕНИЕ", { none: true });
    // A number that is a prefix of another: 4 and 41, 12 and 1 (and 12 is in 123… never).
    credit_(16, payerOf(41), n(41).total, `ф-ра ${value(41)}`, { docs: [41] });
    credit_(16, payerOf(4), n(4).total, `ф-ра ${value(4)}`, { docs: [4] });
    credit_(16, payerOf(12), n(12).total, `ф-ра ${value(12)}`, { docs: [12] });
    // The credit note nets its invoice: its client pays 44 less the note.
    credit_(17, payerOf(44), n(44).total - creditTotal, `ф-ра ${value(44)}`, { docs: [44] });
    // A proforma paid: never marked paid, its invoice is offered.
    credit_(18, "gama", proforma.total, `ПО ПРОФОРМА ${Number(proforma.number)}`, {
      proforma: true,
    });
    // The ЕИК in the text, no number.
    credit_(19, null, n(32).total, `ЕИК ${eikAlfa} ПЛАЩАНЕ`, { docs: [32] });
    // Two honest equal payments on one day, without a bank reference: both stay.
    credit_(20, payerOf(33), n(33).total, `ф-ра ${value(33)}`, { docs: [33] }, false);
    credit_(20, payerOf(34), n(34).total, `ф-ра ${value(34)}`, { docs: [34] }, false);
    credit_(20, payerOf(34), n(34).total, `ф-ра ${value(34)}`, { docs: [34] }, false);
    // A last single by a bare 10-digit number.
    credit_(21, payerOf(35), n(35).total, `${n(35).number}`, { docs: [35] });
    credit_(21, payerOf(36), n(36).total, `ф-ра ${value(36)}`, { docs: [36] });
    credit_(22, payerOf(37), n(37).total, `ф-ра ${value(37)}`, { docs: [37] });

    const debit = (
      d: number,
      name: string | null,
      iban: string | null,
      cents: number,
      reason: string,
      expect: Expect,
    ) =>
      rows.push({
        day: day(d),
        direction: "debit",
        cents,
        name,
        iban,
        reason,
        reference: `DEB${rows.length + 1}`,
        expect,
      });
    debit(14, "НАП ДОО", "BG97BNBG96618000112001", 81234, "ОСИГУРОВКИ 10.2026", { nap: true });
    debit(14, "НАП", "BG88BNBG96618000195001", 45000, "ДАНЪК ДДФЛ", { nap: true });
    debit(8, "ДОСТАВЧИК АД", "BG91STSA93000012345679", 30000, "ФАКТУРА 2000000042", {
      expense: e1,
    });
    debit(8, "ДОСТАВЧИК АД", "BG91STSA93000012345679", 12000, "Ф-РА 2000000043", { expense: e2 });
    debit(9, "ДОСТАВЧИК АД", "BG91STSA93000012345679", 9060, "ПО ФАКТУРА 2000000044", {
      expense: e3,
    });
    debit(9, "OFIS TREYD EOOD", "BG86TTBB94001234567890", 4800, "КОНСУМАТИВИ", { expense: e4 });
    debit(10, null, null, 4000, "ТАКСА ПОДДРЪЖКА", { rule: feeRule });
    debit(10, null, null, 250, "ТАКСА ПРЕВОД", { rule: feeRule });
    debit(11, "КУРИЕР ООД", "BG85IABG74781000123456", 4000, "ДОСТАВКА", { expense: e5 });
    debit(11, "НЯКОЙ", "BG51BPBI79401034567801", 99999, "ЗАЕМ", { none: true });
    expect(rows.filter((r) => r.direction === "credit")).toHaveLength(40);
    expect(rows.filter((r) => r.direction === "debit")).toHaveLength(10);

    const text = writeMt940({ iban: OWN_IBAN, openingDay: "2026-11-01", movements: rows });
    const file = { fileName: "noemvri.sta", bytes: new TextEncoder().encode(text) };
    const result = await importStatement(actor, file, null);
    expect(result).toMatchObject({ imported: 50, skipped: 0, matched: 0 });
    expect(result.suggested).toBe(48);

    // Every suggestion ranked first is what the accountant would accept.
    const { transactions } = await listTransactions(db, me.companyId, {
      statementId: result.statementId!,
      limit: 100,
    });
    expect(transactions).toHaveLength(50);
    const byId = new Map(inv.map((d, i) => [d.id, i + 1]));
    const firstOf = (t: TransactionView) => t.suggestions[0];
    for (const [i, t] of transactions.entries()) {
      const want = (rows[i] as (typeof rows)[number]).expect;
      const top = firstOf(t);
      const where = `line ${t.lineNo}: ${t.reason}`;
      if (want.none) {
        expect(top, where).toBeUndefined();
        continue;
      }
      expect(top, where).toBeDefined();
      if (want.docs)
        expect(
          top!.documents.map((d) => byId.get(d.id)),
          where,
        ).toEqual(want.docs);
      if (want.proforma) expect(top!.kind, where).toBe("proforma");
      if (want.expense) expect(top!.expense?.id, where).toBe(want.expense);
      if (want.rule) expect(top!.rule?.id, where).toBe(want.rule);
      if (want.nap) expect(top!.kind, where).toBe("nap");
    }
    // The prefix cases: invoice 4's payment never names 41, and the reverse.
    const line41 = transactions.find((t) => t.reason === `ф-ра ${value(41)}`)!;
    expect(line41.suggestions.flatMap((s) => s.documents.map((d) => byId.get(d.id)))).not.toContain(
      4,
    );
    const line4 = transactions.find((t) => t.reason === `ф-ра ${value(4)}`)!;
    expect(line4.suggestions.flatMap((s) => s.documents.map((d) => byId.get(d.id)))).not.toContain(
      41,
    );

    // Re-import: nothing added, and it says so.
    const again = await importStatement(actor, file, null);
    expect(again).toMatchObject({ imported: 0, skipped: 50, statementId: null });
    expect(again.message).toContain("50 движения вече са внесени");
    // An overlapping file (the last week and one new movement) adds only the new one.
    const overlap = writeMt940({
      iban: OWN_IBAN,
      openingDay: "2026-11-20",
      movements: [
        ...rows.filter((r) => r.day >= "2026-11-20"),
        { day: "2026-11-28", direction: "credit", cents: 100, reason: "НОВО", reference: "NEW1" },
      ],
    });
    const added = await importStatement(
      actor,
      { fileName: "overlap.sta", bytes: new TextEncoder().encode(overlap) },
      null,
    );
    expect(added.imported).toBe(1);
    expect(added.message).toContain("движения вече са внесени");

    // Confirm every first suggestion. The proforma's is refused (its invoice must be issued), and
    // so is the second of the two equal payments of invoice 34: the first paid it.
    const refused: string[] = [];
    for (const t of transactions) {
      const top = firstOf(t);
      if (!top?.holds) continue;
      try {
        await confirmSuggestion(actor, t.id, {
          kind: top.kind,
          documentIds: top.documents.map((d) => d.id),
          expenseId: top.expense?.id ?? null,
          ruleId: top.rule?.id ?? null,
        });
      } catch (error) {
        expect((error as { status?: number }).status).toBe(409);
        refused.push(`${top.kind}: ${t.reason}`);
      }
    }
    expect(refused).toEqual([
      `proforma: ПО ПРОФОРМА ${Number(proforma.number)}`,
      `exact: ф-ра ${value(34)}`,
    ]);
    const after = await listTransactions(db, me.companyId, {
      statementId: result.statementId!,
      limit: 100,
    });
    // The second equal payment of invoice 34 found it paid: it stays for a person.
    const matchedCount = after.transactions.filter((t) => t.status === "matched").length;
    expect(matchedCount).toBe(46);
    const doc = async (i: number) => (await getDocument(db, me.companyId, n(i).id))!;
    expect((await doc(1)).paidCents).toBe(n(1).total);
    expect((await doc(16)).paidCents).toBe(n(16).total);
    expect((await doc(17)).paidCents).toBe(n(17).total);
    expect((await doc(22)).paidCents).toBe(n(22).total);
    expect((await doc(23)).paidCents).toBe(5000);
    // Overpaid: the invoice paid in full, the rest shown as overpaid (decision 008).
    expect((await doc(25)).paidCents).toBe(n(25).total);
    const over = after.transactions.find((t) => t.reason === `ф-ра ${value(25)}`)!;
    expect(over.overpaidCents).toBe(1000);
    // The credit note settled its part when issued (issue #41): the bank's money pays the rest,
    // and nothing is owed on invoice 44.
    expect((await doc(44)).paidCents).toBe(n(44).total - creditTotal);
    expect((await doc(44)).dueCents).toBe(0);
    expect((await getDocument(db, me.companyId, proforma.id))!.paidCents).toBe(0);
    const expenses = await db
      .selectFrom("expenses")
      .select(["id", "paidOn"])
      .where("companyId", "=", me.companyId)
      .execute();
    expect(expenses.find((e) => e.id === e1)?.paidOn).toBe("2026-11-08");
    expect(expenses.filter((e) => e.paidOn).length).toBe(5 + 2);

    // The three receivable figures agree.
    const figures = async () => {
      const list = await summarizeDocuments(db, me.companyId, {}, TODAY);
      const dash = await receivables(db, me.companyId, TODAY);
      const analytics = await analyticsSummary(
        db,
        me.companyId,
        { from: "2026-11", to: "2026-11" },
        TODAY,
      );
      return {
        list: list.currencies.find((c) => c.currency === "EUR")?.outstandingCents,
        dashboard: dash.currencies.find((c) => c.currency === "EUR")?.unpaidCents,
        analytics: analytics.openCents,
      };
    };
    const agreed = await figures();
    expect(agreed.dashboard).toBe(agreed.list);
    expect(agreed.analytics).toBe(agreed.list);

    // Unmatching gives the documents their state back, and the figures move together.
    const split = after.transactions.find(
      (t) => t.reason === `ПО Ф-РИ ${value(16)} И ${value(17)}`,
    )!;
    await unmatchTransaction(actor, split.id);
    expect((await doc(16)).paidCents).toBe(0);
    expect((await doc(17)).paidCents).toBe(0);
    const undone = await figures();
    expect(undone.list).toBe((agreed.list ?? 0) + n(16).total + n(17).total);
    expect(undone.dashboard).toBe(undone.list);
    expect(undone.analytics).toBe(undone.list);
    const fee = after.transactions.find((t) => t.reason === "ТАКСА ПОДДРЪЖКА")!;
    await unmatchTransaction(actor, fee.id);
    expect(
      await db
        .selectFrom("expenses")
        .select("id")
        .where("companyId", "=", me.companyId)
        .where("description", "=", "Банкова такса")
        .execute(),
    ).toHaveLength(1);
    const e1Line = after.transactions.find((t) => t.reason === "ФАКТУРА 2000000042")!;
    await unmatchTransaction(actor, e1Line.id);
    expect(
      (
        await db
          .selectFrom("expenses")
          .select("paidOn")
          .where("id", "=", e1)
          .executeTakeFirstOrThrow()
      ).paidOn,
    ).toBeNull();
    // A match can be made again by hand, and a second one is refused while it stands.
    await matchDocuments(actor, split.id, [n(16).id, n(17).id]);
    await expect(matchDocuments(actor, split.id, [n(16).id])).rejects.toMatchObject({
      status: 409,
    });
    // Who matched and who undid it is kept, and in the audit trail.
    const history = await db
      .selectFrom("bankMatches")
      .select(["createdByName", "undoneByName"])
      .where("transactionId", "=", split.id)
      .execute();
    expect(history.filter((h) => h.undoneByName === "Мария Георгиева")).toHaveLength(2);
    const audit = await db
      .selectFrom("companyAudit")
      .select("action")
      .where("companyId", "=", me.companyId)
      .execute();
    expect(audit.filter((a) => a.action === "bank.match").length).toBeGreaterThanOrEqual(46);
    expect(audit.filter((a) => a.action === "bank.unmatch")).toHaveLength(3);
    expect(audit.filter((a) => a.action === "bank.import")).toHaveLength(2);
    expect(audit.filter((a) => a.action === "bank.rule")).toHaveLength(1);
    // The payer's IBAN is remembered once a person confirmed.
    const payee = await db
      .selectFrom("bankPayees")
      .select("clientId")
      .where("companyId", "=", me.companyId)
      .where("iban", "=", PAYERS.sila.iban)
      .executeTakeFirst();
    expect(payee?.clientId).toBe(clients.sila);
  });
});
