import { describe, expect, it } from "vitest";
import { FEEDBACK_MESSAGES } from "~/modules/feedback/constants";
import { SALARY_MESSAGES } from "~/modules/salaries/constants";
import { loader as expensesList } from "~/routes/_app.expenses";
import { loader as feedbackForm, action as feedbackPage } from "~/routes/_app.feedback";
import { action as invoiceNew, loader as invoiceNewForm } from "~/routes/_app.invoice.new";
import { loader as invoicesList } from "~/routes/_app.invoices";
import { action as salariesAction } from "~/routes/_app.salaries";
import { loader as employeesList } from "~/routes/_app.salaries_.employees";
import { loader as employeesApi } from "~/routes/api.employees";
import { loader as expensesApi } from "~/routes/api.expenses";
import { action as feedbackApi } from "~/routes/api.feedback";
import { loader as invoicesApi } from "~/routes/api.invoices";
import { action as auth, loader as authPage } from "~/routes/auth";
import { loader as adminSettings } from "~/routes/hatterscastle.settings";
import { loader as adminUsers } from "~/routes/hatterscastle.users._index";
import { loader as adminUser } from "~/routes/hatterscastle.users.$id";
import { action as adminLogin, loader as adminLoginPage } from "~/routes/hatterscastle_.login";
import { createCompanyWithClient, createUser } from "../setup/factories";
import { type AnyAnswer, botToken, call, formBody, postApi, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #24, items 3 and 4 (and the echo of item 9): keys every plain object inherits
 * ("__proto__", "constructor", …) as values, and redirects through dot segments.
 */

const getDb = setupTestDatabase();
const PROTOTYPE_KEYS = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"];
// Each becomes "//evil.test" (another site) once the browser resolves its dot segments.
const DOT_SEGMENT_TRICKS = [
  "/.//evil.test",
  "/..//evil.test",
  "/%2e//evil.test",
  "/%2E%2E//evil.test",
  "/dashboard/..//evil.test",
];

/** Where a Location header takes the browser, from a page of this site. */
function landing(response: Response) {
  const location = response.headers.get("Location") ?? "";
  return new URL(location, "https://smetka.test/some/page");
}

async function customer(plan: "basic" | "standard" | "full" = "full") {
  const db = getDb();
  const user = await createUser(db, { plan });
  return { user, ...(await signInApi(db, user)) };
}

function multipart(fields: Record<string, string>, cookie: string): RequestInit {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return { method: "POST", body: form, headers: { Cookie: cookie } };
}

describe("prototype keys as values (issue #24, item 3)", () => {
  it.each(PROTOTYPE_KEYS)(
    "refuses feedback with the category %j, in Bulgarian, and stores nothing",
    async (category) => {
      const db = getDb();
      const me = await customer();
      const before = await db
        .selectFrom("feedback")
        .select(db.fn.countAll().as("n"))
        .executeTakeFirstOrThrow();

      const api = await postApi<AnyAnswer>(
        feedbackApi,
        db,
        "/api/feedback",
        { type: "feedback", category, message: "Съобщение", recaptchaToken: botToken() },
        me.bearer,
        400,
      );
      expect(JSON.stringify(api)).toContain(FEEDBACK_MESSAGES.category);

      const page = await call(
        feedbackPage,
        db,
        "/feedback",
        multipart(
          {
            type: "support",
            category,
            message: "Съобщение",
            from: "/dashboard",
            recaptchaToken: botToken(),
          },
          me.cookie,
        ),
      );
      expect(page.status).toBe(400);
      expect(await page.json()).toMatchObject({
        formId: "feedback",
        fieldErrors: { category: FEEDBACK_MESSAGES.category },
      });

      const after = await db
        .selectFrom("feedback")
        .select(db.fn.countAll().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    },
  );

  it("shows rows stored before the check with their category as written, in the back office", async () => {
    const db = getDb();
    const me = await customer();
    const companyId = me.user.companyId!;
    await db
      .insertInto("feedback")
      .values([
        ...["__proto__", "constructor"].map((category) => ({
          companyId,
          userId: me.user.id,
          type: "feedback" as const,
          category,
          message: `Категория ${category}`,
          contactEmail: me.user.email,
        })),
        {
          companyId,
          userId: me.user.id,
          type: "support" as const,
          category: "technical_bug",
          severity: "high",
          message: "Истинска",
          contactEmail: me.user.email,
        },
      ])
      .execute();
    const admin = await signInApi(db, await createUser(db, { role: "admin" }));

    const settings = await call(adminSettings, db, "/hatterscastle/settings", {
      headers: { Cookie: admin.cookie },
    });
    expect(settings.status).toBe(200);
    const { feedback } = (await settings.json()) as {
      feedback: { rows: { message: string; category: unknown; severity: unknown }[] };
    };
    const shown = Object.fromEntries(feedback.rows.map((r) => [r.message, r.category]));
    // Before the fix the category was Object.prototype ({}) or a function: React refused to render it.
    expect(shown["Категория __proto__"]).toBe("__proto__");
    expect(shown["Категория constructor"]).toBe("constructor");
    expect(shown.Истинска).toBe("Техническа грешка");

    const page = await call(adminUser, db, `/hatterscastle/users/${me.user.id}`, {
      params: { id: me.user.id },
      headers: { Cookie: admin.cookie },
    });
    expect(page.status).toBe(200);
    const { detail } = (await page.json()) as {
      detail: { feedback: { messageStart: string; categoryName: unknown }[] };
    };
    const names = Object.fromEntries(detail.feedback.map((f) => [f.messageStart, f.categoryName]));
    expect(names["Категория __proto__"]).toBe("__proto__");
    expect(names["Категория constructor"]).toBe("constructor");
    expect(names.Истинска).toBe("Техническа грешка");
  });

  it.each(PROTOTYPE_KEYS)(
    "lists and filters answer a dropdown's value %j as if no filter was chosen; the list APIs refuse it",
    async (key) => {
      const db = getDb();
      const me = await customer();
      const admin = await signInApi(db, await createUser(db, { role: "admin" }));
      const pages: [Parameters<typeof call>[0], string, Record<string, string>][] = [
        [invoicesList, `/invoices?status=${key}`, { Cookie: me.cookie }],
        [expensesList, `/expenses?sort=${key}&payment=${key}&type=${key}`, { Cookie: me.cookie }],
        [employeesList, `/salaries/employees?state=${key}`, { Cookie: me.cookie }],
        [employeesApi, `/api/employees?state=${key}`, me.bearer],
        [invoiceNewForm, `/invoice/new?type=${key}`, { Cookie: me.cookie }],
        [adminUsers, `/hatterscastle/users?status=${key}`, { Cookie: admin.cookie }],
      ];
      for (const [loader, path, headers] of pages) {
        const response = await call(loader, db, encodeURI(path), { headers });
        expect(response.status, path).toBe(200);
        // The page gets its default, never the key (a label looked up with it is not text: 500).
        expect(await response.text(), path).not.toContain(`"${key}"`);
      }
      // The JSON lists check their query by the schema they are described with: 400 naming the
      // filters, never a list without them.
      for (const [loader, path, fields] of [
        [invoicesApi, `/api/invoices?status=${key}`, ["status"]],
        [
          expensesApi,
          `/api/expenses?sort=${key}&payment=${key}&type=${key}`,
          ["payment", "sort", "type"],
        ],
      ] as const) {
        const response = await call(loader, db, encodeURI(path), { headers: me.bearer });
        expect(response.status, path).toBe(400);
        const body = (await response.json()) as {
          message: string;
          errors: Record<string, { _errors: string[] }>;
        };
        expect(body.message).toBe("Невалидни данни");
        expect(Object.keys(body.errors).sort()).toEqual([...fields]);
        for (const field of fields) expect(body.errors[field]?._errors[0]).toMatch(/[А-Яа-я]/);
      }
      const editor = await call(invoiceNewForm, db, `/invoice/new?type=${key}`, {
        headers: { Cookie: me.cookie },
      });
      expect(((await editor.json()) as { values: { type: string } }).values.type).toBe("invoice");
    },
  );

  it("refuses a salary status that is a prototype key with 400 in Bulgarian", async () => {
    const db = getDb();
    const me = await customer();
    for (const status of PROTOTYPE_KEYS) {
      const response = await call(
        salariesAction,
        db,
        "/salaries",
        formBody(
          { intent: "status", status, month: "2026-11", id: crypto.randomUUID() },
          { Cookie: me.cookie },
        ),
      );
      expect(response.status, status).toBe(400);
      expect((await response.json()).formError).toBe(SALARY_MESSAGES.status);
    }
  });

  it("the document editor sends a refused type back as a plain value, with no NUL", async () => {
    const db = getDb();
    const me = await createCompanyWithClient(db);
    const { cookie } = await signInApi(db, me.user);
    const response = await call(
      invoiceNew,
      db,
      "/invoice/new",
      formBody(
        {
          intent: "save",
          type: "__proto__",
          clientId: me.clientId,
          notes: "бележка\u0000с NUL",
          "lines[0][description]": "Услуга\u0000",
          "lines[0][quantity]": "1",
          "lines[0][unitPrice]": "10",
          "lines[0][vatRate]": "20",
        },
        { Cookie: cookie },
      ),
    );
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).not.toContain("\\u0000");
    expect(JSON.parse(text).repopulateFields.notes).toBe("бележкас NUL");
  });
});

describe("what a refused form shows back (issue #24, item 9)", () => {
  it("has no NUL or other control characters, and is capped", async () => {
    const db = getDb();
    const me = await customer();
    const response = await call(
      feedbackPage,
      db,
      "/feedback",
      multipart(
        {
          type: "feedback",
          category: "other",
          message: `ред\u0000 1\r\nред\u0008 2${"ж".repeat(20_000)}`,
          from: "/dash\u0000board",
          recaptchaToken: botToken(),
          notRobot: "on",
        },
        me.cookie,
      ),
    );
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).not.toMatch(/\\u000[0-8]/);
    const answer = JSON.parse(text);
    expect(answer.repopulateFields.message).toMatch(/^ред 1\r\nред 2ж+$/);
    expect(answer.repopulateFields.message).toHaveLength(10_000 - 2);
    expect(answer.repopulateFields.from).toBe("/dashboard");
  });
});

describe("redirects and back links stay on this site (issue #24, item 4)", () => {
  it.each(DOT_SEGMENT_TRICKS)("signing in with redirectTo=%j lands on /dashboard", async (to) => {
    const db = getDb();
    const user = await createUser(db);
    const response = await call(auth, db, "/auth", {
      ...formBody({
        intent: "login",
        username: user.email,
        password: user.password,
        recaptchaToken: botToken(),
        notRobot: "on",
        redirectTo: to,
      }),
    });
    expect(response.status).toBe(302);
    const url = landing(response);
    expect(url.origin).toBe("https://smetka.test");
    expect(url.pathname).toBe("/dashboard");
    // The sign-in page does not carry it along in its form or links.
    const page = await call(authPage, db, `/auth?${new URLSearchParams({ redirectTo: to })}`);
    expect(((await page.json()) as { redirectTo: unknown }).redirectTo).toBeNull();
  });

  it.each(DOT_SEGMENT_TRICKS)(
    "the back office's sign-in with redirectTo=%j stays in the back office",
    async (to) => {
      const db = getDb();
      const admin = await createUser(db, { role: "admin" });
      const posted = await call(
        adminLogin,
        db,
        "/hatterscastle/login",
        formBody({ email: admin.email, password: admin.password, redirectTo: to }),
      );
      expect(posted.status).toBe(302);
      expect(posted.headers.get("Location")).toBe("/hatterscastle");
      // An admin already signed in is sent on at once.
      const { cookie } = await signInApi(db, admin);
      const page = await call(
        adminLoginPage,
        db,
        `/hatterscastle/login?${new URLSearchParams({ redirectTo: `/hatterscastle${to}` })}`,
        { headers: { Cookie: cookie } },
      );
      expect(page.status).toBe(302);
      expect(landing(page).origin).toBe("https://smetka.test");
      expect(page.headers.get("Location")).toMatch(/^\/hatterscastle(\/|$)/);
      const form = await call(
        adminLoginPage,
        db,
        `/hatterscastle/login?${new URLSearchParams({ redirectTo: to })}`,
      );
      expect(((await form.json()) as { redirectTo: unknown }).redirectTo).toBeNull();
    },
  );

  it.each(DOT_SEGMENT_TRICKS)(
    "hiding the salaries banner with redirectTo=%j stays on /salaries",
    async (to) => {
      const db = getDb();
      const me = await customer("full");
      for (const intent of ["dismiss-banner", "dismiss-prompt"]) {
        const response = await call(
          salariesAction,
          db,
          "/salaries",
          formBody({ intent, month: "2026-11", redirectTo: to }, { Cookie: me.cookie }),
        );
        expect(response.status).toBe(302);
        expect(response.headers.get("Location")).toBe("/salaries?month=2026-11");
      }
    },
  );

  it.each(DOT_SEGMENT_TRICKS)(
    "/feedback?from=%j draws «Отказ» and goes back to /dashboard",
    async (from) => {
      const db = getDb();
      const me = await customer();
      const page = await call(feedbackForm, db, `/feedback?${new URLSearchParams({ from })}`, {
        headers: { Cookie: me.cookie },
      });
      expect(page.status).toBe(200);
      // The «Отказ» link and the form's hidden field are drawn from `from`.
      expect(((await page.json()) as { from: string }).from).toBe("/dashboard");

      const sent = await call(
        feedbackPage,
        db,
        "/feedback",
        multipart(
          {
            type: "feedback",
            category: "other",
            message: "Съобщение",
            from,
            recaptchaToken: botToken(),
            notRobot: "on",
          },
          me.cookie,
        ),
      );
      expect(sent.status).toBe(302);
      expect(sent.headers.get("Location")).toBe("/dashboard");
    },
  );

  it("keeps a back link to a page of this site", async () => {
    const db = getDb();
    const me = await customer();
    const page = await call(feedbackForm, db, "/feedback?from=%2Finvoices%3Fstatus%3Doverdue", {
      headers: { Cookie: me.cookie },
    });
    expect(((await page.json()) as { from: string }).from).toBe("/invoices?status=overdue");
  });
});
