import { describe, expect, it } from "vitest";
import { emailOrigin } from "~/components/clients/portal-links";
import { runJob } from "~/composition.server";
import {
  emailCardLink,
  MAIL_LINK_DAYS,
  mailLinkDay,
} from "~/modules/card-payments/mail-link.server";
import { getDocument, issueDocument } from "~/modules/invoices/documents.server";
import { listPortalLinks } from "~/modules/portal/links.server";
import { action as settingsAction } from "~/routes/_app.settings_.card-payments";
import { action as send } from "~/routes/api.invoices.$id.send";
import { loader as portalPage } from "~/routes/portal.$token";
import { action as startPay } from "~/routes/portal.$token_.pay";
import { action as cardAction, loader as cardPage } from "~/routes/portal.$token_.pay_.$id";
import { addDays, todayInSofia } from "~/utils/dates";
import { guard } from "~/utils/route-guard.server";
import { linkIn, startMailbox } from "../e2e/mailbox";
import { makeContext } from "../setup/context";
import { createCompanyWithClient, createTestDraft, setPlan } from "../setup/factories";
import { call, formBody, jsonBody, sessionFor } from "../setup/routes";
import { memberOf } from "../setup/team";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #47 item 3 (decision 071): «Плати с карта» in the invoice's e-mail. The e-mail is sent
 * through a real SMTP server and read back; its button opens a portal link made for that e-mail,
 * at the invoice's «Плати с карта», and the card payment goes through from there. The EPC QR
 * code stays in the e-mail beside it.
 */

const getDb = setupTestDatabase();
const LINES = [{ description: "Уебсайт", quantity: "1", unitPrice: "100.00", vatRate: 20 }];
const guarded = (fn: unknown) => guard(fn as never) as never;
let ip = 0;
const freshIp = () => `192.0.2.${++ip}`;
let made = 0;

async function issuedInvoice(options: { cards: boolean; currency?: string }) {
  const db = getDb();
  const me = await createCompanyWithClient(db);
  // Expenses open (standard plan): the card's fee becomes one.
  if (options.currency) await setPlan(db, me.companyId, "standard");
  made += 1;
  const address = `buh${made}@klient.bg`;
  await db
    .updateTable("clients")
    .set({ emails: [address] })
    .where("id", "=", me.clientId)
    .execute();
  const { cookie, bearer } = await sessionFor(db, me.user);
  if (options.cards) {
    const connected = await call(guarded(settingsAction), db, "/settings/card-payments", {
      ...formBody({ companyId: me.companyId, intent: "connect-local" }, { Cookie: cookie }),
    });
    expect(connected.status).toBe(302);
  }
  const currency = options.currency ?? "EUR";
  const id = await createTestDraft(db, me, {
    currency,
    ...(currency === "EUR" ? {} : { eurRate: "0.86" }),
    lines: LINES,
  });
  const doc = await issueDocument(db, me.companyId, id);
  return { db, me, id, number: doc.number as string, address, bearer };
}

/** Sends the invoice by e-mail (as «Изпрати» does) and reads the mail the client gets. */
async function sendAndRead(
  invoice: Awaited<ReturnType<typeof issuedInvoice>>,
  server: Record<string, unknown> = {},
) {
  const { db, id, number, address, bearer } = invoice;
  const mailbox = await startMailbox();
  try {
    const mail = { smtpUrl: mailbox.url, from: "Сметка <no-reply@smetka.bg>" };
    const config = { ...server, mail };
    const sent = await call(send, db, `/api/invoices/${id}/send`, {
      ...jsonBody({}, "POST", bearer),
      params: { id },
      config: config as never,
    });
    expect(sent.status).toBe(202);
    const { email } = (await sent.json()) as { email: { id: string; status: string } };
    if (email.status !== "sent") {
      await runJob(makeContext(db, config as never), "mail.document", { emailId: email.id });
    }
    return { mail: await mailbox.waitFor(address, `Фактура № ${number}`), emailId: email.id };
  } finally {
    await mailbox.close();
  }
}

/** «Плати с карта» on the portal for the document, then the test card: the two answers. */
async function payOnPortal(db: ReturnType<typeof getDb>, token: string, documentId: string) {
  const started = await call(guarded(startPay), db, `/portal/${token}/pay`, {
    ...formBody({ documentId }),
    params: { token },
    ip: freshIp(),
  });
  expect(started.status).toBe(303);
  const cardUrl = started.headers.get("Location")!;
  expect(cardUrl).toMatch(new RegExp(`^/portal/${token}/pay/[0-9a-f-]{36}$`));
  const paymentId = cardUrl.split("/").pop()!;
  const page = await call(guarded(cardPage), db, cardUrl, {
    params: { token, id: paymentId },
    ip: freshIp(),
  });
  expect(page.status).toBe(200);
  const paid = await call(guarded(cardAction), db, cardUrl, {
    ...formBody({ intent: "pay", number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" }),
    params: { token, id: paymentId },
    ip: freshIp(),
  });
  expect(paid.status).toBe(303);
  return { page: JSON.stringify(await page.json()) };
}

describe("«Плати с карта» in the invoice's e-mail", () => {
  it("the e-mail's button opens the client's portal at the invoice, and the card payment goes through", {
    timeout: 60_000,
  }, async () => {
    const invoice = await issuedInvoice({ cards: true });
    const { db, me, id } = invoice;
    const { mail, emailId } = await sendAndRead(invoice);

    // The words and the button, in the text and the HTML; the QR code is still there.
    expect(mail.text).toContain("Можете да платите дължимите 120,00\u00a0EUR с карта:");
    const href = linkIn(mail, "/portal/");
    expect(href).toMatch(/^http:\/\/localhost:3000\/portal\/[A-Za-z0-9_-]{43}#pay-/);
    expect(href.endsWith(`#pay-${id}`)).toBe(true);
    expect(mail.text).toContain(`Плати с карта: ${href}`);
    expect(mail.html).toContain(`href="${href}"`);
    expect(mail.html).toContain(">Плати с карта</a>");
    expect(mail.text).toContain("Плащане с QR код");
    expect(mail.parts.some((p) => p.filename === "QR-плащане.png")).toBe(true);

    // The link is one of the client's portal links, valid a month after the due date.
    const links = await listPortalLinks(db, me.companyId, me.clientId);
    expect(links).toHaveLength(1);
    expect(links[0]?.state).toBe("live");
    expect(links[0]?.createdByName).toBeNull();
    // It names the e-mail it was made for, as the client's page and the API say.
    expect(links[0]?.email).toEqual({
      id: emailId,
      kind: "document",
      documentType: "invoice",
      number: invoice.number,
      to: invoice.address,
    });
    expect(emailOrigin(links[0]!.email!)).toBe(
      `от имейла с Фактура № ${invoice.number} до ${invoice.address}`,
    );

    // Followed: the portal of the invoice's client, with «Плати с карта» for it.
    const url = new URL(href);
    const token = url.pathname.split("/").pop()!;
    const portal = await call(guarded(portalPage), db, url.pathname, {
      params: { token },
      ip: freshIp(),
    });
    expect(portal.status).toBe(200);
    const data = (await portal.json()) as {
      portal: {
        clientName: string;
        card: { takesCards: boolean };
        documents: { id: string; dueCents: number }[];
      };
    };
    expect(data.portal.card.takesCards).toBe(true);
    expect(data.portal.documents.find((d) => d.id === id)?.dueCents).toBe(12000);

    // «Плати с карта» there: the card page, paid with the test card, the invoice paid.
    const { page } = await payOnPortal(db, token, id);
    expect(page).toContain("120,00");
    expect((await getDocument(db, me.companyId, id))?.dueCents).toBe(0);
  });

  it("without card payments the e-mail has no card button and no link is made; the QR code stays", {
    timeout: 60_000,
  }, async () => {
    const invoice = await issuedInvoice({ cards: false });
    const { mail } = await sendAndRead(invoice);
    expect(mail.text).not.toContain("Плати с карта");
    expect(mail.html).not.toContain("/portal/");
    expect(mail.text).toContain("Плащане с QR код");
    expect(await listPortalLinks(invoice.db, invoice.me.companyId, invoice.me.clientId)).toEqual(
      [],
    );
  });

  it("a dollar invoice's e-mail offers the card too, and the client pays it in dollars", {
    timeout: 60_000,
  }, async () => {
    const invoice = await issuedInvoice({ cards: true, currency: "USD" });
    const { db, me, id } = invoice;
    // The ECB's rate of the day converts the fee, charged in dollars by the local provider.
    await db
      .insertInto("ecbRates")
      .values({ currency: "USD", rateDate: todayInSofia(), unitsPerEur: "1.25", source: "test" })
      .onConflict((c) => c.columns(["currency", "rateDate"]).doUpdateSet({ unitsPerEur: "1.25" }))
      .execute();
    const { mail } = await sendAndRead(invoice);
    expect(mail.text).toContain("Можете да платите дължимите 120,00\u00a0USD с карта:");
    const href = linkIn(mail, "/portal/");
    const token = new URL(href).pathname.split("/").pop()!;
    const { page } = await payOnPortal(db, token, id);
    expect(page).toContain("120,00");
    expect((await getDocument(db, me.companyId, id))?.dueCents).toBe(0);
    const payments = await db
      .selectFrom("documentPayments")
      .select(["amountCents", "method"])
      .where("documentId", "=", id)
      .execute();
    expect(payments).toEqual([{ amountCents: 12000, method: "card" }]);
    const fees = await db
      .selectFrom("expenses")
      .select(["currency", "totalCents", "eurRate"])
      .where("companyId", "=", me.companyId)
      .execute();
    expect(fees).toEqual([{ currency: "USD", totalCents: 205, eurRate: expect.anything() }]);
    expect(Number(fees[0]?.eurRate)).toBe(0.8);
  });

  it("an invoice sent by staff limited to their own documents has no card button: its link would open all of the client's documents", {
    timeout: 60_000,
  }, async () => {
    const invoice = await issuedInvoice({ cards: true });
    const limited = await memberOf(invoice.db, invoice.me.companyId, "staff", {
      ownDocumentsOnly: true,
    });
    await invoice.db
      .updateTable("documents")
      .set({ createdBy: limited.user.id })
      .where("id", "=", invoice.id)
      .execute();
    const { mail } = await sendAndRead({ ...invoice, bearer: limited.bearer });
    expect(mail.text).not.toContain("Плати с карта");
    expect(mail.html).not.toContain("/portal/");
    expect(mail.text).toContain("Плащане с QR код");
    expect(await listPortalLinks(invoice.db, invoice.me.companyId, invoice.me.clientId)).toEqual(
      [],
    );
  });

  it("a company connected to the test provider has no card button on a server with Stripe: the portal would refuse the payment", {
    timeout: 60_000,
  }, async () => {
    const invoice = await issuedInvoice({ cards: true });
    const billing = {
      prices: { standard: 1900, full: 3900 },
      stripe: {
        secretKey: "sk_test_smetka",
        webhookSecret: "whsec_x",
        priceIds: { standard: "price_std", full: "price_full" },
      },
    };
    const { mail } = await sendAndRead(invoice, { billing });
    expect(mail.text).not.toContain("Плати с карта");
    expect(mail.html).not.toContain("/portal/");
    expect(mail.text).toContain("Плащане с QR код");
    expect(await listPortalLinks(invoice.db, invoice.me.companyId, invoice.me.clientId)).toEqual(
      [],
    );
  });

  it("one e-mail, one link: a retried send carries the same link; none with nothing due", async () => {
    const { db, me, id } = await issuedInvoice({ cards: true });
    const deps = makeContext(db);
    const doc = (await getDocument(db, me.companyId, id))!;
    const emailId = "3f2c1a52-5d1e-4c55-9b8e-3a4d2c1b0e9f";
    const first = await emailCardLink(deps, doc, emailId);
    const again = await emailCardLink(deps, doc, emailId);
    expect(first?.href).toBeTruthy();
    expect(again?.href).toBe(first?.href);
    const other = await emailCardLink(deps, doc, "4f2c1a52-5d1e-4c55-9b8e-3a4d2c1b0e9f");
    expect(other?.href).not.toBe(first?.href);
    expect(await listPortalLinks(db, me.companyId, me.clientId)).toHaveLength(2);
    // Nothing due: no card button.
    expect(await emailCardLink(deps, { ...doc, dueCents: 0 }, emailId)).toBeNull();
  });

  it("the link lasts a month after the due date, at least a month after sending", () => {
    const today = todayInSofia();
    expect(mailLinkDay(null, today)).toBe(addDays(today, MAIL_LINK_DAYS));
    expect(mailLinkDay(addDays(today, -10), today)).toBe(addDays(today, MAIL_LINK_DAYS));
    expect(mailLinkDay(addDays(today, 14), today)).toBe(addDays(today, 14 + MAIL_LINK_DAYS));
    expect(mailLinkDay(addDays(today, 400), today)).toBe(addDays(today, 366));
  });
});
