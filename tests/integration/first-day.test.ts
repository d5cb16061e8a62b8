import { execFileSync } from "node:child_process";
import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";
import { describe, expect, it } from "vitest";
import { SIGNUP_DRAFT_EXPIRED } from "~/modules/accounts/wizard.server";
import { auditImpersonatedRequest } from "~/modules/admin/audit.server";
import { listSignIns } from "~/modules/admin/users.server";
import { addMonths } from "~/modules/analytics/period";
import { analyticsSummary, DSO_MIN_DAYS } from "~/modules/analytics/summary.server";
import { verifyPassword } from "~/modules/auth/password.server";
import { purgeExpired } from "~/modules/auth/purge.server";
import { createDraft, issueDocument } from "~/modules/invoices/documents.server";
import { documentSchema } from "~/modules/invoices/schema";
import { action as pageAction, loader as pageLoader } from "~/routes/_app.invoice.$id";
import { loader as salariesLoader } from "~/routes/_app.salaries";
import { action as employeesPost } from "~/routes/api.employees";
import { action as salariesPost } from "~/routes/api.salaries";
import { action as auth, loader as authLoader } from "~/routes/auth";
import { action as impersonate } from "~/routes/hatterscastle.impersonate.$userId";
import { loader as payrollPdf } from "~/routes/salaries.payroll[.]pdf";
import { addDays, printDate, todayInSofia } from "~/utils/dates";
import { getUser } from "~/web/auth/guards.server";
import { UBL_FORM_MESSAGES, withOwnInvoiceWarning } from "~/web/expenses/ubl-import.server";
import { makeContext } from "../setup/context";
import {
  createCompanyOnPlan,
  createCompanyWithClient,
  createUser,
  PASSWORD,
  registrationPayload,
  validEgn,
} from "../setup/factories";
import { botToken, call, cookiesFrom, formBody, postApi, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #31, «A customer's first day, polished»: what a new customer noticed, at its cause —
 * the parts the server answers (the browser's side is in tests/e2e/first-day.test.ts).
 */

const getDb = setupTestDatabase();

/** A registration's answers as the wizard's form posts them. */
function asForm(values: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      String(value === true ? "on" : value === false ? "" : value),
    ]),
  );
}

const STEP1 = ["username", "password", "confirmPassword"];
const STEP2 = [
  "firstName",
  "lastName",
  "companyType",
  "companyName",
  "companyVat",
  "companyAddress",
  "companyCity",
  "postalCode",
  "country",
];

async function postStep(fields: Record<string, string>) {
  return call(auth, getDb(), "/auth?tab=register", formBody({ intent: "register", ...fields }));
}

describe("sign-up hygiene (item 7)", () => {
  it("keeps the password on the server: no answer carries it, every answer is no-store, the account gets it", async () => {
    const payload = asForm({ ...registrationPayload(), companyType: "company" });
    const pick = (keys: string[]) => Object.fromEntries(keys.map((k) => [k, payload[k] ?? ""]));

    const page = await call(authLoader, getDb(), "/auth?tab=register");
    expect(page.headers.get("Cache-Control")).toBe("no-store");

    const one = await postStep({
      step: "1",
      direction: "next",
      ...pick(STEP1),
      confirmPassword: PASSWORD,
    });
    expect(one.status).toBe(200);
    expect(one.headers.get("Cache-Control")).toBe("no-store");
    const afterOne = (await one.json()) as { step: number; values: Record<string, string> };
    expect(afterOne.step).toBe(2);
    expect(JSON.stringify(afterOne)).not.toContain(PASSWORD);
    expect(afterOne.values.password).toBeUndefined();
    const draft = afterOne.values.signupDraft;
    expect(draft).toMatch(/^[\w-]{43}$/);

    // Step 2 posts what the page carries: the token, never the password.
    const two = await postStep({
      step: "2",
      direction: "next",
      ...afterOne.values,
      ...pick(STEP2),
    });
    expect(two.headers.get("Cache-Control")).toBe("no-store");
    const afterTwo = (await two.json()) as { step: number; values: Record<string, string> };
    expect(afterTwo.step).toBe(3);
    expect(JSON.stringify(afterTwo)).not.toContain(PASSWORD);

    // «Назад» to step 1 and on again with the password fields left empty: the kept one stays.
    const back = await postStep({ step: "1", direction: "next", ...afterTwo.values });
    expect(((await back.json()) as { step: number }).step).toBe(2);

    const three = await postStep({
      ...payload,
      ...afterTwo.values,
      password: "",
      step: "3",
      direction: "next",
      notRobot: "on",
      recaptchaToken: botToken(),
    });
    expect(three.status).toBe(302);
    expect(three.headers.get("Cache-Control")).toBe("no-store");
    const user = await getDb()
      .selectFrom("users")
      .select("passwordHash")
      .where("email", "=", payload.username!)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(user.passwordHash, PASSWORD)).toBe(true);
    // The draft ends with the account.
    expect(await getDb().selectFrom("signupDrafts").select("id").execute()).toEqual([]);
  });

  it("a refused step 1 sends neither password back; a draft gone after an hour asks for the password again", async () => {
    const refused = await postStep({
      step: "1",
      direction: "next",
      username: "not-an-email",
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).not.toContain(PASSWORD);

    const payload = asForm({ ...registrationPayload(), companyType: "company" });
    const one = await postStep({
      step: "1",
      direction: "next",
      username: payload.username!,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    const { values } = (await one.json()) as { values: Record<string, string> };
    const later = new Date(Date.now() + 61 * 60 * 1000);
    expect(await purgeExpired(getDb(), later)).toMatchObject({ signupDrafts: 1 });
    const three = await postStep({
      ...payload,
      ...values,
      password: "",
      step: "3",
      direction: "next",
      notRobot: "on",
      recaptchaToken: botToken(),
    });
    expect(three.status).toBe(400);
    const answer = (await three.json()) as { step: number; fieldErrors: Record<string, string> };
    expect(answer.step).toBe(1);
    expect(answer.fieldErrors.password).toBe(SIGNUP_DRAFT_EXPIRED);
  });
});

describe("analytics for a young company (item 6)", () => {
  async function invoiceOn(companyId: string, userId: string, clientId: string, day: string) {
    const id = await createDraft(
      getDb(),
      companyId,
      userId,
      documentSchema.parse({
        type: "invoice",
        clientId,
        issueDate: day,
        dueDate: addDays(day, 14),
        lines: [{ description: "Услуга", quantity: "1", unitPrice: "100", vatRate: 20 }],
      }),
    );
    await issueDocument(getDb(), companyId, id);
  }

  it("shows no days-sales-outstanding figure for a company a day old, and says why", async () => {
    const { user, companyId, clientId } = await createCompanyWithClient(getDb());
    const today = todayInSofia();
    await invoiceOn(companyId, user.id, clientId, today);
    const period = { from: addMonths(today.slice(0, 7), -11), to: today.slice(0, 7) };
    const young = await analyticsSummary(getDb(), companyId, period, today);
    expect(young.openCents).toBe(12_000);
    expect(young.dso).toBeNull();
    expect(young.dsoWaiting).toEqual({ firstSaleOn: today, days: 1, needed: DSO_MIN_DAYS });

    // Sixty days later, with the invoice still open: 120 € owed of 120 € sold in 60 days.
    const later = addDays(today, 59);
    const grown = await analyticsSummary(
      getDb(),
      companyId,
      { from: period.from, to: later.slice(0, 7) },
      later,
    );
    expect(grown.dsoWaiting).toBeNull();
    expect(grown.dso).toBe(60);
  });
});

/** A local SMTP server that keeps each message with its envelope (Bcc copies are recipients). */
async function smtpInbox() {
  const received: { rcpt: string[]; mail: Awaited<ReturnType<typeof PostalMime.parse>> }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        received.push({
          rcpt: session.envelope.rcptTo.map((r) => r.address),
          mail: await PostalMime.parse(Buffer.concat(chunks)),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("a document's e-mail and reminders (items 8, 9)", () => {
  async function issuedInvoice(days: { issue: string; due: string }) {
    const c = await createCompanyWithClient(getDb());
    await getDb()
      .updateTable("clients")
      .set({ emails: ["buh@klient.bg"] })
      .where("id", "=", c.clientId)
      .execute();
    const id = await createDraft(
      getDb(),
      c.companyId,
      c.user.id,
      documentSchema.parse({
        type: "invoice",
        clientId: c.clientId,
        issueDate: days.issue,
        dueDate: days.due,
        lines: [{ description: "Услуга", quantity: "1", unitPrice: "100", vatRate: 20 }],
      }),
    );
    const doc = await issueDocument(getDb(), c.companyId, id);
    const company = await getDb()
      .selectFrom("companies")
      .select("name")
      .where("id", "=", c.companyId)
      .executeTakeFirstOrThrow();
    return {
      ...c,
      id,
      number: doc.number!,
      companyName: company.name,
      ...(await signInApi(getDb(), c.user)),
    };
  }

  it("sends from the company's name, the title in lower case mid-sentence, the sender's message first and a copy to them", async () => {
    const inbox = await smtpInbox();
    try {
      const today = todayInSofia();
      const me = await issuedInvoice({ issue: today, due: addDays(today, 14) });
      const send = (fields: Record<string, string>) =>
        call(pageAction, getDb(), `/invoice/${me.id}`, {
          ...formBody({ intent: "send", ...fields }, { Cookie: me.cookie }),
          params: { id: me.id },
          config: {
            mail: {
              smtpUrl: inbox.url,
              from: "Сметка <no-reply@smetka.bg>",
              supportEmail: undefined,
            },
          },
        });

      const tooLong = await send({ to: "", message: "д".repeat(1001), copy: "on" });
      expect(tooLong.status).toBe(400);
      const refused = (await tooLong.json()) as { fieldErrors: Record<string, string> };
      expect(refused.fieldErrors.message).toMatch(/1000/);

      const sent = await send({ to: "", message: "Благодарим за поръчката!", copy: "on" });
      expect(sent.status).toBe(302);
      expect(inbox.received).toHaveLength(1);
      const { rcpt, mail } = inbox.received[0]!;
      expect(rcpt.sort()).toEqual(["buh@klient.bg", me.user.email].sort());
      expect(mail.from).toEqual({ name: me.companyName, address: "no-reply@smetka.bg" });
      expect(mail.subject).toBe(`Фактура № ${me.number} от ${me.companyName}`);
      const text = (mail.text ?? "").replace(/\u00a0/g, " ");
      // The sender's message opens the letter: no fixed greeting before it, no sign-off after
      // (issue #41 item 12).
      expect(text).toMatch(/^Благодарим за поръчката!\s+Изпращаме ви фактура №/);
      expect(text).not.toContain("Здравейте");
      expect(text).not.toContain("Поздрави");
      expect(text).toContain(`Изпращаме ви фактура № ${me.number} от ${me.companyName}.`);
      expect(text).toContain("Сума: 120,00 EUR");
      // The copy is hidden from the client.
      expect(JSON.stringify(mail.headers)).not.toContain(me.user.email);
    } finally {
      await inbox.close();
    }
  });

  it("an overdue invoice previews its reminder and sends it now; the automatic ones say when they go", async () => {
    const inbox = await smtpInbox();
    try {
      const today = todayInSofia();
      const me = await issuedInvoice({ issue: addDays(today, -20), due: addDays(today, -5) });
      const page = async () =>
        (await (
          await call(pageLoader, getDb(), `/invoice/${me.id}`, {
            headers: { Cookie: me.cookie },
            params: { id: me.id },
          })
        ).json()) as {
          reminder: {
            subject: string;
            text: string;
            automatic: { enabled: boolean; days: number[]; next: string | null };
          } | null;
        };
      const off = (await page()).reminder!;
      expect(off.subject.replace(/\u00a0/g, " ")).toBe(
        `Напомняне: Фактура № ${me.number} — 120,00 EUR за плащане`,
      );
      expect(off.text.replace(/\u00a0/g, " ")).toContain(
        `плащането по фактура № ${me.number} от ${printDate(addDays(today, -20))} с падеж ${printDate(addDays(today, -5))}`,
      );
      expect(off.automatic).toEqual({ enabled: false, days: [3, 10, 30], next: null });

      await getDb()
        .insertInto("reminderSettings")
        .values({ companyId: me.companyId, enabled: true, days: [3, 10, 30] })
        .execute();
      // 3 days after the due date has passed unreminded: the next is 10 days after it.
      await getDb()
        .insertInto("documentReminders")
        .values({ companyId: me.companyId, documentId: me.id, daysAfter: 3 })
        .execute();
      expect((await page()).reminder!.automatic).toEqual({
        enabled: true,
        days: [3, 10, 30],
        next: addDays(today, 5),
      });

      const remind = await call(pageAction, getDb(), `/invoice/${me.id}`, {
        ...formBody({ intent: "remind", to: "", message: "", copy: "" }, { Cookie: me.cookie }),
        params: { id: me.id },
        config: {
          mail: {
            smtpUrl: inbox.url,
            from: "Сметка <no-reply@smetka.bg>",
            supportEmail: undefined,
          },
        },
      });
      expect(remind.status).toBe(302);
      expect(inbox.received).toHaveLength(1);
      expect(inbox.received[0]!.mail.subject).toBe(off.subject);
      expect(inbox.received[0]!.mail.from?.name).toBe(me.companyName);

      // Not overdue: no preview, and «Изпрати напомняне» is refused.
      const fresh = await issuedInvoice({ issue: today, due: addDays(today, 10) });
      const notDue = await call(pageAction, getDb(), `/invoice/${fresh.id}`, {
        ...formBody({ intent: "remind" }, { Cookie: fresh.cookie }),
        params: { id: fresh.id },
      });
      expect(notDue.status).toBe(409);
    } finally {
      await inbox.close();
    }
  });
});

describe("payroll print and the empty salaries page (item 10)", () => {
  it("says to add an employee first; the ведомост keeps its Cyrillic name, has the ЕГН and marks a draft month", async () => {
    const me = await createCompanyOnPlan(getDb(), "full");
    const session = await signInApi(getDb(), me.user);
    const page = await call(salariesLoader, getDb(), "/salaries?month=2026-10", {
      headers: { Cookie: session.cookie },
    });
    expect(((await page.json()) as { needsEmployee: boolean }).needsEmployee).toBe(true);

    const idNumber = validEgn("850101123");
    const { id: employeeId } = await postApi(
      employeesPost,
      getDb(),
      "/api/employees",
      {
        name: "Мария Иванова Петрова",
        idNumber,
        position: "Счетоводител",
        contractType: "labour",
        startDate: "2025-03-01",
        gross: "2000.00",
      },
      session.bearer,
    );
    await postApi(
      salariesPost,
      getDb(),
      "/api/salaries",
      { employeeId, month: "2026-10" },
      session.bearer,
    );
    const after = await call(salariesLoader, getDb(), "/salaries?month=2026-10", {
      headers: { Cookie: session.cookie },
    });
    expect(((await after.json()) as { needsEmployee: boolean }).needsEmployee).toBe(false);

    const pdf = await call(payrollPdf, getDb(), "/salaries/payroll.pdf?month=2026-10", {
      headers: { Cookie: session.cookie },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Disposition")).toBe(
      `inline; filename="vedomost-2026-10-chernova.pdf"; filename*=UTF-8''${encodeURIComponent("Ведомост-2026-10-чернова.pdf")}`,
    );
    const file = path.join(os.tmpdir(), `vedomost-${me.companyId}.pdf`);
    await writeFile(file, Buffer.from(await pdf.arrayBuffer()));
    const text = execFileSync("pdftotext", ["-layout", file, "-"]).toString("utf8");
    expect(text).toContain("ЕГН/ЛНЧ");
    expect(text).toContain(idNumber);
    expect(text).toContain("ЧЕРНОВА");
  });
});

describe("the rest of the first day (item 11)", () => {
  it("warns that an imported e-invoice is the company's own sales invoice", async () => {
    const me = await createCompanyOnPlan(getDb(), "standard");
    const company = await getDb()
      .selectFrom("companies")
      .select(["name", "eik", "vatNumber"])
      .where("id", "=", me.companyId)
      .executeTakeFirstOrThrow();
    const own = {
      supplierName: company.name,
      supplierEik: company.eik,
      supplierVatNumber: company.vatNumber,
      supplierCompanyId: null,
      supplierAddress: null,
      documentType: "invoice" as const,
      documentNumber: "0000000001",
      documentDate: "2026-11-20",
      taxEventDate: null,
      dueDate: null,
      currency: "EUR",
      description: "Услуга",
      amounts: [],
      warnings: [],
      attachment: null,
    };
    const warned = await withOwnInvoiceWarning(getDb(), me.companyId, own);
    expect(warned.warnings).toEqual([UBL_FORM_MESSAGES.own(company.name)]);
    const other = await withOwnInvoiceWarning(getDb(), me.companyId, {
      ...own,
      supplierEik: "175074752",
      supplierVatNumber: "BG175074752",
    });
    expect(other.warnings).toEqual([]);
  });

  it("the back office's audit keeps the admin's page views, not the open page's stream and polls; shows the last sign-in", async () => {
    const db = getDb();
    const admin = await createUser(db, { role: "admin" });
    const customer = await createUser(db, { plan: "full" });
    const adminSession = await signInApi(db, admin);
    const opened = await call(impersonate, db, `/hatterscastle/impersonate/${customer.id}`, {
      ...formBody({ intent: "open" }, { Cookie: adminSession.cookie }),
      params: { userId: customer.id },
    });
    const cookies = cookiesFrom(opened);
    for (const path of [
      "/dashboard",
      "/api/subscription/events",
      "/api/subscription/status",
      "/api/settings/notification",
    ]) {
      const context = makeContext(db);
      const request = new Request(`http://localhost:3000${path}`, { headers: { Cookie: cookies } });
      await getUser(request, context);
      await auditImpersonatedRequest(context, request, 200);
    }
    const rows = await db
      .selectFrom("auditLog")
      .select("target")
      .where("asUserId", "=", customer.id)
      .where("action", "=", "request")
      .execute();
    expect(rows.map((r) => r.target)).toEqual(["GET /dashboard"]);

    // The admin's customer view is not the person's sign-in; their own session is.
    expect((await listSignIns(db, customer)).last).toBeNull();
    await signInApi(db, customer);
    const { last } = await listSignIns(db, customer);
    expect(last).not.toBeNull();
    expect(Date.now() - Date.parse(last!)).toBeLessThan(60_000);
  });
});
