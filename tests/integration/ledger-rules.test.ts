import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { listCategories } from "~/modules/expenses/categories.server";
import { issueDocument } from "~/modules/invoices/documents.server";
import RulesPage, { action as rulesAction, loader as rulesPage } from "~/routes/_app.ledger_.rules";
import { loader as rulesApi, action as rulesApiAction } from "~/routes/api.ledger.rules";
import type { Database } from "~db/types";
import { createCompanyOnPlan, createTestDraft } from "../setup/factories";
import { pageOf } from "../setup/page-text";
import { lockAsOwner } from "../setup/period-locks";
import { type AnyAnswer, call, formBody, jsonBody, signInApi } from "../setup/routes";
import { memberOf } from "../setup/team";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #45 items 1–2 (decision 060): the mapping rules on /ledger/rules and in the API — the
 * defaults, the company's dated rules, a new rule from a date that changes the postings from
 * then on and never an entry already posted; the refusals in Bulgarian; the roles.
 */

const getDb = setupTestDatabase();

/** The accounts a company's invoices posted their revenue to, by date. */
async function revenueLines(db: Kysely<Database>, companyId: string) {
  const rows = await db
    .selectFrom("ledgerLines")
    .select(["entryDate", "accountCode"])
    .where("companyId", "=", companyId)
    .where("accountCode", "in", ["702", "703"])
    .orderBy("entryDate")
    .execute();
  return rows.map((r) => `${r.entryDate} ${r.accountCode}`);
}

describe("the mapping rules page", () => {
  it("shows the defaults; a rule from a date, posted as a form, changes the postings from then on and keeps what was posted", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "standard");
    const { cookie } = await signInApi(db, me.user);
    const headers = { Cookie: cookie };
    const line = [{ description: "Стока", quantity: "1", unitPrice: "100.00", vatRate: 20 }];
    await issueDocument(
      db,
      me.companyId,
      await createTestDraft(db, me, { issueDate: "2026-11-02", lines: line }),
    );

    const before = await pageOf(
      RulesPage,
      await call(rulesPage, db, "/ledger/rules", { headers }),
      "/ledger/rules",
    );
    expect(before.text).toContain("Правила за осчетоводяване и сметките им към");
    expect(before.text).toMatch(
      /Приходи от продажби \(по подразбиране\) 703 Приходи от продажби на услуги 703 Приходи от продажби на услуги —/,
    );
    expect(before.html).toMatch(/<select[^>]*name="key"/);

    const added = await call(rulesAction, db, "/ledger/rules", {
      ...formBody(
        { intent: "add", key: "revenue", accountCode: "702", validFrom: "2026-11-10" },
        headers,
      ),
    });
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe("/ledger/rules");

    const after = await pageOf(
      RulesPage,
      await call(rulesPage, db, "/ledger/rules", { headers }),
      "/ledger/rules",
    );
    expect(after.text).toMatch(
      /Приходи от продажби \(по подразбиране\) 702 Приходи от продажби на стоки 703 Приходи от продажби на услуги от 2026-11-10: 702 Приходи от продажби на стоки — въведено \d\d\.\d\d\.\d{4} г\. от Мария Георгиева/,
    );

    // Issued after the rule: dated before it, 703; dated from it, 702. The first stays 703.
    for (const issueDate of ["2026-11-05", "2026-11-12"]) {
      await issueDocument(
        db,
        me.companyId,
        await createTestDraft(db, me, { issueDate, lines: line }),
      );
    }
    expect(await revenueLines(db, me.companyId)).toEqual([
      "2026-11-02 703",
      "2026-11-05 703",
      "2026-11-12 702",
    ]);

    const again = await call(rulesAction, db, "/ledger/rules", {
      ...formBody(
        { intent: "add", key: "revenue", accountCode: "703", validFrom: "2026-11-10" },
        headers,
      ),
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as AnyAnswer).fieldErrors.validFrom).toBe(
      "За това правило вече има сметка от тази дата: изберете друга дата",
    );
    const unknown = await call(rulesAction, db, "/ledger/rules", {
      ...formBody(
        { intent: "add", key: "revenue", accountCode: "999", validFrom: "2026-12-01" },
        headers,
      ),
    });
    expect(unknown.status).toBe(400);
    const refusal = (await unknown.json()) as AnyAnswer;
    expect(refusal.fieldErrors.accountCode).toBe("Сметка 999 няма в сметкоплана на фирмата");
    expect(refusal.repopulateFields.validFrom).toBe("2026-12-01");
    const badDate = await call(rulesAction, db, "/ledger/rules", {
      ...formBody(
        { intent: "add", key: "revenue", accountCode: "702", validFrom: "утре" },
        headers,
      ),
    });
    expect(badDate.status).toBe(400);
    expect(((await badDate.json()) as AnyAnswer).fieldErrors.validFrom).toBe(
      "Въведете от коя дата важи правилото (ГГГГ-ММ-ДД)",
    );
  });

  it("an expense category's rule: the company's own category only; a planned rule is shown as such", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "standard");
    const other = await createCompanyOnPlan(db, "standard");
    const { cookie } = await signInApi(db, me.user);
    const headers = { Cookie: cookie };
    const [category] = await listCategories(db, me.companyId);
    const [foreign] = await listCategories(db, other.companyId);
    const planned = await call(rulesAction, db, "/ledger/rules", {
      ...formBody(
        {
          intent: "add",
          key: `expense.category.${category!.id}`,
          accountCode: "609",
          validFrom: "2099-01-01",
        },
        headers,
      ),
    });
    expect(planned.status).toBe(302);
    const page = await pageOf(
      RulesPage,
      await call(rulesPage, db, "/ledger/rules", { headers }),
      "/ledger/rules",
    );
    expect(page.text).toContain(
      `Разходи: ${category!.name} 602 Разходи за външни услуги 602 Разходи за външни услуги от 2099-01-01: 609`,
    );
    expect(page.text).toContain("(предстои)");
    const refused = await call(rulesAction, db, "/ledger/rules", {
      ...formBody(
        {
          intent: "add",
          key: `expense.category.${foreign!.id}`,
          accountCode: "609",
          validFrom: "2026-11-01",
        },
        headers,
      ),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as AnyAnswer).fieldErrors.key).toBe("Изберете правило");
  });

  it("staff may not add a rule and viewers may not read them; the accountant may", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "standard");
    const form = { intent: "add", key: "money.cash", accountCode: "503", validFrom: "2026-11-01" };
    for (const role of ["staff", "viewer"] as const) {
      const member = await memberOf(db, me.companyId, role);
      const read = await call(rulesPage, db, "/ledger/rules", {
        headers: { Cookie: member.cookie },
      });
      expect(read.status, role).toBe(403);
      const post = await call(rulesAction, db, "/ledger/rules", {
        ...formBody(form, { Cookie: member.cookie }),
      });
      expect(post.headers.get("Location"), role).not.toBe("/ledger/rules");
    }
    expect(
      await db
        .selectFrom("ledgerRules")
        .select("id")
        .where("companyId", "=", me.companyId)
        .execute(),
    ).toEqual([]);
    const accountant = await memberOf(db, me.companyId, "accountant");
    const post = await call(rulesAction, db, "/ledger/rules", {
      ...formBody(form, { Cookie: accountant.cookie }),
    });
    expect(post.headers.get("Location")).toBe("/ledger/rules");
  });
});

describe("GET and POST /api/ledger/rules", () => {
  it("lists each rule with its default, the account in force and its dated rules; adds one, refusing a repeat and a bad body", async () => {
    const db = getDb();
    const me = await createCompanyOnPlan(db, "standard");
    const owner = await signInApi(db, me.user);
    const created = await call(rulesApiAction, db, "/api/ledger/rules", {
      ...jsonBody(
        { key: "money.cash", account: "503", validFrom: "2026-11-01" },
        "POST",
        owner.bearer,
      ),
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({
      key: "money.cash",
      label: "Плащания в брой",
      defaultAccount: "501",
      account: "503",
      history: [
        {
          account: "503",
          validFrom: "2026-11-01",
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          createdBy: "Мария Георгиева",
        },
      ],
    });
    const repeat = await call(rulesApiAction, db, "/api/ledger/rules", {
      ...jsonBody(
        { key: "money.cash", account: "501", validFrom: "2026-11-01" },
        "POST",
        owner.bearer,
      ),
    });
    expect(repeat.status).toBe(409);
    expect(((await repeat.json()) as AnyAnswer).message).toBe(
      "За това правило вече има сметка от тази дата: изберете друга дата",
    );
    const bad = await call(rulesApiAction, db, "/api/ledger/rules", {
      ...jsonBody(
        { key: "nothing", account: "503", validFrom: "2026-11-01" },
        "POST",
        owner.bearer,
      ),
    });
    expect(bad.status).toBe(400);

    // A rule from a day of a locked month is refused: that month's books are closed.
    await lockAsOwner(db, me, "2026-10");
    const locked = await call(rulesApiAction, db, "/api/ledger/rules", {
      ...jsonBody(
        { key: "revenue", account: "703", validFrom: "2026-10-15" },
        "POST",
        owner.bearer,
      ),
    });
    expect(locked.status).toBe(409);
    expect(((await locked.json()) as AnyAnswer).message).toMatch(
      /^Периодът октомври 2026 е заключен от /,
    );

    const viewer = await memberOf(db, me.companyId, "viewer");
    expect((await call(rulesApi, db, "/api/ledger/rules", { headers: viewer.bearer })).status).toBe(
      403,
    );
    const staff = await memberOf(db, me.companyId, "staff");
    const refused = await call(rulesApiAction, db, "/api/ledger/rules", {
      ...jsonBody(
        { key: "revenue", account: "702", validFrom: "2026-11-01" },
        "POST",
        staff.bearer,
      ),
    });
    expect(refused.status).toBe(403);
    const accountant = await memberOf(db, me.companyId, "accountant");
    const list = (await (
      await call(rulesApi, db, "/api/ledger/rules", { headers: accountant.bearer })
    ).json()) as AnyAnswer;
    expect(list.rules.find((r: AnyAnswer) => r.key === "revenue")).toEqual({
      key: "revenue",
      label: "Приходи от продажби (по подразбиране)",
      defaultAccount: "703",
      account: "703",
      history: [],
    });
    expect(list.rules.find((r: AnyAnswer) => r.key === "money.cash").account).toBe("503");
  });
});
