import { describe, expect, it } from "vitest";
import { LIMITS } from "~/modules/auth/rate-limit.server";
import { createClient } from "~/modules/clients/queries.server";
import { clientSchema } from "~/modules/clients/schema";
import { receivables } from "~/modules/dashboard/money.server";
import { cancelDocument, getDocument, issueDocument } from "~/modules/invoices/documents.server";
import { listDocuments } from "~/modules/invoices/list.server";
import { addPayment } from "~/modules/invoices/payments.server";
import { PORTAL_MESSAGES } from "~/modules/portal/constants";
import { truncateIp } from "~/modules/portal/links.server";
import { action as clientAction, loader as clientLoader } from "~/routes/_app.client.edit.$id";
import { loader as linksApi, action as makeApi } from "~/routes/api.clients.$id.portal-links";
import { action as revokeApi } from "~/routes/api.clients.$id.portal-links.$linkId";
import { loader as portalPage } from "~/routes/portal.$token";
import { loader as portalFile } from "~/routes/portal.$token_.documents.$file";
import { sha256 } from "~/utils/crypto.server";
import { addDays, todayInSofia } from "~/utils/dates";
import { guard } from "~/utils/route-guard.server";
import { createCompanyWithClient, createTestDraft, validEik } from "../setup/factories";
import { call, formBody, jsonBody, sessionFor } from "../setup/routes";
import { memberOf } from "../setup/team";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #47 item 2 (decision 069): the client portal. A company makes a secret link for a client;
 * the client, without an account, sees their issued documents with what is due (the invoice
 * list's figure), their PDF and UBL, and nothing else; links expire and are revoked; every
 * opening is logged; the portal is rate-limited.
 */

const getDb = setupTestDatabase();
const TODAY = todayInSofia();
const LINES = [{ description: "Уебсайт", quantity: "1", unitPrice: "1000.00", vatRate: 20 }];
/** A route function as production runs it: behind the route guard. */
const guarded = (fn: unknown) => guard(fn as never) as never;
let ipCounter = 0;
/** A fresh address for each test's requests (the per-address limit is not what most test). */
const freshIp = () => `198.51.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

async function company() {
  const db = getDb();
  const me = await createCompanyWithClient(db);
  const { cookie } = await sessionFor(db, me.user);
  const issue = async (fields: Record<string, unknown> = {}, clientId = me.clientId) => {
    const id = await createTestDraft(db, { ...me, clientId }, { lines: LINES, ...fields });
    await issueDocument(db, me.companyId, id);
    return id;
  };
  return { db, me, cookie, issue };
}

async function makeLink(
  db: ReturnType<typeof getDb>,
  clientId: string,
  cookie: string,
  body: unknown = { days: 30 },
) {
  const response = await call(guarded(makeApi), db, `/api/clients/${clientId}/portal-links`, {
    ...jsonBody(body, "POST", { Cookie: cookie }),
    params: { id: clientId },
  });
  return {
    response,
    body: (await response.json()) as Record<string, unknown> & { url: string; id: string },
  };
}

const tokenOf = (url: string) => url.split("/portal/")[1]!;

function openPortal(db: ReturnType<typeof getDb>, token: string, ip = freshIp()) {
  return call(guarded(portalPage), db, `/portal/${token}`, { params: { token }, ip });
}

function openFile(db: ReturnType<typeof getDb>, token: string, file: string, ip = freshIp()) {
  return call(guarded(portalFile), db, `/portal/${token}/documents/${file}`, {
    params: { token, file },
    ip,
  });
}

interface PortalData {
  portal: {
    companyName: string;
    clientName: string;
    owed: { currency: string; dueCents: number }[];
    overdueSince: string | null;
    documents: {
      id: string;
      number: string;
      dueCents: number;
      state: string | null;
      cancelled: boolean;
      qr: unknown;
    }[];
  } | null;
  refused: string | null;
}

describe("the client portal", () => {
  it("makes a link whose token is kept only as its SHA-256 and shown once", async () => {
    const { db, me, cookie } = await company();
    const { response, body } = await makeLink(db, me.clientId, cookie, { days: 7 });
    expect(response.status).toBe(201);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(body.url).toMatch(/^http:\/\/localhost:3000\/portal\/[A-Za-z0-9_-]{43}$/);
    expect(body.state).toBe("live");
    const token = tokenOf(body.url);
    const row = await db
      .selectFrom("portalLinks")
      .selectAll()
      .where("id", "=", body.id)
      .executeTakeFirstOrThrow();
    expect(row.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    // The list never gives the token or the url again.
    const list = await call(guarded(linksApi), db, `/api/clients/${me.clientId}/portal-links`, {
      headers: { Cookie: cookie },
      params: { id: me.clientId },
    });
    const text = await list.text();
    expect(list.status).toBe(200);
    expect(text).not.toContain(token);
    expect(JSON.parse(text).links).toHaveLength(1);
    // Valid to the end of the chosen day in Sofia.
    expect(new Date(String(body.expiresAt)).getTime()).toBeGreaterThan(
      new Date(`${addDays(TODAY, 7)}T20:00:00Z`).getTime(),
    );
  });

  it("refuses an expiry in the past or beyond a year, in Bulgarian", async () => {
    const { db, me, cookie } = await company();
    const late = await makeLink(db, me.clientId, cookie, { expiresOn: addDays(TODAY, 400) });
    expect(late.response.status).toBe(400);
    expect(JSON.stringify(late.body)).toContain(PORTAL_MESSAGES.expiryTooLate);
    const past = await makeLink(db, me.clientId, cookie, { expiresOn: TODAY });
    expect(past.response.status).toBe(400);
    expect(JSON.stringify(past.body)).toContain(PORTAL_MESSAGES.expiryPast);
    const none = await makeLink(db, me.clientId, cookie, {});
    expect(none.response.status).toBe(400);
    expect(await db.selectFrom("portalLinks").select("id").execute()).toHaveLength(0);
  });

  it("shows only the client's issued documents, with the invoice list's amounts due", async () => {
    const { db, me, cookie, issue } = await company();
    const other = await createClient(
      db,
      me.companyId,
      clientSchema.parse({
        kind: "company",
        name: "Друг Клиент ООД",
        eik: validEik(),
        address: "ул. 1",
        city: "София",
        postalCode: "1000",
      }),
    );
    const overdue = await issue({
      issueDate: "2026-10-01",
      dueDate: "2026-10-15",
      currency: "EUR",
    });
    const partly = await issue({
      issueDate: "2026-11-20",
      dueDate: addDays(TODAY, 30),
      currency: "EUR",
    });
    await addPayment(db, me.companyId, (await getDocument(db, me.companyId, partly))!, {
      paidOn: "2026-11-21",
      amount: 20_000,
      method: "bank",
      note: null,
    });
    const cancelled = await issue({ issueDate: "2026-11-20" });
    await cancelDocument(db, me.companyId, cancelled, "Грешка");
    const proforma = await issue({ type: "proforma", issueDate: "2026-11-20" });
    const draft = await createTestDraft(db, me, { lines: LINES });
    const othersInvoice = await issue({}, other.id);

    const { body } = await makeLink(db, me.clientId, cookie);
    const response = await openPortal(db, tokenOf(body.url));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Referrer-Policy")).toBe("same-origin");
    expect(response.headers.get("X-Robots-Tag")).toMatch(/noindex/);
    const data = (await response.json()) as PortalData;
    const portal = data.portal!;
    expect(portal.clientName).toBe("Клиент Бета ООД");
    const ids = portal.documents.map((d) => d.id);
    expect(new Set(ids)).toEqual(new Set([overdue, partly, cancelled, proforma]));
    expect(ids).not.toContain(draft);
    expect(ids).not.toContain(othersInvoice);
    // The invoice list's «За получаване» of each document, to the cent.
    const listed = await listDocuments(db, me.companyId, { clientId: me.clientId }, TODAY, {
      limit: 100,
    });
    for (const doc of portal.documents) {
      expect(doc.dueCents).toBe(Number(listed.documents.find((d) => d.id === doc.id)!.dueCents));
    }
    const byId = new Map(portal.documents.map((d) => [d.id, d]));
    expect(byId.get(overdue)!.state).toBe("overdue");
    expect(byId.get(partly)!.state).toBe("partially_paid");
    expect(byId.get(partly)!.dueCents).toBe(100_000);
    expect(byId.get(cancelled)!.cancelled).toBe(true);
    // What they owe now: the two open invoices (1 200 + 1 000), overdue since the older's due date.
    expect(portal.owed).toEqual([{ currency: "EUR", dueCents: 220_000 }]);
    expect(portal.overdueSince).toBe("2026-10-15");
    // The EPC QR code of an open euro invoice paid by bank; none for the cancelled one.
    expect(byId.get(overdue)!.qr).not.toBeNull();
    expect(byId.get(cancelled)!.qr).toBeNull();
  });

  it("serves the PDF and UBL of its own documents only; others are the same 404", async () => {
    const { db, me, cookie, issue } = await company();
    const mine = await issue();
    const stranger = await company();
    const theirs = await stranger.issue();
    const other = await createClient(
      db,
      me.companyId,
      clientSchema.parse({
        kind: "company",
        name: "Друг Клиент ООД",
        eik: validEik(),
        address: "ул. 1",
        city: "София",
        postalCode: "1000",
      }),
    );
    const othersInvoice = await issue({}, other.id);
    const draft = await createTestDraft(db, me, { lines: LINES });
    const token = tokenOf((await makeLink(db, me.clientId, cookie)).body.url);

    const pdf = await openFile(db, token, `${mine}.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Cache-Control")).toBe("private, no-store");
    expect(pdf.headers.get("Referrer-Policy")).toBe("same-origin");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    const xml = await openFile(db, token, `${mine}.xml`);
    expect(xml.status).toBe(200);
    expect(await xml.text()).toContain("<cbc:CustomizationID>");

    for (const file of [
      `${theirs}.pdf`,
      `${othersInvoice}.pdf`,
      `${othersInvoice}.xml`,
      `${draft}.pdf`,
      "x.pdf",
      `${mine}.exe`,
    ]) {
      const refused = await openFile(db, token, file);
      expect(refused.status, file).toBe(404);
      expect(await refused.text()).toContain("Връзката не е валидна");
    }
  });

  it("answers an unknown, expired or revoked link alike: 404 asking for a new link", async () => {
    const { db, me, cookie } = await company();
    const expired = await makeLink(db, me.clientId, cookie);
    await db
      .updateTable("portalLinks")
      .set({
        createdAt: new Date(Date.now() - 3 * 86_400_000),
        expiresAt: new Date(Date.now() - 1000),
      })
      .where("id", "=", expired.body.id)
      .execute();
    const revoked = await makeLink(db, me.clientId, cookie);
    const revoke = await call(
      guarded(revokeApi),
      db,
      `/api/clients/${me.clientId}/portal-links/${revoked.body.id}`,
      {
        method: "DELETE",
        headers: { Cookie: cookie },
        params: { id: me.clientId, linkId: revoked.body.id },
      },
    );
    expect(revoke.status).toBe(200);
    expect(((await revoke.json()) as { state: string }).state).toBe("revoked");
    const answers: unknown[] = [];
    for (const token of [
      tokenOf(expired.body.url),
      tokenOf(revoked.body.url),
      "A".repeat(43),
      "x",
    ]) {
      const response = await openPortal(db, token);
      expect(response.status).toBe(404);
      expect(response.headers.get("Referrer-Policy")).toBe("same-origin");
      answers.push(await response.json());
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toMatchObject({ portal: null, refused: "invalid" });
    // Revoking again: 409; another company's link: 404.
    const again = await call(
      guarded(revokeApi),
      db,
      `/api/clients/${me.clientId}/portal-links/${revoked.body.id}`,
      {
        method: "DELETE",
        headers: { Cookie: cookie },
        params: { id: me.clientId, linkId: revoked.body.id },
      },
    );
    expect(again.status).toBe(409);
    const stranger = await company();
    const foreign = await call(
      guarded(revokeApi),
      db,
      `/api/clients/${stranger.me.clientId}/portal-links/${expired.body.id}`,
      {
        method: "DELETE",
        headers: { Cookie: stranger.cookie },
        params: { id: stranger.me.clientId, linkId: expired.body.id },
      },
    );
    expect(foreign.status).toBe(404);
  });

  it("limits requests per address with 429 in Bulgarian", async () => {
    const { db, me, cookie } = await company();
    const token = tokenOf((await makeLink(db, me.clientId, cookie)).body.url);
    const ip = "203.0.113.77";
    for (let i = 0; i < LIMITS.portalAddress.max; i++) {
      expect((await openPortal(db, `unknown${"x".repeat(30)}${i}`, ip)).status).toBe(404);
    }
    const limited = await openPortal(db, token, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ refused: "limited" });
    const file = await openFile(db, token, "x.pdf", ip);
    expect(file.status).toBe(429);
    expect(await file.text()).toContain(PORTAL_MESSAGES.limited);
    // Another address still opens it.
    expect((await openPortal(db, token)).status).toBe(200);
  });

  it("logs every opening, shows «отворена на …» on the client's page, one audit entry a day", async () => {
    const { db, me, cookie, issue } = await company();
    const id = await issue();
    const { body } = await makeLink(db, me.clientId, cookie);
    const token = tokenOf(body.url);
    await openPortal(db, token, "203.0.113.9");
    await openPortal(db, token, "203.0.113.9");
    await openFile(db, token, `${id}.pdf`, "2001:db8:1:2::5");
    const views = await db
      .selectFrom("portalViews")
      .select(["what", "ip", "documentId"])
      .where("linkId", "=", body.id)
      .orderBy("id")
      .execute();
    expect(views).toEqual([
      { what: "list", ip: "203.0.113.0", documentId: null },
      { what: "list", ip: "203.0.113.0", documentId: null },
      { what: "pdf", ip: "2001:db8:1::", documentId: id },
    ]);
    const audit = await db
      .selectFrom("companyAudit")
      .select(["action", "actorName", "ip"])
      .where("companyId", "=", me.companyId)
      .where("action", "like", "portal.%")
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["portal.link", "portal.view"]);
    expect(audit[1]!.actorName).toMatch(/Клиент Бета ООД/);
    const page = await call(guarded(clientLoader), db, `/client/edit/${me.clientId}`, {
      headers: { Cookie: cookie },
      params: { id: me.clientId },
    });
    const data = (await page.json()) as {
      portal: { links: { lastViewedAt: string; views: number }[] };
    };
    expect(data.portal.links[0]!.views).toBe(3);
    expect(data.portal.links[0]!.lastViewedAt).toBeTruthy();
  });

  it("lets the client page make and revoke a link with a form; staff limited to their own documents may not", async () => {
    const { db, me, cookie } = await company();
    const made = await call(guarded(clientAction), db, `/client/edit/${me.clientId}`, {
      ...formBody(
        { intent: "portal-create", days: "", expiresOn: addDays(TODAY, 10) },
        { Cookie: cookie },
      ),
      params: { id: me.clientId },
    });
    expect(made.status).toBe(200);
    const created = (await made.json()) as { created: { url: string; expiresOn: string } };
    expect(created.created.expiresOn).toBe(addDays(TODAY, 10));
    expect((await openPortal(db, tokenOf(created.created.url))).status).toBe(200);
    const refused = await call(guarded(clientAction), db, `/client/edit/${me.clientId}`, {
      ...formBody({ intent: "portal-create", days: "500" }, { Cookie: cookie }),
      params: { id: me.clientId },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain(PORTAL_MESSAGES.expiryTooLate);

    const own = await memberOf(db, me.companyId, "staff", { ownDocumentsOnly: true });
    const page = await call(guarded(clientLoader), db, `/client/edit/${me.clientId}`, {
      headers: { Cookie: own.cookie },
      params: { id: me.clientId },
    });
    expect(
      ((await page.json()) as { portal: { allowed: boolean; links: unknown[] } }).portal,
    ).toEqual({
      allowed: false,
      links: [],
    });
    const form = await call(guarded(clientAction), db, `/client/edit/${me.clientId}`, {
      ...formBody({ intent: "portal-create", days: "30" }, { Cookie: own.cookie }),
      params: { id: me.clientId },
    });
    expect(form.status).toBe(403);
    const api = await makeLink(db, me.clientId, own.cookie);
    expect(api.response.status).toBe(403);
    expect(String(api.body.message)).toBe(PORTAL_MESSAGES.notAllowed);
    const viewer = await memberOf(db, me.companyId, "viewer");
    expect((await makeLink(db, me.clientId, viewer.cookie)).response.status).toBe(403);
    const staff = await memberOf(db, me.companyId, "staff");
    expect((await makeLink(db, me.clientId, staff.cookie)).response.status).toBe(201);
    const accountant = await memberOf(db, me.companyId, "accountant");
    expect((await makeLink(db, me.clientId, accountant.cookie)).response.status).toBe(201);
    // Another company's client: 404.
    const stranger = await company();
    expect((await makeLink(db, stranger.me.clientId, cookie)).response.status).toBe(404);
    expect(
      await db
        .selectFrom("portalLinks")
        .select("id")
        .where("clientId", "=", stranger.me.clientId)
        .execute(),
    ).toEqual([]);
  });
});

describe("one amount due (issue #47 item 5)", () => {
  it("gives the portal the dashboard's receivables and oldest overdue date", async () => {
    const { db, me, cookie, issue } = await company();
    await issue({ issueDate: "2026-09-01", dueDate: "2026-09-10" });
    const partly = await issue({ issueDate: "2026-10-01", dueDate: "2026-10-10" });
    await addPayment(db, me.companyId, (await getDocument(db, me.companyId, partly))!, {
      paidOn: "2026-10-05",
      amount: 50_000,
      method: "bank",
      note: null,
    });
    await issue({ issueDate: "2026-11-20", dueDate: addDays(TODAY, 10) });
    const { body } = await makeLink(db, me.clientId, cookie);
    const portal = ((await (await openPortal(db, tokenOf(body.url))).json()) as PortalData).portal!;
    const dashboard = await receivables(db, me.companyId, TODAY);
    expect(portal.owed).toEqual(
      dashboard.currencies.map((c) => ({ currency: c.currency, dueCents: c.unpaidCents })),
    );
    expect(portal.owed).toEqual([{ currency: "EUR", dueCents: 120_000 * 3 - 50_000 }]);
    expect(portal.overdueSince).toBe(dashboard.oldestOverdue[0]!.dueDate);
  });
});

describe("truncateIp", () => {
  it("keeps no whole address", () => {
    expect(truncateIp("203.0.113.77")).toBe("203.0.113.0");
    expect(truncateIp("::ffff:203.0.113.77")).toBe("203.0.113.0");
    expect(truncateIp("2001:db8:abcd:12::1")).toBe("2001:db8:abcd::");
    expect(truncateIp(null)).toBeNull();
  });
});
