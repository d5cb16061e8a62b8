import { describe, expect, it } from "vitest";
import { loader as balancePage } from "~/routes/_app.ledger";
import { loader as cardPage } from "~/routes/_app.ledger_.account.$code";
import { action as accountsAction, loader as accountsPage } from "~/routes/_app.ledger_.accounts";
import { action as entryAction, loader as entryPage } from "~/routes/_app.ledger_.entry.new";
import { loader as journalPage } from "~/routes/_app.ledger_.journal";
import { createCompanyOnPlan } from "../setup/factories";
import { type AnyAnswer, call, formBody, signInApi } from "../setup/routes";
import { memberOf } from "../setup/team";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #45 item 4 (decision 057): «Счетоводство» as plain HTML forms — a manual entry posted
 * without JavaScript, the trial balance, the journal, an account's card, the chart with an
 * analytic account and a rename; staff and viewers refused, the basic plan shown the gate.
 */

const getDb = setupTestDatabase();

const entryForm = {
  entryDate: "2026-11-02",
  documentRef: "Протокол № 1",
  description: "Внесен капитал",
  "lines.0.account": "503",
  "lines.0.debit": "5 000,00".replace(" ", "").replace(",", "."),
  "lines.1.account": "101",
  "lines.1.credit": "5000",
};

describe("«Счетоводство» pages", () => {
  it("a manual entry posted as a form shows in the journal, the trial balance and the account's card", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "standard");
    const { cookie } = await signInApi(db, me.user);
    const headers = { Cookie: cookie };

    expect((await call(entryPage, db, "/ledger/entry/new", { headers })).status).toBe(200);
    const refused = await call(entryAction, db, "/ledger/entry/new", {
      ...formBody({ ...entryForm, "lines.1.credit": "4999.99" }, headers),
    });
    expect(refused.status).toBe(400);
    const answer = (await refused.json()) as AnyAnswer;
    expect(answer.formError).toBe("Статията не е балансирана: дебит 5000.00, кредит 4999.99");
    expect(answer.repopulateFields["lines.1.credit"]).toBe("4999.99");

    const posted = await call(entryAction, db, "/ledger/entry/new", {
      ...formBody(entryForm, headers),
    });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe("/ledger/journal?from=2026-11-02&to=2026-11-02");

    const journal = (await (
      await call(journalPage, db, "/ledger/journal?from=2026-11-01&to=2026-11-30", { headers })
    ).json()) as AnyAnswer;
    expect(journal.entries).toHaveLength(1);
    expect(journal.entries[0]).toMatchObject({
      documentRef: "Протокол № 1",
      createdByName: "Мария Георгиева",
      lines: [
        { accountCode: "503", debitCents: 500_000 },
        { accountCode: "101", creditCents: 500_000 },
      ],
    });
    const balance = (await (
      await call(balancePage, db, "/ledger?from=2026-11-01&to=2026-11-30", { headers })
    ).json()) as AnyAnswer;
    expect(balance.report.totals.turnover).toEqual({ debitCents: 500_000, creditCents: 500_000 });
    const card = (await (
      await call(cardPage, db, "/ledger/account/503?from=2026-12-01&to=2026-12-31", {
        headers,
        params: { code: "503" },
      })
    ).json()) as AnyAnswer;
    expect(card.card.opening).toEqual({ debitCents: 500_000, creditCents: 0 });
    expect(card.card.lines).toEqual([]);
    const missing = await call(cardPage, db, "/ledger/account/999", {
      headers,
      params: { code: "999" },
    });
    expect(missing.status).toBe(404);
  });

  it("the accountant adds an analytic account and renames one; staff and viewers are refused; the basic plan sees the gate", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "standard");
    const accountant = await memberOf(db, me.companyId, "accountant");
    const headers = { Cookie: accountant.cookie };
    const added = await call(accountsAction, db, "/ledger/accounts", {
      ...formBody({ intent: "add", code: "411-01", name: "Клиенти — Бета ООД" }, headers),
    });
    expect(added.status).toBe(302);
    const again = await call(accountsAction, db, "/ledger/accounts", {
      ...formBody({ intent: "add", code: "411-01", name: "Пак" }, headers),
    });
    expect(again.status).toBe(409);
    const orphan = await call(accountsAction, db, "/ledger/accounts", {
      ...formBody({ intent: "add", code: "888-01", name: "Без синтетична" }, headers),
    });
    expect(orphan.status).toBe(400);
    expect(((await orphan.json()) as AnyAnswer).fieldErrors.code).toBe(
      "Синтетичната сметка не е в сметкоплана на фирмата",
    );
    await call(accountsAction, db, "/ledger/accounts", {
      ...formBody({ intent: "rename", code: "503", name: "Разплащателна сметка в ОББ" }, headers),
    });
    const chart = (await (
      await call(accountsPage, db, "/ledger/accounts", { headers })
    ).json()) as AnyAnswer;
    const byCode = new Map(chart.accounts.map((a: AnyAnswer) => [a.code, a]));
    expect(byCode.get("411-01")).toMatchObject({
      name: "Клиенти — Бета ООД",
      side: "active",
      analytics: "counterparty",
      saftCode: "411",
      parentCode: "411",
    });
    expect((byCode.get("503") as AnyAnswer).name).toBe("Разплащателна сметка в ОББ");
    // Both changes of the chart are in the audit trail, with who made them (decision 063).
    const trail = await db
      .selectFrom("companyAudit")
      .select(["action", "targetId", "details", "actorEmail"])
      .where("companyId", "=", me.companyId)
      .where("action", "like", "ledger.%")
      .orderBy("id")
      .execute();
    expect(trail).toEqual([
      {
        action: "ledger.account-add",
        targetId: "411-01",
        details: null,
        actorEmail: accountant.user.email,
      },
      {
        action: "ledger.account-rename",
        targetId: "503",
        details: { name: { from: "Разплащателна сметка", to: "Разплащателна сметка в ОББ" } },
        actorEmail: accountant.user.email,
      },
    ]);

    for (const role of ["staff", "viewer"] as const) {
      const member = await memberOf(db, me.companyId, role);
      const page = await call(balancePage, db, "/ledger", { headers: { Cookie: member.cookie } });
      expect(page.status, role).toBe(403);
      const post = await call(entryAction, db, "/ledger/entry/new", {
        ...formBody(entryForm, { Cookie: member.cookie }),
      });
      expect(post.headers.get("Location"), role).not.toContain("/ledger/journal");
    }
    const written = await db
      .selectFrom("ledgerEntries")
      .select("id")
      .where("companyId", "=", me.companyId)
      .execute();
    expect(written).toEqual([]);
    const basic = await createCompanyOnPlan(db, "basic");
    const owner = await signInApi(db, basic.user);
    const gate = await call(balancePage, db, "/ledger", { headers: { Cookie: owner.cookie } });
    expect(gate.status).toBe(403);
    expect(await gate.json()).toEqual({ locked: true, needed: "standard" });
  });
});
