import { describe, expect, it, vi } from "vitest";
import { createDraft, getDocument, issueDocument } from "~/modules/invoices/documents.server";
import { documentSchema } from "~/modules/invoices/schema";
import { emlFileName } from "~/modules/mail/mailer.server";
import { action as dashboardAction } from "~/routes/_app.dashboard";
import { action as expensePage } from "~/routes/_app.expenses_.$id";
import { action as feedbackPage } from "~/routes/_app.feedback";
import { action as pageAction } from "~/routes/_app.invoice.$id";
import { action as settingsPage } from "~/routes/_app.settings";
import { action as checkEmail } from "~/routes/api.check-email";
import { action as attachmentsPost } from "~/routes/api.expenses.$id.attachments";
import { action as payments } from "~/routes/api.invoices.$id.payments";
import { action as send } from "~/routes/api.invoices.$id.send";
import { action as login } from "~/routes/api.login";
import { action as forgotPassword } from "~/routes/forgot-password";
import { loader as exportCsv } from "~/routes/invoices.export[.]csv";
import { BODY_MESSAGES, bodyLimitFor, refusedBodyKind } from "~/utils/body-limit.server";
import { settleAfterResponse } from "~/utils/later.server";
import { guard } from "~/utils/route-guard.server";
import {
  createCompanyOnPlan,
  createCompanyWithClient,
  createTestExpense,
  createUser,
  PASSWORD,
  TINY_PNG,
} from "../setup/factories";
import {
  type AnyAnswer,
  botToken,
  call,
  formBody,
  jsonBody,
  postApi,
  signInApi,
} from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();

/** A customer with one issued invoice of `unitPrice` (no VAT: the company is not registered). */
async function customerWithInvoice(unitPrice = "10", vatRate: number | null = null) {
  const me = await createCompanyWithClient(getDb(), vatRate !== null);
  const session = await signInApi(getDb(), me.user);
  const id = await createDraft(
    getDb(),
    me.companyId,
    me.user.id,
    documentSchema.parse({
      type: "invoice",
      clientId: me.clientId,
      issueDate: "2026-11-20",
      lines: [{ description: "Услуга", quantity: "1", unitPrice, vatRate }],
    }),
  );
  await issueDocument(getDb(), me.companyId, id);
  return { ...me, ...session, id };
}

const loginAs = (email: string, password: string, ip: string) =>
  call(login, getDb(), "/api/login", {
    ...jsonBody({ username: email, password, recaptchaToken: botToken() }),
    ip,
  });

describe("login throttling that an attacker cannot turn against the owner", () => {
  it("locks the address that failed, but lets the owner in from an address that has not", async () => {
    const user = await createUser(getDb());
    for (let i = 0; i < 5; i++)
      expect((await loginAs(user.email, "Wrong123!", "10.1.1.1")).status).toBe(401);
    expect((await loginAs(user.email, PASSWORD, "10.1.1.1")).status).toBe(429);
    expect((await loginAs(user.email, PASSWORD, "10.1.1.2")).status).toBe(200);
  });

  it("counts parallel attempts exactly: 8 at once against a limit of 5 check 5 passwords", async () => {
    const user = await createUser(getDb());
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => loginAs(user.email, "Wrong123!", "10.2.2.2")),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
  });

  it("a correct password starts the address afresh for that account", async () => {
    const user = await createUser(getDb());
    for (let i = 0; i < 4; i++) await loginAs(user.email, "Wrong123!", "10.3.3.3");
    expect((await loginAs(user.email, PASSWORD, "10.3.3.3")).status).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await loginAs(user.email, "Wrong123!", "10.3.3.3")).status).toBe(401);
  });
});

describe("rate limits on checks and mails", () => {
  it("/api/check-email answers 429 in Bulgarian after 30 checks a minute from one address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const response = await call(checkEmail, getDb(), "/api/check-email", {
        ...jsonBody({ email: `probe${i}@example.bg` }),
        ip: "10.4.4.4",
      });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(await response.json()).toMatchObject({
          success: false,
          message: "Твърде много проверки за кратко време. Опитайте отново след минута.",
        });
      }
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });

  it("sends at most 3 password-reset mails an hour to one account", async () => {
    const user = await createUser(getDb());
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await call(forgotPassword, getDb(), "/forgot-password", {
        ...formBody({ email: user.email }),
        ip: `10.5.5.${i}`,
      });
      statuses.push(response.status);
    }
    await settleAfterResponse();
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const tokens = await getDb()
      .selectFrom("userTokens")
      .select("id")
      .where("userId", "=", user.id)
      .where("purpose", "=", "reset_password")
      .execute();
    expect(tokens).toHaveLength(3);
  });

  it("sends at most 10 mails an hour asked for from one address, whatever the accounts", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await call(forgotPassword, getDb(), "/forgot-password", {
        ...formBody({ email: `nobody${i}@example.bg` }),
        ip: "10.6.6.6",
      });
      statuses.push(response.status);
    }
    await settleAfterResponse();
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
  });

  it("limits the verification mails a signed-in person asks for again", async () => {
    const user = await createUser(getDb(), { verified: false });
    const session = await signInApi(getDb(), user);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await call(dashboardAction, getDb(), "/dashboard", {
        ...formBody({ intent: "resend-verification" }, { Cookie: session.cookie }),
        ip: `10.7.7.${i}`,
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([302, 302, 302, 429]);
  });

  it("refuses more than 10 recipients for one document e-mail; .eml names stay short", async () => {
    const me = await customerWithInvoice();
    const to = Array.from({ length: 11 }, (_, i) => `r${i}@example.bg`).join(", ");
    const response = await postApi<AnyAnswer>(
      send,
      getDb(),
      `/api/invoices/${me.id}/send`,
      { to },
      me.bearer,
      400,
      { id: me.id },
    );
    expect(response).toMatchObject({
      errors: { to: { _errors: ["Най-много 10 имейл адреса в едно изпращане"] } },
    });
    const name = emlFileName(
      Array.from({ length: 500 }, (_, i) => `someone${i}@example.bg`).join(", "),
    );
    expect(name.length).toBeLessThan(120);
    expect(name).toMatch(/someone0@example\.bg\+499-[0-9a-f]{6}\.eml$/);
  });
});

describe("payments never exceed what is due", () => {
  it("refuses an amount larger than what is due, in Bulgarian, and records nothing", async () => {
    const me = await customerWithInvoice("10");
    const pay = (amount: string) =>
      call(payments, getDb(), `/api/invoices/${me.id}/payments`, {
        ...jsonBody({ paidOn: "2026-11-21", amount, method: "bank" }, "POST", me.bearer),
        params: { id: me.id },
      });
    const huge = await pay("999999999999999.99");
    expect(huge.status).toBe(400);
    const over = await pay("10.01");
    expect(over.status).toBe(400);
    expect(await over.json()).toMatchObject({
      errors: {
        amount: { _errors: ["Сумата надвишава остатъка за плащане: най-много 10,00\u00a0EUR"] },
      },
    });
    expect((await getDocument(getDb(), me.companyId, me.id))?.paidCents).toBe(0);
    expect((await pay("10.00")).status).toBe(201);
    const paidOff = await pay("0.01");
    expect(paidOff.status).toBe(409);
    expect(await paidOff.json()).toEqual({ message: "Документът е платен изцяло" });
  });

  it("two payments at once cannot together pass the total", async () => {
    const me = await customerWithInvoice("1686.39");
    const answers = await Promise.all(
      [0, 1].map(() =>
        call(payments, getDb(), `/api/invoices/${me.id}/payments`, {
          ...jsonBody(
            { paidOn: "2026-11-21", amount: "1000.00", method: "bank" },
            "POST",
            me.bearer,
          ),
          params: { id: me.id },
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    expect((await getDocument(getDb(), me.companyId, me.id))?.paidCents).toBe(100_000);
  });
});

describe("a proforma converts once", () => {
  it("ten conversions at once make one invoice draft", async () => {
    const me = await createCompanyWithClient(getDb());
    const session = await signInApi(getDb(), me.user);
    const id = await createDraft(
      getDb(),
      me.companyId,
      me.user.id,
      documentSchema.parse({
        type: "proforma",
        clientId: me.clientId,
        issueDate: "2026-11-20",
        lines: [{ description: "Аванс", quantity: "1", unitPrice: "100", vatRate: 20 }],
      }),
    );
    await issueDocument(getDb(), me.companyId, id);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(pageAction, getDb(), `/invoice/${id}`, {
          ...formBody({ intent: "convert" }, { Cookie: session.cookie }),
          params: { id },
        }),
      ),
    );
    const locations = new Set(answers.map((a) => a.headers.get("Location")));
    expect(answers.every((a) => a.status === 302)).toBe(true);
    expect(locations.size).toBe(1);
    const drafts = await getDb()
      .selectFrom("documents")
      .select("id")
      .where("companyId", "=", me.companyId)
      .where("proformaId", "=", id)
      .execute();
    expect(drafts).toHaveLength(1);
  });
});

describe("the CSV export for Excel", () => {
  it("neutralises client names that Excel would run as formulas, and keeps negative amounts as numbers", async () => {
    const me = await customerWithInvoice("10", 20);
    await getDb()
      .updateTable("clients")
      .set({ name: "=cmd|' /C calc'!A0" })
      .where("id", "=", me.clientId)
      .execute();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const response = await call(exportCsv, getDb(), "/invoices/export.csv", {
      headers: { Cookie: me.cookie },
    });
    warn.mockRestore();
    const text = await response.text();
    expect(text).toContain(";'=cmd|' /C calc'!A0;");
    expect(text).not.toMatch(/;=cmd/);
    expect(text).toContain(";10,00;2,00;12,00;");
  });
});

/** A multipart body as a client may send it: the file name exactly as given (NUL included). */
function rawMultipart(fileName: string, bytes: Uint8Array, fields: Record<string, string> = {}) {
  const boundary = "----fuzz24";
  const parts = [
    ...Object.entries(fields).map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`,
  ];
  const body = Buffer.concat([
    Buffer.from(parts.join("")),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

describe("uploads (#24)", () => {
  it("takes multipart only on the routes that take files, each within its own limit", () => {
    const multipart = "multipart/form-data; boundary=x";
    const limits = { body: 1_048_576, upload: 26_214_400 };
    const id = "7d1b4c1e-1f0a-4d36-9d8e-3a1c2b4d5e6f";
    for (const path of ["/forgot-password", "/auth", "/invoice/new", "/api/login", "/api/feedback"])
      expect(refusedBodyKind(multipart, path), path).toBe(BODY_MESSAGES.noFiles);
    for (const [path, atLeast] of [
      ["/expenses/add", 5 * 1_048_576],
      [`/expenses/${id}`, 5 * 1_048_576],
      [`/expenses/edit/${id}`, 5 * 1_048_576],
      [`/api/expenses/${id}/attachments`, 5 * 1_048_576],
      ["/api/expenses/import-ubl", 1_048_576],
      ["/settings", 1_048_576],
      ["/hatterscastle/settings", 1_048_576],
      ["/feedback", 5 * 1_048_576],
    ] as const) {
      expect(refusedBodyKind(multipart, path), path).toBeNull();
      expect(bodyLimitFor(multipart, path, limits), path).toBeGreaterThan(atLeast);
      expect(bodyLimitFor(multipart, path, limits), path).toBeLessThanOrEqual(limits.upload);
    }
    expect(bodyLimitFor(multipart, "/settings", limits)).toBeLessThan(2 * 1_048_576);
    // A page takes forms only; the API its JSON.
    expect(refusedBodyKind("application/json", "/forgot-password")).toBe(BODY_MESSAGES.notForm);
    expect(refusedBodyKind(undefined, "/settings")).toBe(BODY_MESSAGES.notForm);
    expect(refusedBodyKind("application/x-www-form-urlencoded", "/settings")).toBeNull();
    expect(refusedBodyKind("application/json", "/api/login")).toBeNull();
    // The feedback's base64 file in JSON: 5 MB as base64, not the whole upload limit.
    const feedback = bodyLimitFor("application/json", "/api/feedback", limits);
    expect(feedback).toBeGreaterThan((5 * 1_048_576 * 4) / 3);
    expect(feedback).toBeLessThan(limits.upload);
  });

  it("stores a receipt whose file name carries NUL and control characters, under a clean name", async () => {
    const me = await createCompanyOnPlan(getDb(), "full");
    const { cookie } = await signInApi(getDb(), me.user);
    const expense = await createTestExpense(getDb(), me.companyId);
    const api = rawMultipart("бон\u0000\u0007.png", TINY_PNG);
    const added = await call(attachmentsPost, getDb(), `/api/expenses/${expense.id}/attachments`, {
      method: "POST",
      body: api.body,
      headers: { "Content-Type": api.type, Cookie: cookie },
      params: { id: expense.id },
    });
    expect(added.status).toBe(201);
    const page = rawMultipart("\u0000../скан\u0000.png", TINY_PNG, { intent: "upload" });
    const uploaded = await call(expensePage, getDb(), `/expenses/${expense.id}`, {
      method: "POST",
      body: page.body,
      headers: { "Content-Type": page.type, Cookie: cookie },
      params: { id: expense.id },
    });
    expect(uploaded.status).toBe(302);
    const names = await getDb()
      .selectFrom("expenseAttachments")
      .select("fileName")
      .where("expenseId", "=", expense.id)
      .orderBy("fileName")
      .execute();
    // Controls become "_"; of a path only the last part is a file's name.
    expect(names.map((row) => row.fileName)).toEqual(["бон__.png", "скан_.png"]);
  });

  it("answers a malformed multipart body to a file route 400, to a page and to the API", async () => {
    const me = await createCompanyOnPlan(getDb(), "full");
    const { cookie } = await signInApi(getDb(), me.user);
    const expense = await createTestExpense(getDb(), me.companyId);
    const broken = (type: string) => ({
      method: "POST",
      body: '--b\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\n\r\n\x89PNG',
      headers: { "Content-Type": type, Cookie: cookie },
      params: { id: expense.id },
    });
    for (const type of ["multipart/form-data", "multipart/form-data; boundary=b"]) {
      const api = await call(
        guard(attachmentsPost as never),
        getDb(),
        `/api/expenses/${expense.id}/attachments`,
        broken(type),
      );
      expect(api.status, type).toBe(400);
      expect(((await api.json()) as { message: string }).message).toMatch(/[а-я]/);
      for (const [path, action] of [
        [`/expenses/${expense.id}`, expensePage],
        ["/feedback", feedbackPage],
        ["/settings", settingsPage],
      ] as const) {
        const page = await call(guard(action as never), getDb(), path, broken(type));
        expect(page.status, `${path} ${type}`).toBe(400);
      }
    }
  });
});
