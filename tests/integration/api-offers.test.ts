import { describe, expect, it } from "vitest";
import { loader as getInvoice } from "~/routes/api.invoices.$id";
import { action as create, loader as list } from "~/routes/api.offers";
import { action as change, loader as getOne } from "~/routes/api.offers.$id";
import { action as convert } from "~/routes/api.offers.$id.convert";
import { action as decline } from "~/routes/api.offers.$id.decline";
import { loader as pdf } from "~/routes/api.offers.$id.pdf";
import { action as withdraw } from "~/routes/api.offers.$id.withdraw";
import { addDays, todayInSofia } from "~/utils/dates";
import { createCompanyWithClient } from "../setup/factories";
import { type AnyAnswer, call, jsonBody, postApi, signInApi } from "../setup/routes";
import { memberOf } from "../setup/team";
import { setupTestDatabase } from "../setup/test-db";

/*
 * The offers' JSON API (issue #48 item 5, decision 077): made, read, changed while open, converted
 * into one draft — once —, and as private as the /offer pages: another company's offer, or for
 * staff limited to their own documents a colleague's, is 404; bad input is 400 in Bulgarian.
 */

const getDb = setupTestDatabase();
const TODAY = todayInSofia();
const CYRILLIC = /[А-Яа-я]/;

async function customer() {
  const { user, companyId, clientId } = await createCompanyWithClient(getDb());
  return { user, companyId, clientId, ...(await signInApi(getDb(), user)) };
}

const payload = (clientId: string, overrides: Record<string, unknown> = {}) => ({
  clientId,
  issueDate: TODAY,
  validUntil: addDays(TODAY, 14),
  lines: [
    { description: "Изработка на сайт", quantity: "1", unitPrice: "1000", vatRate: 20 },
    { description: "Хостинг", quantity: 12, unit: "мес.", unitPrice: "10.50", vatRate: 20 },
  ],
  ...overrides,
});

type Offer = {
  id: string;
  number: string;
  status: string;
  becomes: string;
  documentId: string | null;
  totals: { subtotal: string; vat: string; total: string };
  lines: { description: string; quantity: string }[];
};

const offerCall = (
  fn: unknown,
  path: string,
  id: string,
  headers: Record<string, string>,
  init: RequestInit = { method: "POST" },
) =>
  call(fn as never, getDb(), path, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), ...headers },
    params: { id },
  });

describe("/api/offers", () => {
  it("creates an offer (numbered), reads it, converts it into one draft, and refuses a second (409)", async () => {
    const me = await customer();
    const made = await postApi<Offer>(
      create,
      getDb(),
      "/api/offers",
      payload(me.clientId),
      me.bearer,
    );
    expect(made).toMatchObject({
      number: "0000000001",
      status: "open",
      becomes: "invoice",
      documentId: null,
      totals: { subtotal: "1126.00", vat: "225.20", total: "1351.20" },
    });

    const read = await offerCall(getOne, `/api/offers/${made.id}`, made.id, me.bearer, {});
    expect(read.status).toBe(200);
    expect(((await read.json()) as Offer).lines.map((l) => l.quantity)).toEqual(["1", "12"]);

    // While open it changes (its number stays).
    const put = await offerCall(change, `/api/offers/${made.id}`, made.id, me.bearer, {
      ...jsonBody(
        payload(me.clientId, {
          lines: [{ description: "Поддръжка", quantity: "10", unitPrice: "60", vatRate: 20 }],
        }),
        "PUT",
      ),
    });
    expect(put.status).toBe(200);
    expect((await put.json()) as Offer).toMatchObject({
      number: "0000000001",
      totals: { total: "720.00" },
    });

    // Converted into a proforma instead of the invoice chosen on the offer.
    const converted = await offerCall(
      convert,
      `/api/offers/${made.id}/convert`,
      made.id,
      me.bearer,
      {
        ...jsonBody({ type: "proforma" }),
      },
    );
    expect(converted.status).toBe(201);
    const answer = (await converted.json()) as {
      offer: Offer;
      document: { id: string; type: string; url: string };
    };
    expect(answer.offer).toMatchObject({ status: "accepted", documentId: answer.document.id });
    expect(answer.document).toMatchObject({
      type: "proforma",
      url: `/api/invoices/${answer.document.id}`,
    });
    const draft = await offerCall(
      getInvoice,
      answer.document.url,
      answer.document.id,
      me.bearer,
      {},
    );
    expect((await draft.json()) as AnyAnswer).toMatchObject({
      type: "proforma",
      status: "draft",
      number: null,
      clientId: me.clientId,
      lines: [{ description: "Поддръжка", quantity: "10" }],
      totals: { total: "720.00" },
    });

    // Once: the second conversion is refused and makes nothing.
    const again = await offerCall(convert, `/api/offers/${made.id}/convert`, made.id, me.bearer);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(
      "Офертата вече е приета: от нея е направен документ. Втори не се прави.",
    );
    const drafts = await getDb()
      .selectFrom("documents")
      .select("id")
      .where("companyId", "=", me.companyId)
      .execute();
    expect(drafts).toHaveLength(1);
    // And an accepted offer no longer changes.
    const late = await offerCall(change, `/api/offers/${made.id}`, made.id, me.bearer, {
      ...jsonBody(payload(me.clientId), "PUT"),
    });
    expect(late.status).toBe(409);
    expect(((await late.json()) as { message: string }).message).toMatch(CYRILLIC);

    const pdfAnswer = await offerCall(pdf, `/api/offers/${made.id}/pdf`, made.id, me.bearer, {});
    expect(pdfAnswer.status).toBe(200);
    expect(pdfAnswer.headers.get("Content-Type")).toBe("application/pdf");
    expect(
      Buffer.from(await pdfAnswer.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });

  it("lists offers by state, client, period and number, newest first", async () => {
    const me = await customer();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(
        (await postApi<Offer>(create, getDb(), "/api/offers", payload(me.clientId), me.bearer)).id,
      );
    }
    await offerCall(withdraw, `/api/offers/${ids[0]}/withdraw`, ids[0]!, me.bearer);
    const declined = await offerCall(decline, `/api/offers/${ids[1]}/decline`, ids[1]!, me.bearer, {
      ...jsonBody({ note: "Избрахме друг" }),
    });
    expect(((await declined.json()) as Offer).status).toBe("declined");
    const get = async (query: string) => {
      const response = await call(list as never, getDb(), `/api/offers?${query}`, {
        headers: me.bearer,
      });
      expect(response.status).toBe(200);
      return (await response.json()) as {
        offers: { number: string; status: string }[];
        nextCursor: string | null;
        count: number;
      };
    };
    expect((await get("")).offers.map((o) => o.number)).toEqual([
      "0000000003",
      "0000000002",
      "0000000001",
    ]);
    expect((await get("status=withdrawn")).offers.map((o) => o.number)).toEqual(["0000000001"]);
    expect((await get("status=open")).offers.map((o) => o.number)).toEqual(["0000000003"]);
    expect((await get("q=2")).offers.map((o) => o.number)).toEqual(["0000000002"]);
    expect((await get(`clientId=${me.clientId}&from=${TODAY}&to=${TODAY}`)).count).toBe(3);
    expect((await get(`from=${addDays(TODAY, 1)}`)).count).toBe(0);
  });

  it("answers 404 for another company's offer, and for a colleague's to staff limited to their own", async () => {
    const me = await customer();
    const other = await customer();
    const theirs = await postApi<Offer>(
      create,
      getDb(),
      "/api/offers",
      payload(other.clientId),
      other.bearer,
    );
    for (const [fn, path, init] of [
      [getOne, `/api/offers/${theirs.id}`, {}],
      [pdf, `/api/offers/${theirs.id}/pdf`, {}],
      [change, `/api/offers/${theirs.id}`, jsonBody(payload(me.clientId), "PUT")],
      [convert, `/api/offers/${theirs.id}/convert`, { method: "POST" }],
      [withdraw, `/api/offers/${theirs.id}/withdraw`, { method: "POST" }],
    ] as const) {
      const response = await offerCall(fn, path, theirs.id, me.bearer, init);
      expect(response.status, path).toBe(404);
      expect(((await response.json()) as { message: string }).message).toBe(
        "Офертата не е намерена",
      );
    }
    // Nor does another company's client take an offer of mine.
    const foreign = await call(create as never, getDb(), "/api/offers", {
      ...jsonBody(payload(other.clientId), "POST", me.bearer),
    });
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as { message: string }).message).toMatch(CYRILLIC);
    expect((await getDb().selectFrom("offers").select("id").execute()).map((r) => r.id)).toEqual([
      theirs.id,
    ]);

    // Staff limited to their own documents: the owner's offer is not there; their own is.
    const mine = await postApi<Offer>(
      create,
      getDb(),
      "/api/offers",
      payload(me.clientId),
      me.bearer,
    );
    const limited = await memberOf(getDb(), me.companyId, "staff", { ownDocumentsOnly: true });
    const hidden = await offerCall(getOne, `/api/offers/${mine.id}`, mine.id, limited.bearer, {});
    expect(hidden.status).toBe(404);
    const own = await postApi<Offer>(
      create,
      getDb(),
      "/api/offers",
      payload(me.clientId),
      limited.bearer,
    );
    const listed = await call(list as never, getDb(), "/api/offers", { headers: limited.bearer });
    expect(((await listed.json()) as { offers: { id: string }[] }).offers.map((o) => o.id)).toEqual(
      [own.id],
    );
  });

  it("refuses bad input with 400 and Bulgarian messages per field, writing nothing", async () => {
    const me = await customer();
    const post = (body: unknown) =>
      call(create as never, getDb(), "/api/offers", { ...jsonBody(body, "POST", me.bearer) });
    const early = await post(payload(me.clientId, { validUntil: addDays(TODAY, -1) }));
    expect(early.status).toBe(400);
    expect(await early.json()).toMatchObject({
      message: expect.stringMatching(CYRILLIC),
      errors: {
        validUntil: { _errors: ["Датата «Валидна до» не може да е преди датата на офертата"] },
      },
    });
    const badLine = await post(
      payload(me.clientId, {
        lines: [{ description: "", quantity: "абв", unitPrice: "10", vatRate: 20 }],
      }),
    );
    expect(badLine.status).toBe(400);
    expect(await badLine.json()).toMatchObject({
      errors: {
        lines: {
          0: {
            description: { _errors: ["Описанието е задължително"] },
            quantity: { _errors: [expect.stringContaining("Количеството")] },
          },
        },
      },
    });
    const notJson = await call(create as never, getDb(), "/api/offers", {
      method: "POST",
      body: "[]",
      headers: { "Content-Type": "application/json", ...me.bearer },
    });
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { message: string }).message).toMatch(CYRILLIC);
    const made = await postApi<Offer>(
      create,
      getDb(),
      "/api/offers",
      payload(me.clientId),
      me.bearer,
    );
    const wrongKind = await offerCall(
      convert,
      `/api/offers/${made.id}/convert`,
      made.id,
      me.bearer,
      {
        ...jsonBody({ type: "credit_note" }),
      },
    );
    expect(wrongKind.status).toBe(400);
    expect(((await wrongKind.json()) as { errors: unknown }).errors).toMatchObject({
      type: { _errors: ["Изберете какво става офертата при приемане"] },
    });
    expect(await getDb().selectFrom("documents").select("id").execute()).toEqual([]);
    expect((await getDb().selectFrom("offers").select("id").execute()).length).toBe(1);
  });
});
