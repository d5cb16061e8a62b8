import { describe, expect, it } from "vitest";
import { issueDocument } from "~/modules/invoices/documents.server";
import CardSettings, {
  action as settingsAction,
  loader as settingsPage,
} from "~/routes/_app.settings_.card-payments";
import { action as makeApi } from "~/routes/api.clients.$id.portal-links";
import PortalView, { loader as portalPage } from "~/routes/portal.$token";
import { action as startPay } from "~/routes/portal.$token_.pay";
import { action as cardAction, loader as cardPage } from "~/routes/portal.$token_.pay_.$id";
import { guard } from "~/utils/route-guard.server";
import { seal } from "~/utils/sealed.server";
import { createCompanyWithClient, createTestDraft } from "../setup/factories";
import { pageOf } from "../setup/page-text";
import { call, formBody, jsonBody, sessionFor } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #47 item 3 (decision 071), «done when»: a client pays an invoice by card through the
 * portal with the local provider and the invoice shows paid, without anyone signing in.
 */

const getDb = setupTestDatabase();
const LINES = [{ description: "Уебсайт", quantity: "1", unitPrice: "100.00", vatRate: 20 }];
const guarded = (fn: unknown) => guard(fn as never) as never;
let ip = 0;
/** A server given Stripe's keys (the local provider's test cards would mark real invoices paid). */
const STRIPE_SERVER = {
  billing: {
    prices: { standard: 1900, full: 3900 },
    stripe: {
      secretKey: "sk_test_smetka",
      webhookSecret: "whsec_x",
      priceIds: { standard: "price_std", full: "price_full" },
    },
  },
} as never;
const freshIp = () => `203.0.113.${++ip}`;

async function companyWithLink() {
  const db = getDb();
  const me = await createCompanyWithClient(db);
  const { cookie } = await sessionFor(db, me.user);
  const id = await createTestDraft(db, me, { lines: LINES });
  await issueDocument(db, me.companyId, id);
  const made = await call(guarded(makeApi), db, `/api/clients/${me.clientId}/portal-links`, {
    ...jsonBody({ days: 30 }, "POST", { Cookie: cookie }),
    params: { id: me.clientId },
  });
  const token = ((await made.json()) as { url: string }).url.split("/portal/")[1]!;
  return { db, me, cookie, id, token };
}

async function connectLocal(db: ReturnType<typeof getDb>, cookie: string, companyId: string) {
  return call(guarded(settingsAction), db, "/settings/card-payments", {
    ...formBody({ companyId, intent: "connect-local" }, { Cookie: cookie }),
  });
}

function post(
  fn: unknown,
  db: ReturnType<typeof getDb>,
  path: string,
  body: Record<string, string>,
  params: Record<string, string>,
) {
  return call(guarded(fn), db, path, { ...formBody(body), params, ip: freshIp() });
}

async function portal(db: ReturnType<typeof getDb>, token: string, query = "") {
  const response = await call(guarded(portalPage), db, `/portal/${token}${query}`, {
    params: { token },
    ip: freshIp(),
  });
  return (await response.json()) as {
    portal: {
      card: { takesCards: boolean; notice: { text: string } | null };
      owed: unknown[];
      documents: { id: string; state: string; dueCents: number }[];
    };
  };
}

describe("pay by card through the portal (local provider)", () => {
  it("a client pays an invoice by card without signing in, and the invoice shows paid", async () => {
    const { db, me, cookie, id, token } = await companyWithLink();
    // Not connected: the portal offers no card, and a payment cannot start.
    expect((await portal(db, token)).portal.card.takesCards).toBe(false);
    const refused = await post(startPay, db, `/portal/${token}/pay`, { documentId: id }, { token });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Фирмата не приема плащания с карта");

    expect((await connectLocal(db, cookie, me.companyId)).status).toBe(302);
    expect((await portal(db, token)).portal.card.takesCards).toBe(true);

    const started = await post(startPay, db, `/portal/${token}/pay`, { documentId: id }, { token });
    expect(started.status).toBe(303);
    const cardUrl = started.headers.get("Location")!;
    expect(cardUrl).toMatch(new RegExp(`^/portal/${token}/pay/[0-9a-f-]{36}$`));
    const paymentId = cardUrl.split("/").pop()!;
    const page = await call(guarded(cardPage), db, cardUrl, {
      params: { token, id: paymentId },
      ip: freshIp(),
    });
    expect(page.status).toBe(200);
    expect(JSON.stringify(await page.json())).toContain("120,00");

    // A declined card is refused at its field, the number never sent back; the payment stays open.
    const declined = await post(
      cardAction,
      db,
      cardUrl,
      { intent: "pay", number: "4000 0000 0000 0002", expiry: "12/39", cvc: "123" },
      { token, id: paymentId },
    );
    expect(declined.status).toBe(402);
    const declinedText = await declined.text();
    expect(declinedText).toContain("Картата е отказана");
    expect(declinedText).not.toContain("4000 0000");

    // 3-D Secure: the bank's step, then paid.
    const secure = await post(
      cardAction,
      db,
      cardUrl,
      { intent: "pay", number: "4000 0027 6000 3184", expiry: "12/39", cvc: "123" },
      { token, id: paymentId },
    );
    expect(secure.status).toBe(303);
    expect(secure.headers.get("Location")).toBe(cardUrl);
    const approved = await post(
      cardAction,
      db,
      cardUrl,
      { intent: "approve" },
      { token, id: paymentId },
    );
    expect(approved.status).toBe(303);
    expect(approved.headers.get("Location")).toBe(`/portal/${token}?payment=${paymentId}`);

    const after = await portal(db, token, `?payment=${paymentId}`);
    expect(after.portal.card.notice?.text).toBe("Плащането е получено. Благодарим ви!");
    const doc = after.portal.documents.find((d) => d.id === id)!;
    expect(doc.state).toBe("paid");
    expect(doc.dueCents).toBe(0);
    expect(after.portal.owed).toEqual([]);
    const payments = await db
      .selectFrom("documentPayments")
      .select(["amountCents", "method"])
      .where("documentId", "=", id)
      .execute();
    expect(payments).toEqual([{ amountCents: 12000, method: "card" }]);

    // Paying again: nothing is due, nothing starts.
    const again = await post(startPay, db, `/portal/${token}/pay`, { documentId: id }, { token });
    expect(again.status).toBe(409);
    // Approving the same payment twice records nothing more.
    const twice = await post(
      cardAction,
      db,
      cardUrl,
      { intent: "approve" },
      { token, id: paymentId },
    );
    expect(twice.status).toBe(409);
    expect(
      await db.selectFrom("documentPayments").select("id").where("documentId", "=", id).execute(),
    ).toHaveLength(1);
  });

  it("a portal link never pays another client's or another company's document", async () => {
    const a = await companyWithLink();
    const b = await companyWithLink();
    await connectLocal(a.db, a.cookie, a.me.companyId);
    await connectLocal(b.db, b.cookie, b.me.companyId);
    // Another company's document through A's link.
    const other = await post(
      startPay,
      a.db,
      `/portal/${a.token}/pay`,
      { documentId: b.id },
      { token: a.token },
    );
    expect(other.status).toBe(409);
    // A's payment page through B's link.
    const mine = await post(
      startPay,
      a.db,
      `/portal/${a.token}/pay`,
      { documentId: a.id },
      { token: a.token },
    );
    const paymentId = mine.headers.get("Location")!.split("/").pop()!;
    const foreign = await call(guarded(cardPage), a.db, `/portal/${b.token}/pay/${paymentId}`, {
      params: { token: b.token, id: paymentId },
      ip: freshIp(),
    });
    expect(foreign.status).toBe(404);
    const paid = await post(
      cardAction,
      a.db,
      `/portal/${b.token}/pay/${paymentId}`,
      { intent: "pay", number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" },
      { token: b.token, id: paymentId },
    );
    expect(paid.status).toBe(404);
    expect(
      await a.db
        .selectFrom("documentPayments")
        .select("id")
        .where("documentId", "=", a.id)
        .execute(),
    ).toEqual([]);
  });
  it("the test provider takes no card on a server with Stripe: a company connected to it before gets no payment started or paid", async () => {
    const { db, me, cookie, id, token } = await companyWithLink();
    expect((await connectLocal(db, cookie, me.companyId)).status).toBe(302);
    const started = await post(startPay, db, `/portal/${token}/pay`, { documentId: id }, { token });
    const cardUrl = started.headers.get("Location")!;
    const paymentId = cardUrl.split("/").pop()!;
    // The server is given Stripe's keys: the test cards would mark real invoices paid.
    const config = STRIPE_SERVER;
    const withStripe = (
      path: string,
      body: Record<string, string>,
      params: Record<string, string>,
      fn: unknown,
    ) => call(guarded(fn), db, path, { ...formBody(body), params, ip: freshIp(), config });
    const again = await withStripe(`/portal/${token}/pay`, { documentId: id }, { token }, startPay);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("Фирмата не приема плащания с карта");
    const paid = await withStripe(
      cardUrl,
      { intent: "pay", number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" },
      { token, id: paymentId },
      cardAction,
    );
    expect(paid.status).toBe(409);
    expect(await paid.text()).toContain("Фирмата не приема плащания с карта");
    const page = await call(guarded(cardPage), db, cardUrl, {
      params: { token, id: paymentId },
      ip: freshIp(),
      config,
    });
    expect(page.status).toBe(404);
    expect(
      await db.selectFrom("documentPayments").select("id").where("documentId", "=", id).execute(),
    ).toEqual([]);
    expect(
      await db
        .selectFrom("cardPayments")
        .select("id")
        .where("companyId", "=", me.companyId)
        .execute(),
    ).toHaveLength(1);
  });

  it("on a server with Stripe the portal offers no card for the test provider, and the owner's page says to connect Stripe", async () => {
    const { db, me, cookie, token } = await companyWithLink();
    expect((await connectLocal(db, cookie, me.companyId)).status).toBe(302);
    const portalAt = async (config?: never) =>
      pageOf(
        PortalView,
        await call(guarded(portalPage), db, `/portal/${token}`, {
          params: { token },
          ip: freshIp(),
          config,
        }),
        `/portal/${token}`,
      );
    const settingsAt = async (config?: never) =>
      pageOf(
        CardSettings,
        await call(guarded(settingsPage), db, "/settings/card-payments", {
          headers: { Cookie: cookie },
          config,
        }),
        "/settings/card-payments",
      );
    // Without Stripe: the button, and the owner is told the clients see it.
    expect((await portalAt()).text).toContain("Плати с карта");
    const local = await settingsAt();
    expect(local.text).toContain("Клиентите виждат «Плати с карта» в портала");
    expect(local.text).not.toContain("не се използва");

    // With Stripe: no button (pressing it would answer 409), and the owner learns why.
    const portal = await portalAt(STRIPE_SERVER);
    expect(portal.text).not.toContain("Плати с карта");
    expect(portal.html).not.toContain(`/portal/${token}/pay`);
    const settings = await settingsAt(STRIPE_SERVER);
    expect(settings.text).toContain(
      "Тестовият доставчик не се използва на този сървър: клиентите не виждат «Плати с карта». Прекъснете връзката и свържете собствен акаунт в Stripe.",
    );
    expect(settings.text).not.toContain("Клиентите виждат «Плати с карта» в портала");
    expect(settings.text).toContain("Прекъсни връзката");
  });

  it("Stripe keys sealed under another server secret: no card offered, and the owner's page says to connect again", async () => {
    const { db, me, cookie, id, token } = await companyWithLink();
    // Connected on a server whose secret has changed since: the keys no longer open.
    const before = "another-secret-another-secret-0123456789";
    await db
      .insertInto("cardAccounts")
      .values({
        companyId: me.companyId,
        provider: "stripe",
        secretKeySealed: seal(before, "card.stripe-key", "rk_test_smetka_0000"),
        webhookSecretSealed: seal(before, "card.stripe-webhook", "whsec_x"),
        keyHint: "rk_test_…0000",
        webhookEndpointId: "we_1",
        connectedBy: me.user.id,
      })
      .execute();
    const refused = await post(startPay, db, `/portal/${token}/pay`, { documentId: id }, { token });
    expect(refused.status).toBe(409);
    const portal = await pageOf(
      PortalView,
      await call(guarded(portalPage), db, `/portal/${token}`, { params: { token }, ip: freshIp() }),
      `/portal/${token}`,
    );
    expect(portal.text).not.toContain("Плати с карта");
    const settings = await pageOf(
      CardSettings,
      await call(guarded(settingsPage), db, "/settings/card-payments", {
        headers: { Cookie: cookie },
      }),
      "/settings/card-payments",
    );
    expect(settings.text).toContain(
      "Ключът на Stripe не може да бъде прочетен (сменен е секретът на сървъра). Свържете плащанията с карта отново.",
    );
    expect(settings.text).not.toContain("Клиентите виждат «Плати с карта» в портала");
  });
});
