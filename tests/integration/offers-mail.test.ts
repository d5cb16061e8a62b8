import { describe, expect, it } from "vitest";
import { emailOrigin } from "~/components/clients/portal-links";
import { runJob } from "~/composition.server";
import { MAIL_ATTEMPTS } from "~/modules/invoices/mail-queue.server";
import { createOffer } from "~/modules/offers/queries.server";
import { offerSchema } from "~/modules/offers/schema";
import { listPortalLinks } from "~/modules/portal/links.server";
import OfferView, { action as offerAction, loader as offerPage } from "~/routes/_app.offer.$id";
import { action as sendApi } from "~/routes/api.offers.$id.send";
import { loader as portalPage } from "~/routes/portal.$token";
import { action as answerRoute } from "~/routes/portal.$token_.offers.$id.answer";
import { addDays, todayInSofia } from "~/utils/dates";
import { guard } from "~/utils/route-guard.server";
import { linkIn, startMailbox } from "../e2e/mailbox";
import { makeContext } from "../setup/context";
import { createCompanyWithClient } from "../setup/factories";
import { pageOf } from "../setup/page-text";
import { type AnyAnswer, call, formBody, jsonBody, sessionFor } from "../setup/routes";
import { memberOf } from "../setup/team";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #48 item 1 (decision 077, amended): an offer e-mailed to its client, as an invoice is —
 * through a real SMTP server and read back: the recipient, the subject in the offer's language(s),
 * the PDF attached, and a button whose portal link opens the offer to accept it. The «Изпрати по
 * имейл» form of /offer/{id} (a native POST) and POST /api/offers/{id}/send; refusals in Bulgarian.
 * Through the documents' mail queue (decision 078): every send a `document_emails` row, retried by
 * the job «mail.offer» when the mail server refuses, its state on the offer's page.
 */

const getDb = setupTestDatabase();
const TODAY = todayInSofia();
const guarded = (fn: unknown) => guard(fn as never) as never;
const CYRILLIC = /[А-Яа-я]/;
let ip = 0;
const freshIp = () => `198.51.100.${++ip}`;
let made = 0;

async function setup() {
  const db = getDb();
  const me = await createCompanyWithClient(db);
  made += 1;
  const address = `oferti${made}@klient.bg`;
  await db
    .updateTable("clients")
    .set({ emails: [address] })
    .where("id", "=", me.clientId)
    .execute();
  const company = await db
    .selectFrom("companies")
    .select("name")
    .where("id", "=", me.companyId)
    .executeTakeFirstOrThrow();
  const session = await sessionFor(db, me.user);
  const offer = (fields: Record<string, unknown> = {}, by = me.user.id) =>
    createOffer(
      db,
      me.companyId,
      { id: by, email: null, name: "Тест", role: null, impersonatorEmail: null, ip: null },
      offerSchema.parse({
        clientId: me.clientId,
        issueDate: TODAY,
        validUntil: addDays(TODAY, 14),
        lines: [
          { description: "Изработка на сайт", quantity: "1", unitPrice: "1000", vatRate: 20 },
        ],
        ...fields,
      }),
    );
  return { db, me, address, companyName: company.name, ...session, offer };
}

type Env = Awaited<ReturnType<typeof setup>>;

/** Runs `act` with the app's SMTP_URL pointed at a test mailbox, and hands back the mailbox. */
async function withMailbox<T>(
  act: (config: never, mailbox: Awaited<ReturnType<typeof startMailbox>>) => Promise<T>,
) {
  const mailbox = await startMailbox();
  try {
    const config = { mail: { smtpUrl: mailbox.url, from: "Сметка <no-reply@smetka.bg>" } };
    return await act(config as never, mailbox);
  } finally {
    await mailbox.close();
  }
}

const apiSend = (env: Env, id: string, body: unknown, config?: never, bearer = env.bearer) =>
  call(sendApi, env.db, `/api/offers/${id}/send`, {
    ...jsonBody(body, "POST", bearer),
    params: { id },
    ...(config ? { config } : {}),
  });

const formSend = (env: Env, id: string, fields: Record<string, string>, config?: never) =>
  call(guarded(offerAction), env.db, `/offer/${id}`, {
    ...formBody({ companyId: env.me.companyId, ...fields }, { Cookie: env.cookie }),
    params: { id },
    ...(config ? { config } : {}),
  });

describe("an offer e-mailed to the client", () => {
  it("sends the PDF in Bulgarian with a portal link that opens the offer, which the client accepts there", {
    timeout: 60_000,
  }, async () => {
    const env = await setup();
    const offer = await env.offer();
    await withMailbox(async (config, mailbox) => {
      const sent = await apiSend(env, offer.id, {}, config);
      expect(sent.status).toBe(200);
      const json = (await sent.json()) as AnyAnswer;
      expect(json.sentTo).toBe(env.address);
      expect(json.sentAt).toEqual(expect.any(String));
      expect(json.number).toBe(offer.number);
      expect(json.email).toMatchObject({
        id: expect.any(String),
        kind: "offer",
        recipients: env.address,
        status: "sent",
        attempts: 1,
        lastError: null,
      });
      const rows = await env.db
        .selectFrom("documentEmails")
        .select(["id", "companyId", "offerId", "documentId", "status"])
        .where("offerId", "=", offer.id)
        .execute();
      expect(rows).toEqual([
        {
          id: json.email.id,
          companyId: env.me.companyId,
          offerId: offer.id,
          documentId: null,
          status: "sent",
        },
      ]);

      const subject = `Оферта № ${offer.number} от ${env.companyName}`;
      const mail = await mailbox.waitFor(env.address, subject);
      expect(mail.to).toEqual([env.address]);
      expect(mail.subject).toBe(subject);
      expect(mail.text).toContain("Обща стойност: 1\u00a0200,00\u00a0EUR.");
      expect(mail.text).toContain("валидна до");
      const pdf = mail.parts.find((p) => p.filename === `Оферта-${offer.number}.pdf`);
      expect(mail.attachments).toContainEqual({
        filename: `Оферта-${offer.number}.pdf`,
        mimeType: "application/pdf",
      });
      expect(new TextDecoder().decode(pdf!.content.slice(0, 5))).toBe("%PDF-");

      // The button: a portal link made for this e-mail, at the offer.
      const href = linkIn(mail, "/portal/");
      expect(href).toMatch(/^http:\/\/localhost:3000\/portal\/[A-Za-z0-9_-]{43}#offer-/);
      expect(href.endsWith(`#offer-${offer.id}`)).toBe(true);
      expect(mail.text).toContain(`Отговорете на офертата: ${href}`);
      expect(mail.html).toContain(`href="${href}"`);

      // Followed: the client's portal lists the offer, and «Приемам» through it accepts it.
      const url = new URL(href);
      const token = url.pathname.split("/").pop()!;
      const portal = await call(guarded(portalPage), env.db, url.pathname, {
        params: { token },
        ip: freshIp(),
      });
      expect(portal.status).toBe(200);
      const data = (await portal.json()) as {
        portal: { offers: { id: string; status: string }[] };
      };
      expect(data.portal.offers.map((o) => o.id)).toEqual([offer.id]);
      const answered = await call(
        guarded(answerRoute),
        env.db,
        `/portal/${token}/offers/${offer.id}/answer`,
        {
          ...formBody({ answer: "accept" }),
          params: { token, id: offer.id },
          ip: freshIp(),
        },
      );
      expect(answered.status).toBe(303);
    });
    const row = await env.db
      .selectFrom("offers")
      .select(["status", "sentTo", "sentAt"])
      .where("id", "=", offer.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("accepted");
    expect(row.sentTo).toBe(env.address);
    const audit = await env.db
      .selectFrom("companyAudit")
      .select(["action", "targetLabel", "details"])
      .where("companyId", "=", env.me.companyId)
      .where("action", "=", "offer.email")
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.targetLabel).toBe(`Оферта № ${offer.number}`);
    expect(JSON.stringify(audit[0]?.details)).toContain(env.address);
  });

  it("writes an English offer in English and a bilingual one in both", {
    timeout: 60_000,
  }, async () => {
    const env = await setup();
    await env.db
      .updateTable("companies")
      .set({ nameEn: "Test Works Ltd" })
      .where("id", "=", env.me.companyId)
      .execute();
    const english = await env.offer({ language: "en" });
    const both = await env.offer({ language: "bilingual" });
    await withMailbox(async (config, mailbox) => {
      expect((await apiSend(env, english.id, { to: "a@klient.bg" }, config)).status).toBe(200);
      expect((await apiSend(env, both.id, { to: "b@klient.bg" }, config)).status).toBe(200);
      const en = await mailbox.waitFor("a@klient.bg", `Offer № ${english.number}`);
      expect(en.subject).toBe(`Offer № ${english.number} from Test Works Ltd`);
      expect(en.text).toContain("Please find attached offer");
      expect(en.text).toContain("Answer the offer: http");
      expect(en.attachments[0]?.filename).toBe(`Offer-${english.number}.pdf`);
      const bi = await mailbox.waitFor("b@klient.bg", `Оферта № ${both.number}`);
      expect(bi.subject).toContain(`/ Offer № ${both.number}`);
      expect(bi.text).toContain("Изпращаме ви оферта");
      expect(bi.text).toContain("Please find attached offer");
    });
  });

  it("the form on /offer/{id} sends without JavaScript, then the page shows «Изпратена на … до …»", {
    timeout: 60_000,
  }, async () => {
    const env = await setup();
    const offer = await env.offer();
    const page = async () => {
      const response = await call(guarded(offerPage), env.db, `/offer/${offer.id}`, {
        headers: { Cookie: env.cookie },
        params: { id: offer.id },
      });
      return (await response.json()) as AnyAnswer;
    };
    const before = await page();
    expect(before.offer.clientEmails).toEqual([env.address]);
    expect(before.offer.sentAt).toBeNull();

    // Bad input: 400, a Bulgarian message, what was typed kept; nothing sent.
    const bad = await formSend(env, offer.id, {
      intent: "send",
      to: "не-е-адрес",
      message: "Здравейте",
    });
    expect(bad.status).toBe(400);
    const refused = (await bad.json()) as AnyAnswer;
    expect(refused.formId).toBe("offer-send");
    expect(refused.fieldErrors.to).toBe("Невалиден имейл адрес: не-е-адрес");
    expect(refused.repopulateFields).toMatchObject({ to: "не-е-адрес", message: "Здравейте" });
    const long = await formSend(env, offer.id, { intent: "send", message: "я".repeat(1001) });
    expect(long.status).toBe(400);
    expect(JSON.stringify(await long.json())).toMatch(CYRILLIC);
    expect((await page()).offer.sentAt).toBeNull();

    // «Преглед»: the letter, nothing sent.
    const preview = await formSend(env, offer.id, {
      intent: "previewSend",
      message: "Здравейте, Иване",
    });
    expect(preview.status).toBe(200);
    const shown = (await preview.json()) as AnyAnswer;
    expect(shown.preview.text).toContain("Здравейте, Иване");
    expect((await page()).offer.sentAt).toBeNull();

    await withMailbox(async (config, mailbox) => {
      const sent = await formSend(
        env,
        offer.id,
        { intent: "send", to: env.address, copy: "on" },
        config,
      );
      expect(sent.status).toBe(302);
      expect(sent.headers.get("Location")).toBe(`/offer/${offer.id}`);
      const mail = await mailbox.waitFor(env.address, `Оферта № ${offer.number}`);
      expect(mail.to).toEqual(expect.arrayContaining([env.address, env.me.user.email]));
    });
    const after = await page();
    expect(after.offer.sentTo).toBe(env.address);
    expect(after.offer.sentAt).toEqual(expect.any(String));
  });

  it("refuses in Bulgarian: a withdrawn or expired offer (409), a client without an address (400)", async () => {
    const env = await setup();
    const withdrawn = await env.offer();
    await env.db
      .updateTable("offers")
      .set({ status: "withdrawn" })
      .where("id", "=", withdrawn.id)
      .execute();
    const old = await env.offer({ issueDate: addDays(TODAY, -30), validUntil: addDays(TODAY, -1) });
    for (const id of [withdrawn.id, old.id]) {
      const refused = await apiSend(env, id, {});
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as AnyAnswer).message).toBe(
        "Изпраща се само отворена оферта, която е още валидна",
      );
    }
    const open = await env.offer();
    await env.db
      .updateTable("clients")
      .set({ emails: [] })
      .where("id", "=", env.me.clientId)
      .execute();
    const none = await apiSend(env, open.id, {});
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({
      message: "Невалидни данни",
      errors: { to: { _errors: ["Въведете имейл адрес"] } },
    });
    const badType = await apiSend(env, open.id, { copyToMe: "да" });
    expect(badType.status).toBe(400);
    expect(JSON.stringify(await badType.json())).toMatch(CYRILLIC);
    const row = await env.db
      .selectFrom("offers")
      .select("sentAt")
      .where("id", "=", open.id)
      .executeTakeFirstOrThrow();
    expect(row.sentAt).toBeNull();
  });

  it("staff limited to their own documents send their own offers only; another company's is 404", {
    timeout: 60_000,
  }, async () => {
    const env = await setup();
    const owners = await env.offer();
    const limited = await memberOf(env.db, env.me.companyId, "staff", { ownDocumentsOnly: true });
    const theirs = await env.offer({}, limited.user.id);
    const hidden = await apiSend(env, owners.id, {}, undefined, limited.bearer);
    expect(hidden.status).toBe(404);
    expect(((await hidden.json()) as AnyAnswer).message).toBe("Офертата не е намерена");
    const stranger = await setup();
    const foreign = await apiSend(stranger, owners.id, {});
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as AnyAnswer).message).toBe("Офертата не е намерена");
    const foreignForm = await formSend(stranger, owners.id, { intent: "send" });
    expect(foreignForm.status).toBe(404);
    await withMailbox(async (config, mailbox) => {
      const sent = await apiSend(env, theirs.id, {}, config, limited.bearer);
      expect(sent.status).toBe(200);
      await mailbox.waitFor(env.address, `Оферта № ${theirs.number}`);
    });
    const row = await env.db
      .selectFrom("offers")
      .select("sentAt")
      .where("id", "=", owners.id)
      .executeTakeFirstOrThrow();
    expect(row.sentAt).toBeNull();
    const queued = await env.db
      .selectFrom("documentEmails")
      .select("offerId")
      .where("companyId", "in", [env.me.companyId, stranger.me.companyId])
      .execute();
    expect(queued.map((e) => e.offerId)).toEqual([theirs.id]);
  });

  it("an offer sent by staff limited to their own documents carries no portal link: the portal would show the client's other documents", {
    timeout: 60_000,
  }, async () => {
    const env = await setup();
    const limited = await memberOf(env.db, env.me.companyId, "staff", { ownDocumentsOnly: true });
    const theirs = await env.offer({}, limited.user.id);
    // The person may send it anywhere, themselves included: the letter they get opens nothing.
    const own = limited.user.email;
    await withMailbox(async (config, mailbox) => {
      const sent = await apiSend(env, theirs.id, { to: own }, config, limited.bearer);
      expect(sent.status).toBe(200);
      const mail = await mailbox.waitFor(own, `Оферта № ${theirs.number}`);
      expect(mail.text).not.toContain("/portal/");
      expect(mail.html).not.toContain("/portal/");
      expect(mail.text).not.toContain("Отговорете на офертата");
    });
    const links = await env.db
      .selectFrom("portalLinks")
      .select("id")
      .where("companyId", "=", env.me.companyId)
      .execute();
    expect(links).toEqual([]);
  });
  it("queues every send: a refused one is kept, retried with one portal link, then shown as failed; two sends are two rows", {
    timeout: 60_000,
  }, async () => {
    const env = await setup();
    const offer = await env.offer();
    const down = { mail: { smtpUrl: "smtp://127.0.0.1:1", from: "Сметка <no-reply@smetka.bg>" } };
    const links = async () =>
      Number(
        (
          await env.db
            .selectFrom("portalLinks")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("companyId", "=", env.me.companyId)
            .where("clientId", "=", env.me.clientId)
            .executeTakeFirstOrThrow()
        ).n,
      );

    // The mail server is down: the send is recorded and answered, its first try kept as failed.
    const refused = await apiSend(env, offer.id, { to: "a@klient.bg" }, down as never);
    expect(refused.status).toBe(200);
    const first = (await refused.json()) as AnyAnswer;
    expect(first).toMatchObject({
      id: offer.id,
      number: offer.number,
      sentAt: null,
      sentTo: null,
      email: { recipients: "a@klient.bg", status: "queued", attempts: 1 },
    });
    expect(first.email.lastError).toMatch(/не можа да бъде изпратен/);
    expect(await links()).toBe(1);

    // The queue's retries: the same e-mail, the same portal link (no second row), then failed.
    const context = makeContext(env.db, down as never);
    for (let attempt = 2; attempt <= MAIL_ATTEMPTS; attempt++) {
      await expect(runJob(context, "mail.offer", { emailId: first.email.id })).rejects.toThrow();
    }
    expect(await links()).toBe(1);
    const row = await env.db
      .selectFrom("documentEmails")
      .select(["status", "attempts", "lastError"])
      .where("id", "=", first.email.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "failed", attempts: MAIL_ATTEMPTS });

    // A second send, once the server is back: a second row, sent; the portal link its own.
    await withMailbox(async (config, mailbox) => {
      const again = await apiSend(env, offer.id, { to: "b@klient.bg" }, config);
      expect(again.status).toBe(200);
      const second = (await again.json()) as AnyAnswer;
      expect(second.email).toMatchObject({ recipients: "b@klient.bg", status: "sent" });
      expect(second.email.id).not.toBe(first.email.id);
      expect(second).toMatchObject({ sentTo: "b@klient.bg", sentAt: expect.any(String) });
      const mail = await mailbox.waitFor("b@klient.bg", `Оферта № ${offer.number}`);
      expect(linkIn(mail, "/portal/")).toContain(`#offer-${offer.id}`);
      // A duplicate run of the job sends nothing more.
      expect(
        await runJob(makeContext(env.db, config), "mail.offer", { emailId: second.email.id }),
      ).toBe("sent");
      // The documents' job leaves an offer's e-mail alone.
      expect(
        await runJob(makeContext(env.db, config), "mail.document", { emailId: first.email.id }),
      ).toBeUndefined();
    });
    expect(await links()).toBe(2);
    // Each link names the offer's e-mail it was made for (the client's page says which).
    const named = await listPortalLinks(env.db, env.me.companyId, env.me.clientId);
    expect(named.map((l) => l.email && [l.email.kind, l.email.number, l.email.to])).toEqual([
      ["offer", offer.number, "b@klient.bg"],
      ["offer", offer.number, "a@klient.bg"],
    ]);
    expect(emailOrigin(named[0]!.email!)).toBe(
      `от имейла с Оферта № ${offer.number} до b@klient.bg`,
    );

    // The page: both sends, newest first, with their state and the reason of the failure.
    const answer = await call(guarded(offerPage), env.db, `/offer/${offer.id}`, {
      headers: { Cookie: env.cookie },
      params: { id: offer.id },
    });
    const data = (await answer.clone().json()) as AnyAnswer;
    expect(
      data.offer.emails.map((e: { recipients: string; status: string }) => [
        e.recipients,
        e.status,
      ]),
    ).toEqual([
      ["b@klient.bg", "sent"],
      ["a@klient.bg", "failed"],
    ]);
    const { text } = await pageOf(OfferView, answer, `/offer/${offer.id}`);
    expect(text).toContain("Изпратени имейли");
    expect(text).toMatch(/Оферта до b@klient\.bg · [0-9.]+ г\. · Изпратено на/);
    expect(text).toContain(
      `Оферта до a@klient.bg · ${text.match(/a@klient\.bg · ([0-9.]+ г\.)/)?.[1]} · Неуспешно след ${MAIL_ATTEMPTS} опита (Имейлът не можа да бъде изпратен. Опитайте отново по-късно.). Изпратете го отново.`,
    );
  });

  it("skips a queued e-mail of an offer withdrawn before it went, and says so on the page", async () => {
    const env = await setup();
    const offer = await env.offer();
    const down = { mail: { smtpUrl: "smtp://127.0.0.1:1", from: "Сметка <no-reply@smetka.bg>" } };
    const refused = await apiSend(env, offer.id, {}, down as never);
    const { email } = (await refused.json()) as AnyAnswer;
    await env.db
      .updateTable("offers")
      .set({ status: "withdrawn" })
      .where("id", "=", offer.id)
      .execute();
    expect(await runJob(makeContext(env.db), "mail.offer", { emailId: email.id })).toBe("skipped");
    const answer = await call(guarded(offerPage), env.db, `/offer/${offer.id}`, {
      headers: { Cookie: env.cookie },
      params: { id: offer.id },
    });
    const { text } = await pageOf(OfferView, answer, `/offer/${offer.id}`);
    expect(text).toContain(
      "Не е изпратено (офертата вече е приета, отказана, оттеглена или изтекла)",
    );
  });
});
