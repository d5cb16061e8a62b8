import { describe, expect, it } from "vitest";
import { companyMismatchMessage } from "~/modules/auth/form-company";
import { createCatalogueItem } from "~/modules/catalogue/queries.server";
import { catalogueItemSchema } from "~/modules/catalogue/schema";
import { acceptOffer } from "~/modules/offers/accept.server";
import { createOffer } from "~/modules/offers/queries.server";
import { offerSchema } from "~/modules/offers/schema";
import OfferPage, { action as offerAction, loader as offerLoader } from "~/routes/_app.offer.$id";
import { action as newOfferAction } from "~/routes/_app.offer.new";
import { action as makeApi } from "~/routes/api.clients.$id.portal-links";
import { loader as invoiceApi } from "~/routes/api.invoices.$id";
import { loader as offersApi } from "~/routes/api.offers";
import { loader as offerApi } from "~/routes/api.offers.$id";
import { loader as portalPage } from "~/routes/portal.$token";
import { action as answerRoute } from "~/routes/portal.$token_.offers.$id.answer";
import { loader as offerPdf } from "~/routes/portal.$token_.offers.$id.pdf";
import { addDays, todayInSofia } from "~/utils/dates";
import { guard } from "~/utils/route-guard.server";
import { createCompanyWithClient } from "../setup/factories";
import { pageOf } from "../setup/page-text";
import { type AnyAnswer, call, formBody, jsonBody, sessionFor } from "../setup/routes";
import { memberOf, workIn } from "../setup/team";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #48 item 1 (decision 077): an offer, in its own series, that the client accepts or
 * declines in the portal; an accepted offer becomes one invoice draft with its lines — once.
 */

const getDb = setupTestDatabase();
const TODAY = todayInSofia();
const guarded = (fn: unknown) => guard(fn as never) as never;
let ip = 0;
const freshIp = () => `203.0.${Math.floor(++ip / 250)}.${ip % 250}`;
const ACTOR = {
  id: null,
  email: null,
  name: "Тест",
  role: null,
  impersonatorEmail: null,
  ip: null,
};

async function setup() {
  const db = getDb();
  const me = await createCompanyWithClient(db);
  const { cookie } = await sessionFor(db, me.user);
  const item = await createCatalogueItem(
    db,
    me.companyId,
    catalogueItemSchema.parse({
      name: "Поддръжка на сайт",
      unit: "ч.",
      unitPrice: "60",
      vatRate: 20,
    }),
  );
  const offer = (fields: Record<string, unknown> = {}) =>
    createOffer(
      db,
      me.companyId,
      { ...ACTOR, id: me.user.id },
      offerSchema.parse({
        clientId: me.clientId,
        issueDate: TODAY,
        validUntil: addDays(TODAY, 14),
        lines: [
          {
            description: "Поддръжка на сайт",
            quantity: "10",
            unit: "ч.",
            unitPrice: "60",
            vatRate: 20,
            catalogueItemId: item.id,
          },
          { description: "Домейн", quantity: "1", unitPrice: "25.50", vatRate: 20 },
        ],
        ...fields,
      }),
    );
  const link = await call(guarded(makeApi), db, `/api/clients/${me.clientId}/portal-links`, {
    ...jsonBody({ days: 30 }, "POST", { Cookie: cookie }),
    params: { id: me.clientId },
  });
  const token = ((await link.json()) as { url: string }).url.split("/portal/")[1]!;
  const answer = (id: string, fields: Record<string, string>) =>
    call(guarded(answerRoute), db, `/portal/${token}/offers/${id}/answer`, {
      ...formBody(fields),
      params: { token, id },
      ip: freshIp(),
    });
  const page = async () => {
    const response = await call(guarded(portalPage), db, `/portal/${token}`, {
      params: { token },
      ip: freshIp(),
    });
    return (await response.json()) as {
      portal: { offers: { id: string; number: string; status: string; expired: boolean }[] };
    };
  };
  return { db, me, cookie, offer, answer, page, token };
}

describe("offers", () => {
  it("numbers offers in their own series, apart from the invoices'", async () => {
    const { offer } = await setup();
    const first = await offer();
    const second = await offer();
    expect([first.number, second.number]).toEqual(["0000000001", "0000000002"]);
    expect(first.totalCents).toBe(75_060); // (600.00 + 25.50) × 1.20
  });

  it("an offer accepted in the portal becomes an invoice draft with its lines, once", async () => {
    const { db, me, offer, answer, page } = await setup();
    const made = await offer();
    expect((await page()).portal.offers.map((o) => o.number)).toEqual([made.number]);

    const accepted = await answer(made.id, { answer: "accept", note: "Съгласни сме" });
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get("Location")).toMatch(/\?offer=accepted#offers$/);

    const row = await db
      .selectFrom("offers")
      .selectAll()
      .where("id", "=", made.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("accepted");
    const doc = await db
      .selectFrom("documents")
      .selectAll()
      .where("id", "=", row.documentId as string)
      .executeTakeFirstOrThrow();
    expect(doc).toMatchObject({ type: "invoice", status: "draft", clientId: me.clientId });
    expect(doc.totalCents).toBe(75_060);
    const lines = await db
      .selectFrom("documentLines")
      .select(["description", "quantity", "unit", "catalogueItemId"])
      .where("documentId", "=", doc.id)
      .orderBy("position")
      .execute();
    expect(lines.map((l) => [l.description, Number(l.quantity), l.unit])).toEqual([
      ["Поддръжка на сайт", 10, "ч."],
      ["Домейн", 1, "бр."],
    ]);
    expect(lines[0]?.catalogueItemId).not.toBeNull();

    // A second acceptance is refused with a clear message, and makes nothing.
    const again = await answer(made.id, { answer: "accept" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("Офертата вече е приета");
    const drafts = await db
      .selectFrom("documents")
      .select("id")
      .where("companyId", "=", me.companyId)
      .execute();
    expect(drafts).toHaveLength(1);

    // The company's trail records the client's answer.
    const acts = await db
      .selectFrom("companyAudit")
      .select(["action", "actorName"])
      .where("companyId", "=", me.companyId)
      .where("action", "=", "offer.accept")
      .execute();
    expect(acts).toEqual([
      { action: "offer.accept", actorName: "Клиент Бета ООД (портал за клиента)" },
    ]);
  });

  it("two acceptances at once make one draft; the other is refused", async () => {
    const { db, me, offer } = await setup();
    const made = await offer({ becomes: "proforma" });
    const by = {
      companyId: me.companyId,
      clientId: me.clientId,
      createdBy: null,
      userId: null,
      actor: ACTOR,
      via: "portal" as const,
    };
    const results = await Promise.allSettled([
      acceptOffer(db, by, made.id),
      acceptOffer(db, by, made.id),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(String(refused.reason.message)).toContain("Офертата вече е приета");
    const docs = await db
      .selectFrom("documents")
      .select("type")
      .where("companyId", "=", me.companyId)
      .execute();
    expect(docs).toEqual([{ type: "proforma" }]);
  });

  it("an expired offer cannot be accepted; a declined one is never made into a draft", async () => {
    const { db, me, offer, answer, page } = await setup();
    const old = await offer({ issueDate: addDays(TODAY, -30), validUntil: addDays(TODAY, -1) });
    const refused = await answer(old.id, { answer: "accept" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("вече не може да бъде приета");
    expect((await page()).portal.offers.find((o) => o.id === old.id)?.expired).toBe(true);

    const other = await offer();
    const declined = await answer(other.id, { answer: "decline", note: "Скъпо е" });
    expect(declined.headers.get("Location")).toMatch(/\?offer=declined#offers$/);
    const accept = await answer(other.id, { answer: "accept" });
    expect(accept.status).toBe(409);
    expect(await accept.text()).toContain("Офертата вече е отказана");
    const docs = await db
      .selectFrom("documents")
      .select("id")
      .where("companyId", "=", me.companyId)
      .execute();
    expect(docs).toHaveLength(0);
  });

  it("another client's link cannot see or answer the offer", async () => {
    const { db, offer } = await setup();
    const made = await offer();
    const stranger = await setup();
    const response = await stranger.answer(made.id, { answer: "accept" });
    expect(response.status).toBe(404);
    expect((await stranger.page()).portal.offers).toEqual([]);
    const row = await db
      .selectFrom("offers")
      .select("status")
      .where("id", "=", made.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("open");
    const pdf = await call(
      guarded(offerPdf),
      db,
      `/portal/${stranger.token}/offers/${made.id}/pdf`,
      {
        params: { token: stranger.token, id: made.id },
        ip: freshIp(),
      },
    );
    expect(pdf.status).toBe(404);
    expect(pdf.headers.get("Content-Type")).toContain("text/html");
    expect(await pdf.text()).toContain("Връзката не е валидна");
  });

  it("an expired or revoked link answers no offer and gives no PDF: the portal's 404 in Bulgarian", async () => {
    const { db, me, offer, answer, token } = await setup();
    const made = await offer();
    for (const change of [
      { expiresAt: new Date(Date.now() - 1000), createdAt: new Date(Date.now() - 86_400_000) },
      { revokedAt: new Date() },
    ]) {
      await db
        .updateTable("portalLinks")
        .set(change)
        .where("companyId", "=", me.companyId)
        .execute();
      const refused = await answer(made.id, { answer: "accept" });
      expect(refused.status).toBe(404);
      expect(await refused.text()).toContain("Връзката не е валидна");
      const pdf = await call(guarded(offerPdf), db, `/portal/${token}/offers/${made.id}/pdf`, {
        params: { token, id: made.id },
        ip: freshIp(),
      });
      expect(pdf.status).toBe(404);
      expect(await pdf.text()).toContain("Връзката не е валидна");
    }
    const row = await db
      .selectFrom("offers")
      .select("status")
      .where("id", "=", made.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("open");
  });
});

describe("the offer's pages: the company a form was opened for, and whose offers a person acts on", () => {
  const pageAction = (
    db: ReturnType<typeof getDb>,
    id: string,
    fields: Record<string, string>,
    cookie: string,
  ) =>
    call(guarded(offerAction), db, `/offer/${id}`, {
      ...formBody(fields, { Cookie: cookie }),
      params: { id },
    });
  const statusOf = async (id: string) =>
    (
      await getDb()
        .selectFrom("offers")
        .select("status")
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
    ).status;
  const draftsOf = (companyId: string) =>
    getDb().selectFrom("documents").select("id").where("companyId", "=", companyId).execute();

  it("staff limited to their own documents, and another company, cannot accept, decline or withdraw an offer: 404, nothing written", async () => {
    const { db, me, offer } = await setup();
    const owners = await offer();
    const limited = await memberOf(db, me.companyId, "staff", { ownDocumentsOnly: true });
    const stranger = await setup();
    for (const intent of ["accept", "decline", "withdraw"]) {
      for (const [who, company] of [
        [limited.cookie, me.companyId],
        [stranger.cookie, stranger.me.companyId],
      ] as const) {
        const response = await pageAction(db, owners.id, { _company: company, intent }, who);
        expect(response.status).toBe(404);
        expect(((await response.json()) as AnyAnswer).formError).toBe("Офертата не е намерена");
      }
    }
    expect(await statusOf(owners.id)).toBe("open");
    expect(await draftsOf(me.companyId)).toEqual([]);
  });

  it("staff limited to their own documents see their offer accepted into another's draft, with no id or link they cannot open", async () => {
    const { db, me, cookie } = await setup();
    const limited = await memberOf(db, me.companyId, "staff", { ownDocumentsOnly: true });
    const theirs = await createOffer(
      db,
      me.companyId,
      { ...ACTOR, id: limited.user.id },
      offerSchema.parse({
        clientId: me.clientId,
        issueDate: TODAY,
        validUntil: addDays(TODAY, 14),
        lines: [{ description: "Домейн", quantity: "1", unitPrice: "25.50", vatRate: 20 }],
      }),
    );
    // The owner accepts it: the draft is the owner's, 404 to the staff member.
    const accepted = await pageAction(
      db,
      theirs.id,
      { _company: me.companyId, intent: "accept" },
      cookie,
    );
    expect(accepted.status).toBe(302);
    const draftId = accepted.headers.get("Location")!.split("/").pop()!;
    const hidden = await call(guarded(invoiceApi), db, `/api/invoices/${draftId}`, {
      headers: limited.bearer,
      params: { id: draftId },
    });
    expect(hidden.status).toBe(404);

    const offerPage = async (who: string) =>
      pageOf(
        OfferPage,
        await call(guarded(offerLoader), db, `/offer/${theirs.id}`, {
          headers: { Cookie: who },
          params: { id: theirs.id },
        }),
        `/offer/${theirs.id}`,
      );
    const api = async (headers: Record<string, string>) => {
      const one = await call(guarded(offerApi), db, `/api/offers/${theirs.id}`, {
        headers,
        params: { id: theirs.id },
      });
      expect(one.status).toBe(200);
      const list = await call(guarded(offersApi), db, "/api/offers", { headers });
      expect(list.status).toBe(200);
      const { offers } = (await list.json()) as { offers: { id: string; documentId: unknown }[] };
      return {
        one: (await one.json()) as { status: string; documentId: unknown },
        listed: offers.find((row) => row.id === theirs.id),
      };
    };

    // The staff member: accepted, and nothing names the draft.
    const staffPage = await offerPage(limited.cookie);
    expect(staffPage.text).toContain("Приета");
    expect(staffPage.text).not.toContain("Направен документ");
    expect(staffPage.html).not.toContain(draftId);
    const staffApi = await api(limited.bearer);
    expect(staffApi.one).toMatchObject({ status: "accepted", documentId: null });
    expect(staffApi.listed).toMatchObject({ documentId: null });

    // The owner: the draft, by id and by link.
    const ownerPage = await offerPage(cookie);
    expect(ownerPage.text).toContain("Направен документ: Фактура");
    expect(ownerPage.html).toContain(`href="/invoice/${draftId}"`);
    const { bearer } = await sessionFor(db, me.user);
    const ownerApi = await api(bearer);
    expect(ownerApi.one).toMatchObject({ status: "accepted", documentId: draftId });
    expect(ownerApi.listed).toMatchObject({ documentId: draftId });
  });

  it("an accountant member accepts the company's offer into a draft", async () => {
    const { db, me, offer } = await setup();
    const made = await offer();
    const accountant = await memberOf(db, me.companyId, "accountant");
    const response = await pageAction(
      db,
      made.id,
      { _company: me.companyId, intent: "accept" },
      accountant.cookie,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/invoice\//);
    expect(await statusOf(made.id)).toBe("accepted");
  });

  it("a form opened in A and sent after a switch to B is refused in Bulgarian; nothing is written in either", async () => {
    const { db, me, offer, cookie } = await setup();
    const made = await offer();
    const other = await setup();
    await db
      .insertInto("companyMembers")
      .values({ companyId: other.me.companyId, userId: me.user.id, role: "accountant" })
      .execute();
    await workIn(db, me.user.id, other.me.companyId);
    const accept = await pageAction(
      db,
      made.id,
      { _company: me.companyId, intent: "accept" },
      cookie,
    );
    expect(accept.status).toBe(409);
    const body = (await accept.json()) as AnyAnswer;
    expect(body.companyMismatch.form.id).toBe(me.companyId);
    expect(body.companyMismatch.active.id).toBe(other.me.companyId);
    expect(companyMismatchMessage(body.companyMismatch)).toContain("Нищо не е записано");
    expect(await statusOf(made.id)).toBe("open");
    const created = await call(guarded(newOfferAction), db, "/offer/new", {
      ...formBody(
        {
          _company: me.companyId,
          intent: "save",
          clientId: me.clientId,
          issueDate: TODAY,
          validUntil: addDays(TODAY, 14),
          "lines.0.description": "Сайт",
          "lines.0.quantity": "1",
          "lines.0.unitPrice": "100",
          "lines.0.vatRate": "20",
        },
        { Cookie: cookie },
      ),
    });
    expect(created.status).toBe(409);
    const offers = await db
      .selectFrom("offers")
      .select("id")
      .where("companyId", "in", [me.companyId, other.me.companyId])
      .execute();
    expect(offers.map((o) => o.id)).toEqual([made.id]);
    expect(await draftsOf(me.companyId)).toEqual([]);
    expect(await draftsOf(other.me.companyId)).toEqual([]);
  });

  it("a new offer for another company's client is 404 in Bulgarian and not made", async () => {
    const { db, me, cookie } = await setup();
    const stranger = await setup();
    const response = await call(guarded(newOfferAction), db, "/offer/new", {
      ...formBody(
        {
          _company: me.companyId,
          intent: "save",
          clientId: stranger.me.clientId,
          issueDate: TODAY,
          validUntil: addDays(TODAY, 14),
          "lines.0.description": "Сайт",
          "lines.0.quantity": "1",
          "lines.0.unitPrice": "100",
          "lines.0.vatRate": "20",
        },
        { Cookie: cookie },
      ),
    });
    expect(response.status).toBe(404);
    expect(((await response.json()) as AnyAnswer).fieldErrors.clientId).toBe(
      "Клиентът не е намерен",
    );
    const offers = await db
      .selectFrom("offers")
      .select("id")
      .where("companyId", "in", [me.companyId, stranger.me.companyId])
      .execute();
    expect(offers).toEqual([]);
  });
});
