import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { LIMITS } from "~/modules/auth/rate-limit.server";
import { createClient } from "~/modules/clients/queries.server";
import { clientSchema } from "~/modules/clients/schema";
import { receivables } from "~/modules/dashboard/money.server";
import { getDocument, issueDocument } from "~/modules/invoices/documents.server";
import { reminderFor } from "~/modules/invoices/emails.server";
import { documentPayload, qrPath } from "~/modules/invoices/payment-qr.server";
import { addPayment } from "~/modules/invoices/payments.server";
import type { PrintSupplier } from "~/modules/invoices/print";
import { PORTAL_MESSAGES } from "~/modules/portal/constants";
import { createPortalLink } from "~/modules/portal/links.server";
import { issueReconciliation } from "~/modules/statements/reconciliations.server";
import StatementPage, { loader as statementLoader } from "~/routes/_app.clients_.$id.statement";
import ClientPortal, { loader as portalPage } from "~/routes/portal.$token";
import { loader as actPdf } from "~/routes/portal.$token_.reconciliation[.]pdf";
import PortalAct, {
  loader as actPage,
  action as answerAction,
} from "~/routes/portal.$token_.reconciliations.$act";
import { loader as statementPdf } from "~/routes/portal.$token_.statement[.]pdf";
import { addDays, todayInSofia } from "~/utils/dates";
import { guard } from "~/utils/route-guard.server";
import type { Database } from "~db/types";
import { createCompanyWithClient, createTestDraft, validEik } from "../setup/factories";
import { pageOf } from "../setup/page-text";
import { call, formBody, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #47 items 4 and 5 in the client portal (decisions 069, 070): the client's statement of
 * account with its PDF, the acts of reconciliation and the client's answer through the link
 * alone, English labels for a client who gets English documents, and one amount due everywhere.
 */

const getDb = setupTestDatabase();
const TODAY = todayInSofia();
const YEAR = TODAY.slice(0, 4);
const guarded = (fn: unknown) => guard(fn as never) as never;
let ipCounter = 0;
const freshIp = () => `203.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
type Me = Awaited<ReturnType<typeof createCompanyWithClient>>;

async function issued(db: Kysely<Database>, me: Me, fields: Record<string, unknown>) {
  const id = await createTestDraft(db, me, {
    lines: [{ description: "Услуга", quantity: "1", unitPrice: "1000", vatRate: 20 }],
    ...fields,
  });
  await issueDocument(db, me.companyId, id);
  return id;
}

async function pay(db: Kysely<Database>, me: Me, id: string, cents: number) {
  const doc = await getDocument(db, me.companyId, id);
  await addPayment(db, me.companyId, doc!, {
    paidOn: doc!.issueDate,
    amount: cents,
    method: "bank",
    note: null,
  });
}

/** A company, its client with an invoice of 1 200,00 EUR (300,00 paid) and a portal link. */
async function world() {
  const db = getDb();
  const me = await createCompanyWithClient(db);
  const invoice = await issued(db, me, { issueDate: `${YEAR}-01-10`, dueDate: `${YEAR}-01-20` });
  await pay(db, me, invoice, 30_000);
  const { token } = await createPortalLink(
    db,
    me.companyId,
    me.clientId,
    addDays(TODAY, 30),
    me.user.id,
  );
  return { db, me, invoice, token };
}

const open = (db: Kysely<Database>, token: string, query = "", ip = freshIp()) =>
  call(guarded(portalPage), db, `/portal/${token}${query}`, { params: { token }, ip });

async function portalText(db: Kysely<Database>, token: string, query = "") {
  return pageOf(ClientPortal, await open(db, token, query), `/portal/${token}${query}`);
}

function answer(
  db: Kysely<Database>,
  token: string,
  act: string,
  fields: Record<string, string>,
  ip = freshIp(),
) {
  return call(guarded(answerAction), db, `/portal/${token}/reconciliations/${act}`, {
    ...formBody(fields),
    params: { token, act },
    ip,
  });
}

function pdfText(bytes: ArrayBuffer) {
  const file = join(mkdtempSync(join(tmpdir(), "smetka-portal-")), "file.pdf");
  writeFileSync(file, Buffer.from(bytes));
  return execFileSync("pdftotext", ["-layout", file, "-"])
    .toString("utf8")
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/[ \t]+/g, " ");
}

async function anotherClient(db: Kysely<Database>, me: Me, fields: Record<string, unknown> = {}) {
  return createClient(
    db,
    me.companyId,
    clientSchema.parse({
      kind: "company",
      name: "Друг Клиент ЕООД",
      eik: validEik(),
      address: "ул. Шипка 1",
      city: "София",
      postalCode: "1000",
      ...fields,
    }),
  );
}

describe("the statement of account in the portal", () => {
  it("shows the client's statement with a period form and its PDF in Bulgarian and English", async () => {
    const { db, me, token } = await world();
    const other = await anotherClient(db, me);
    await issued(db, me, {
      clientId: other.id,
      issueDate: `${YEAR}-01-11`,
      lines: [{ description: "Друго", quantity: "1", unitPrice: "555", vatRate: 20 }],
    });
    const { text, html } = await portalText(db, token);
    expect(text).toContain("Извлечение по сметка");
    expect(html).toMatch(/<form[^>]*method="get"[^>]*action="\/portal\//);
    expect(html).toMatch(/<label[^>]*>От дата/);
    expect(text).toMatch(/Дата Документ Дебит Кредит Салдо/);
    expect(text).toMatch(/Фактура № \d+ 1 200,00 EUR 1 200,00 EUR/);
    expect(text).toMatch(/Плащане по фактура № \d+ 300,00 EUR 900,00 EUR/);
    expect(text).toMatch(new RegExp(`Крайно салдо към \\d\\d\\.\\d\\d\\.${YEAR} 900,00 EUR`));
    // Another client's documents are nowhere; the lines open the portal's own PDFs.
    expect(text).not.toContain("666,00");
    expect(html).not.toContain('href="/invoice/');
    expect(html).toContain(
      `/portal/${token}/statement.pdf?from=${YEAR}-01-01&amp;to=${TODAY}&amp;lang=en`,
    );

    // A period that is not one: 400 with the reason, the default period shown.
    const bad = await open(db, token, `?from=${YEAR}-12-31&to=${YEAR}-01-01`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).portal.statement.periodError).toMatch(/Невалиден период/);
    // A later period: the payment is before it, the opening balance carries it.
    const later = await portalText(db, token, `?from=${YEAR}-01-15`);
    expect(later.text).toMatch(new RegExp(`Начално салдо към 15\\.01\\.${YEAR} 900,00 EUR`));

    const file = (query: string) =>
      call(guarded(statementPdf), db, `/portal/${token}/statement.pdf${query}`, {
        params: { token },
        ip: freshIp(),
      });
    const bg = await file(`?from=${YEAR}-01-01&lang=bg`);
    expect(bg.status).toBe(200);
    expect(bg.headers.get("Content-Type")).toBe("application/pdf");
    expect(bg.headers.get("Referrer-Policy")).toBe("same-origin");
    const bgText = pdfText(await bg.arrayBuffer());
    expect(bgText).toContain("Извлечение по сметка");
    expect(bgText).toContain("Клиент Бета ООД");
    expect(bgText).toMatch(/Крайно салдо към \d\d\.\d\d\.\d{4} 900,00/);
    expect(bgText).not.toContain("666,00");
    const enText = pdfText(await (await file(`?from=${YEAR}-01-01&lang=en`)).arrayBuffer());
    expect(enText).toContain("Statement of account");
    expect(enText).toMatch(/Closing balance at \d\d\.\d\d\.\d{4} 900\.00/);
    // A bad language or period, a bad token: the portal's 404, nothing said.
    expect((await file("?lang=de")).status).toBe(404);
    const wrong = await call(guarded(statementPdf), db, "/portal/x/statement.pdf", {
      params: { token: "A".repeat(43) },
      ip: freshIp(),
    });
    expect(wrong.status).toBe(404);
    expect(await wrong.text()).toContain("Връзката не е валидна");
    // Each opening of the file is a view of the link.
    const views = await db
      .selectFrom("portalViews")
      .select("what")
      .where("companyId", "=", me.companyId)
      .where("what", "=", "statement")
      .execute();
    expect(views).toHaveLength(2);
  });
});

describe("acts of reconciliation in the portal", () => {
  it("shows the acts, takes a confirmation once, and the company's page shows it", async () => {
    const { db, me, token } = await world();
    const [id] = await issueReconciliation(db, me.companyId, me.clientId, TODAY, me.user.id);
    const { text, html } = await portalText(db, token);
    expect(text).toContain("Актове за сверка");
    expect(text).toMatch(/Салдо по книгите на фирмата: 900,00 EUR/);
    expect(text).toContain("Очаква вашия отговор");
    expect(html).toContain(`action="/portal/${token}/reconciliations/${id}"`);
    expect(html).toContain(`/portal/${token}/reconciliation.pdf?act=${id}&amp;lang=bg`);
    // The company's people stay the company's.
    expect(text).not.toContain("Георгиева");

    const done = await answer(db, token, id!, { intent: "confirm" });
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe(`/portal/${token}/reconciliations/${id}`);
    expect(done.headers.get("Cache-Control")).toBe("private, no-store");
    const page = await call(guarded(actPage), db, `/portal/${token}/reconciliations/${id}`, {
      params: { token, act: id! },
      ip: freshIp(),
    });
    const act = await pageOf(PortalAct, page, `/portal/${token}/reconciliations/${id}`);
    expect(act.text).toMatch(/Акт за сверка № \d+/);
    expect(act.text).toMatch(/дължите 900,00 EUR/);
    expect(act.text).toMatch(/Потвърдихте салдото на \d\d\.\d\d\.\d{4} г\./);
    expect(act.html).not.toContain('name="intent"');

    // Twice: 409 with a Bulgarian message, the first answer stands.
    const again = await answer(db, token, id!, { intent: "dispute", amount: "1", note: "Не" });
    expect(again.status).toBe(409);
    expect((await again.json()).formError).toMatch(
      /На акт за сверка № \d+ вече сте отговорили .* Отговорът не може да се промени/,
    );
    const row = await db
      .selectFrom("reconciliations")
      .select(["status", "clientAmountCents"])
      .where("id", "=", id!)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "confirmed", clientAmountCents: null });

    // The company's audit trail and statement page show the answer.
    const audit = await db
      .selectFrom("companyAudit")
      .select(["action", "actorName", "targetLabel"])
      .where("companyId", "=", me.companyId)
      .where("action", "=", "portal.reconciliation")
      .execute();
    expect(audit).toEqual([
      {
        action: "portal.reconciliation",
        actorName: "Клиент Бета ООД (портал за клиента)",
        targetLabel: "Клиент Бета ООД",
      },
    ]);
    const session = await signInApi(db, me.user);
    const companyPage = await call(statementLoader, db, `/clients/${me.clientId}/statement`, {
      headers: { Cookie: session.cookie },
      params: { id: me.clientId },
    });
    const seen = await pageOf(StatementPage, companyPage, `/clients/${me.clientId}/statement`);
    expect(seen.text).toMatch(/Потвърден от клиента на \d\d\.\d\d\.\d{4}/);

    // The act's PDF through the portal carries the answer.
    const pdf = await call(
      guarded(actPdf),
      db,
      `/portal/${token}/reconciliation.pdf?act=${id}&lang=bg`,
      {
        params: { token },
        ip: freshIp(),
      },
    );
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdfText(await pdf.arrayBuffer())).toMatch(/Потвърден от клиента на/);
  });

  it("takes a dispute with the client's balance and differences; refuses a bad one keeping what was typed", async () => {
    const { db, me, token } = await world();
    const [id] = await issueReconciliation(db, me.companyId, me.clientId, TODAY, me.user.id);
    const refused = await answer(db, token, id!, { intent: "dispute", amount: "8оо", note: "" });
    expect(refused.status).toBe(400);
    const body = await refused.json();
    expect(body.fieldErrors).toEqual({
      amount: "Посочете салдото по вашите книги (напр. 1 250,50)",
      note: "Опишете разликите: кои документи или плащания не съвпадат",
    });
    expect(body.repopulateFields.amount).toBe("8оо");
    const unknown = await answer(db, token, id!, { intent: "sign" });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).formError).toBe("Неизвестно действие");

    const done = await answer(db, token, id!, {
      intent: "dispute",
      amount: "600,00",
      note: "Платихме 300,00 EUR на 15.01 по сметка",
    });
    expect(done.status).toBe(303);
    const { text } = await portalText(db, token);
    expect(text).toMatch(
      /Оспорихте на \d\d\.\d\d\.\d{4} г\.: по вашите книги салдото е 600,00 EUR — Платихме 300,00 EUR/,
    );
    const session = await signInApi(db, me.user);
    const companyPage = await call(statementLoader, db, `/clients/${me.clientId}/statement`, {
      headers: { Cookie: session.cookie },
      params: { id: me.clientId },
    });
    const seen = await pageOf(StatementPage, companyPage, `/clients/${me.clientId}/statement`);
    expect(seen.text).toMatch(
      /Оспорен от клиента на \d\d\.\d\d\.\d{4}: по данни на клиента 600,00 EUR — Платихме 300,00 EUR/,
    );
  });

  it("refuses another client's or company's act with 404 and changes nothing", async () => {
    const { db, me, token } = await world();
    const other = await anotherClient(db, me);
    const [theirs] = await issueReconciliation(db, me.companyId, other.id, TODAY, me.user.id);
    const stranger = await createCompanyWithClient(db);
    const [foreign] = await issueReconciliation(
      db,
      stranger.companyId,
      stranger.clientId,
      TODAY,
      stranger.user.id,
    );
    for (const act of [theirs!, foreign!, "not-an-id"]) {
      const refused = await answer(db, token, act, { intent: "confirm" });
      expect(refused.status).toBe(404);
      expect((await refused.json()).formError).toBe("Актът за сверка не е намерен");
      const page = await call(guarded(actPage), db, `/portal/${token}/reconciliations/${act}`, {
        params: { token, act },
        ip: freshIp(),
      });
      expect(page.status).toBe(404);
      const pdf = await call(
        guarded(actPdf),
        db,
        `/portal/${token}/reconciliation.pdf?act=${act}&lang=bg`,
        {
          params: { token },
          ip: freshIp(),
        },
      );
      expect(pdf.status).toBe(404);
    }
    const statuses = await db
      .selectFrom("reconciliations")
      .select("status")
      .where("id", "in", [theirs!, foreign!])
      .execute();
    expect(statuses.map((s) => s.status)).toEqual(["issued", "issued"]);
    // The other client's act is not listed in this client's portal.
    const { html } = await portalText(db, token);
    expect(html).not.toContain(theirs!);
    // A bad token answers nothing about the act.
    const bad = await answer(db, "B".repeat(43), theirs!, { intent: "confirm" });
    expect(bad.status).toBe(404);
    expect((await bad.json()).formError).toBe(PORTAL_MESSAGES.invalid);
  });

  it("counts the answer against the portal's rate limit: 429 in Bulgarian", async () => {
    const { db, me, token } = await world();
    const [id] = await issueReconciliation(db, me.companyId, me.clientId, TODAY, me.user.id);
    const ip = freshIp();
    for (let i = 0; i < LIMITS.portalAddress.max; i++) await open(db, token, "", ip);
    const limited = await answer(db, token, id!, { intent: "confirm" }, ip);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await limited.json()).formError).toBe(PORTAL_MESSAGES.limited);
    const row = await db
      .selectFrom("reconciliations")
      .select("status")
      .where("id", "=", id!)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("issued");
  });
});

describe("English labels in the portal", () => {
  it("offers English to a client who gets English documents; Bulgarian stays the default", async () => {
    const { db, me, token } = await world();
    // A client of Bulgarian documents: no switch, and ?lang=en changes nothing.
    const bg = await portalText(db, token, "?lang=en");
    expect(bg.text).toContain("Документи за Клиент Бета ООД");
    expect(bg.html).not.toContain('hrefLang="en"');
    expect(bg.html).not.toContain('hreflang="en"');

    // An English invoice: the switch appears, a plain link.
    await issued(db, me, { issueDate: `${YEAR}-02-01`, language: "en" });
    const offered = await portalText(db, token);
    expect(offered.text).toContain("Дължима сума");
    expect(offered.html).toMatch(/<a href="\?lang=en" lang="en" hreflang="en">English<\/a>/i);
    const en = await portalText(db, token, "?lang=en");
    expect(en.html).toMatch(/<main id="main" lang="en"/);
    expect(en.text).toContain("Documents for Клиент Бета ООД");
    expect(en.text).toContain("Amount due");
    expect(en.text).toContain("Statement of account in EUR");
    expect(en.text).toMatch(/Invoice No\. \d+ 1,200\.00 EUR/);
    expect(en.text).toMatch(/Closing balance at \d\d\.\d\d\.\d{4} 2,100\.00 EUR/);
    expect(en.text).not.toContain("Дължима сума");
    expect(en.html).toMatch(/<a href="\?" lang="bg" hreflang="bg">Български<\/a>/i);
    // The period form keeps the language.
    expect(en.html).toContain('<input type="hidden" name="lang" value="en"/>');

    // A client whose language is English is offered it with Bulgarian documents too.
    const englishClient = await anotherClient(db, me, { language: "en" });
    const link = await createPortalLink(
      db,
      me.companyId,
      englishClient.id,
      addDays(TODAY, 7),
      me.user.id,
    );
    const theirs = await portalText(db, link.token, "?lang=en");
    expect(theirs.text).toContain("Documents for Друг Клиент ЕООД");
    expect(theirs.text).toContain("No documents have been issued yet.");
  });
});

describe("one amount due (issue #47 item 5)", () => {
  it("shows a partly paid and credited invoice's due alike on the dashboard, the reminder, the portal and the QR code", async () => {
    const { db, me, invoice, token } = await world();
    await issued(db, me, {
      type: "credit_note",
      originalId: invoice,
      reason: "Отстъпка",
      issueDate: `${YEAR}-01-15`,
      lines: [{ description: "Отстъпка", quantity: "1", unitPrice: "100", vatRate: 20 }],
    });
    // 1 200,00 − 300,00 paid − 120,00 credited.
    const due = 78_000;
    const doc = (await getDocument(db, me.companyId, invoice))!;
    expect(doc.dueCents).toBe(due);

    const dashboard = await receivables(db, me.companyId, TODAY);
    expect(dashboard.currencies).toEqual([
      expect.objectContaining({ currency: "EUR", unpaidCents: due, overdueCents: due }),
    ]);
    expect(dashboard.oldestOverdue).toEqual([
      expect.objectContaining({ id: invoice, openCents: due }),
    ]);

    const reminder = await reminderFor(db, doc);
    expect(reminder.subject).toMatch(/780,00\sEUR за плащане/);
    expect(reminder.text).toMatch(/780,00\sEUR/);
    expect(reminder.text).not.toContain("900,00");

    const portal = (await (await open(db, token)).json()).portal;
    expect(portal.owed).toEqual([{ currency: "EUR", dueCents: due }]);
    const shown = portal.documents.find((d: { id: string }) => d.id === invoice);
    expect(shown.dueCents).toBe(due);
    const { text } = await portalText(db, token);
    expect(text).toMatch(/За плащане: 780,00 EUR/);

    const payload = documentPayload(doc, doc.supplierSnapshot as PrintSupplier);
    expect(payload?.split("\n")[7]).toBe("EUR780.00");
    // The portal's code is the code of that payload.
    expect(shown.qr).toEqual(qrPath(payload!));
  });
});
