import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { issueDocument } from "~/modules/invoices/documents.server";
import { action as settingsAction } from "~/routes/_app.settings_.card-payments";
import { action as makeApi } from "~/routes/api.clients.$id.portal-links";
import { action as cardWebhook } from "~/routes/api.stripe.card-webhook.$companyId";
import { action as startPay } from "~/routes/portal.$token_.pay";
import { guard } from "~/utils/route-guard.server";
import { createCompanyWithClient, createTestDraft } from "../setup/factories";
import { call, formBody, jsonBody, sessionFor } from "../setup/routes";
import { signedStripeDelivery } from "../setup/stripe";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #47 item 3 (decision 071) with a company's own Stripe account: the restricted key the
 * owner pastes makes the webhook endpoint and, from the portal, the Checkout Session — through
 * Stripe's SDK, against Stripe's HTTP API mocked here — and the deliveries to
 * /api/stripe/card-webhook/{companyId} are signed for real with the endpoint's secret, checked
 * as the subscription's webhook checks them.
 */

const getDb = setupTestDatabase();
const LINES = [{ description: "Уебсайт", quantity: "1", unitPrice: "100.00", vatRate: 20 }];
const guarded = (fn: unknown) => guard(fn as never) as never;
let ip = 0;
const freshIp = () => `198.51.100.${++ip}`;

/** One Stripe account per restricted key, as Stripe keeps them. */
interface Account {
  key: string;
  webhookSecret: string;
  endpoints: { id: string; url: string }[];
  sessions: Map<string, Record<string, unknown>>;
}
const accounts = new Map<string, Account>();
/** Every Checkout Session created, with the key, idempotency key and form Stripe's SDK sent. */
const created: { key: string; idempotencyKey: string | null; form: URLSearchParams }[] = [];
let sequence = 0;

const keyOf = (request: Request) =>
  (request.headers.get("Authorization") ?? "").replace(/^Bearer /, "");
const missing = (message: string) =>
  HttpResponse.json(
    { error: { type: "invalid_request_error", code: "resource_missing", message } },
    { status: 404 },
  );

// why: connecting, paying and the webhook's re-read talk to the company's own Stripe account;
// tests must not reach api.stripe.com, and each key sees only its own account's objects.
const stripeApi = setupServer(
  http.post("https://api.stripe.com/v1/webhook_endpoints", async ({ request }) => {
    const key = keyOf(request);
    if (!key.startsWith("rk_test_")) {
      return HttpResponse.json(
        { error: { type: "invalid_request_error", message: "Invalid API Key provided" } },
        { status: 401 },
      );
    }
    const form = new URLSearchParams(await request.text());
    const account: Account = accounts.get(key) ?? {
      key,
      webhookSecret: `whsec_${key.slice(-12)}`,
      endpoints: [],
      sessions: new Map(),
    };
    accounts.set(key, account);
    const endpoint = { id: `we_${++sequence}`, url: form.get("url") ?? "" };
    account.endpoints.push(endpoint);
    return HttpResponse.json({
      id: endpoint.id,
      object: "webhook_endpoint",
      url: endpoint.url,
      secret: account.webhookSecret,
      status: "enabled",
    });
  }),
  // why: «Плати с карта» creates the Checkout Session in the company's own account.
  http.post("https://api.stripe.com/v1/checkout/sessions", async ({ request }) => {
    const account = accounts.get(keyOf(request));
    if (!account) return HttpResponse.json({ error: { message: "No account" } }, { status: 401 });
    const form = new URLSearchParams(await request.text());
    created.push({
      key: account.key,
      idempotencyKey: request.headers.get("Idempotency-Key"),
      form,
    });
    const id = `cs_test_${++sequence}`;
    const session = {
      id,
      object: "checkout.session",
      url: `https://checkout.stripe.com/c/pay/${id}`,
      status: "open",
      payment_status: "unpaid",
      amount_total: Number(form.get("line_items[0][price_data][unit_amount]")),
      currency: form.get("line_items[0][price_data][currency]"),
      client_reference_id: form.get("client_reference_id"),
      payment_intent: null,
    };
    account.sessions.set(id, session);
    return HttpResponse.json(session);
  }),
  // why: an event is applied as the company's Stripe has the session now (never the event's copy).
  http.get("https://api.stripe.com/v1/checkout/sessions/:id", ({ request, params }) => {
    const session = accounts.get(keyOf(request))?.sessions.get(String(params.id));
    return session ? HttpResponse.json(session) : missing("No such checkout.session");
  }),
);
beforeAll(() => stripeApi.listen({ onUnhandledRequest: "error" }));
afterAll(() => stripeApi.close());
beforeEach(() => {
  created.length = 0;
});

/** What Stripe does when the client has paid on Checkout: the session complete, with its fee. */
function payOnCheckout(account: Account, sessionId: string) {
  const session = account.sessions.get(sessionId)!;
  account.sessions.set(sessionId, {
    ...session,
    status: "complete",
    payment_status: "paid",
    payment_intent: {
      id: `pi_${sessionId}`,
      object: "payment_intent",
      latest_charge: {
        id: `ch_${sessionId}`,
        object: "charge",
        balance_transaction: { id: `txn_${sessionId}`, fee: 205, currency: "eur" },
      },
    },
  });
}

const completed = (id: string, session: string, amount = 12000) => ({
  id,
  object: "event",
  type: "checkout.session.completed",
  created: Math.floor(Date.now() / 1000),
  data: {
    object: {
      id: session,
      object: "checkout.session",
      status: "complete",
      payment_status: "paid",
      amount_total: amount,
      currency: "eur",
    },
  },
});

/** A company with an issued invoice (120,00 EUR), a portal link and its own Stripe connected. */
async function connectedCompany(label: string) {
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
  const key = `rk_test_${label}${String(++sequence).padStart(4, "0")}abcdefghij`;
  const connected = await call(guarded(settingsAction), db, "/settings/card-payments", {
    ...formBody(
      { companyId: me.companyId, intent: "connect-stripe", secretKey: key },
      { Cookie: cookie },
    ),
  });
  expect(connected.status, await connected.clone().text()).toBe(302);
  const account = accounts.get(key)!;
  return { db, me, id, token, key, account };
}

/** «Плати с карта» on the portal: answers the redirect to Stripe Checkout. */
async function startPayment(company: Awaited<ReturnType<typeof connectedCompany>>) {
  const { db, token, id } = company;
  return call(guarded(startPay), db, `/portal/${token}/pay`, {
    ...formBody({ documentId: id }),
    params: { token },
    ip: freshIp(),
  });
}

function deliver(
  db: ReturnType<typeof getDb>,
  companyId: string,
  event: Record<string, unknown>,
  secret: string,
) {
  return call(cardWebhook, db, `/api/stripe/card-webhook/${companyId}`, {
    ...signedStripeDelivery(event, secret),
    params: { companyId },
  });
}

async function paymentsOf(db: ReturnType<typeof getDb>, documentId: string) {
  return db
    .selectFrom("documentPayments")
    .select(["amountCents", "method"])
    .where("documentId", "=", documentId)
    .execute();
}

async function dueOf(db: ReturnType<typeof getDb>, documentId: string) {
  const doc = await db
    .selectFrom("documents")
    .select("dueCents")
    .where("id", "=", documentId)
    .executeTakeFirstOrThrow();
  return Number(doc.dueCents);
}

describe("pay by card with the company's own Stripe account", () => {
  it("the restricted key makes the webhook endpoint and the Checkout Session through Stripe's SDK; the signed webhook marks the invoice paid once", async () => {
    const company = await connectedCompany("alpha");
    const { db, me, id, token, key, account } = company;
    expect(account.endpoints).toEqual([
      expect.objectContaining({
        url: `http://localhost:3000/api/stripe/card-webhook/${me.companyId}`,
      }),
    ]);

    const started = await startPayment(company);
    expect(started.status).toBe(303);
    expect(created).toHaveLength(1);
    const [session] = created;
    // The company's own key, never the operator's; one idempotency key per card payment.
    expect(session!.key).toBe(key);
    expect(session!.idempotencyKey).toMatch(/^smetka-card-[0-9a-f-]{36}$/);
    const form = session!.form;
    expect(form.get("mode")).toBe("payment");
    expect(form.get("line_items[0][price_data][unit_amount]")).toBe("12000");
    expect(form.get("line_items[0][price_data][currency]")).toBe("eur");
    expect(form.get("metadata[company_id]")).toBe(me.companyId);
    expect(form.get("metadata[document_id]")).toBe(id);
    expect(form.get("payment_intent_data[metadata][document_id]")).toBe(id);
    const paymentId = form.get("client_reference_id")!;
    expect(form.get("success_url")).toBe(
      `http://localhost:3000/portal/${token}?payment=${paymentId}`,
    );
    const sessionId = [...account.sessions.keys()][0]!;
    expect(started.headers.get("Location")).toBe(`https://checkout.stripe.com/c/pay/${sessionId}`);

    // The client pays on Stripe Checkout; Stripe sends the signed event. The company keeps
    // expenses (standard plan): Stripe's fee becomes one.
    await db
      .updateTable("companies")
      .set({ subscriptionPlan: "standard" })
      .where("id", "=", me.companyId)
      .execute();
    payOnCheckout(account, sessionId);
    const event = completed("evt_alpha_1", sessionId);
    const applied = await deliver(db, me.companyId, event, account.webhookSecret);
    expect(applied.status).toBe(200);
    expect(await applied.json()).toEqual({ received: true, result: "applied" });
    expect(await paymentsOf(db, id)).toEqual([{ amountCents: 12000, method: "card" }]);
    expect(await dueOf(db, id)).toBe(0);

    // Stripe delivers the same event again, and a second event for the same session: nothing more.
    const replay = await deliver(db, me.companyId, event, account.webhookSecret);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, result: "duplicate" });
    const another = await deliver(
      db,
      me.companyId,
      completed("evt_alpha_2", sessionId),
      account.webhookSecret,
    );
    expect(await another.json()).toEqual({ received: true, result: "ignored" });
    expect(await paymentsOf(db, id)).toEqual([{ amountCents: 12000, method: "card" }]);
    const stored = await db
      .selectFrom("cardPayments")
      .select(["status", "sessionId", "feeCents"])
      .where("companyId", "=", me.companyId)
      .execute();
    expect(stored).toEqual([{ status: "paid", sessionId, feeCents: 205 }]);
    const fees = await db
      .selectFrom("expenses")
      .select(["supplierName", "totalCents"])
      .where("companyId", "=", me.companyId)
      .execute();
    expect(fees).toEqual([{ supplierName: "Stripe Payments Europe, Ltd.", totalCents: 205 }]);
  });

  it("a delivery without Stripe's signature is 400 «Невалиден подпис» and changes nothing", async () => {
    const company = await connectedCompany("bravo");
    const { db, me, id, account } = company;
    await startPayment(company);
    const sessionId = [...account.sessions.keys()][0]!;
    payOnCheckout(account, sessionId);
    const event = completed("evt_bravo_1", sessionId);

    const forged = await deliver(db, me.companyId, event, "whsec_not_the_endpoints");
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ message: "Невалиден подпис" });
    const unsigned = await call(cardWebhook, db, `/api/stripe/card-webhook/${me.companyId}`, {
      method: "POST",
      body: JSON.stringify(event),
      headers: { "Content-Type": "application/json" },
      params: { companyId: me.companyId },
    });
    expect(unsigned.status).toBe(400);
    expect(await unsigned.json()).toEqual({ message: "Невалиден подпис" });
    // Signed for one body, sent with another (the amount changed on the way).
    const signed = signedStripeDelivery(event, account.webhookSecret);
    const tampered = await call(cardWebhook, db, `/api/stripe/card-webhook/${me.companyId}`, {
      ...signed,
      body: signed.body.replace("12000", "1"),
      params: { companyId: me.companyId },
    });
    expect(tampered.status).toBe(400);
    // Signed an hour ago: refused as the subscription's webhook refuses it.
    const stale = await call(cardWebhook, db, `/api/stripe/card-webhook/${me.companyId}`, {
      ...signedStripeDelivery(event, account.webhookSecret, Math.floor(Date.now() / 1000) - 3600),
      params: { companyId: me.companyId },
    });
    expect(stale.status).toBe(400);
    expect(await stale.json()).toEqual({ message: "Невалиден подпис" });

    expect(await paymentsOf(db, id)).toEqual([]);
    expect(await dueOf(db, id)).toBe(12000);
    expect(
      await db
        .selectFrom("cardEvents")
        .select("id")
        .where("companyId", "=", me.companyId)
        .execute(),
    ).toEqual([]);
  });

  it("an event for another company's invoice changes nothing", async () => {
    const alpha = await connectedCompany("charlie");
    const beta = await connectedCompany("delta");
    await startPayment(alpha);
    const alphaSession = [...alpha.account.sessions.keys()][0]!;
    payOnCheckout(alpha.account, alphaSession);
    const event = completed("evt_cross_1", alphaSession);

    // Alpha's session, signed by Beta's endpoint and sent to Beta's webhook: Beta's Stripe has no
    // such session and Beta has no such payment — acknowledged, ignored.
    const toBeta = await deliver(beta.db, beta.me.companyId, event, beta.account.webhookSecret);
    expect(toBeta.status).toBe(200);
    expect(await toBeta.json()).toEqual({ received: true, result: "ignored" });
    // Signed with Beta's secret, sent to Alpha's webhook: not Alpha's endpoint's signature.
    const crossed = await deliver(alpha.db, alpha.me.companyId, event, beta.account.webhookSecret);
    expect(crossed.status).toBe(400);
    // An unknown company or one without Stripe connected: 404, like an unknown address.
    const unknown = "7f0c1a52-5d1e-4c55-9b8e-3a4d2c1b0e9f";
    const nobody = await deliver(alpha.db, unknown, event, alpha.account.webhookSecret);
    expect(nobody.status).toBe(404);

    expect(await paymentsOf(alpha.db, alpha.id)).toEqual([]);
    expect(await dueOf(alpha.db, alpha.id)).toBe(12000);
    expect(await paymentsOf(beta.db, beta.id)).toEqual([]);
    const alphaPayment = await alpha.db
      .selectFrom("cardPayments")
      .select("status")
      .where("companyId", "=", alpha.me.companyId)
      .executeTakeFirstOrThrow();
    expect(alphaPayment.status).toBe("open");

    // The same event, signed by Alpha's own endpoint: now it is Alpha's payment, applied once.
    const own = await deliver(alpha.db, alpha.me.companyId, event, alpha.account.webhookSecret);
    expect(await own.json()).toEqual({ received: true, result: "applied" });
    expect(await paymentsOf(alpha.db, alpha.id)).toEqual([{ amountCents: 12000, method: "card" }]);
  });
});
