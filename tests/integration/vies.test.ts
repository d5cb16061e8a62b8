import type { AppLoadContext } from "@remix-run/node";
import { sql } from "kysely";
import { delay, HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "~/modules/clients/queries.server";
import { clientSchema } from "~/modules/clients/schema";
import { VIES_MESSAGES } from "~/modules/reference/vies";
import { checkVat } from "~/modules/reference/vies.server";
import { action as editClient } from "~/routes/_app.client.edit.$id";
import { action as newClient } from "~/routes/_app.client.new";
import { loader as viesApi } from "~/routes/api.vies.$vatNumber";
import { action as auth } from "~/routes/auth";
import { AppError } from "~/utils/errors";
import { createUser } from "../setup/factories";
import { call, formBody, signInApi } from "../setup/routes";
import { expectOutsider, strangersOf } from "../setup/team";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();
const VIES = "https://ec.europa.eu/taxation_customs/vies/rest-api";
const on = (timeoutMs = 5000): { vies: AppLoadContext["config"]["vies"] } => ({
  vies: { enabled: true, url: VIES, timeoutMs },
});

/** Every question VIES got, as "CC/number". */
let asked: string[] = [];
const answer = (body: Record<string, unknown>) => ({
  requestDate: "2026-11-24T08:00:00.000Z",
  requestIdentifier: "",
  viesApproximate: {},
  ...body,
});

const vies = setupServer(
  // why: a Bulgarian company VIES knows: it answers in Cyrillic, as the Bulgarian register does.
  http.get(`${VIES}/ms/BG/vat/175074752`, () => {
    asked.push("BG/175074752");
    return HttpResponse.json(
      answer({
        isValid: true,
        userError: "VALID",
        name: '"АЛФА ТРЕЙД" ЕООД',
        address: "гр. София 1000\nул. Шипка № 5",
        vatNumber: "175074752",
      }),
    );
  }),
  // why: a German company: VIES gives the name in Latin; Germany discloses no address ("---").
  http.get(`${VIES}/ms/DE/vat/123456789`, () => {
    asked.push("DE/123456789");
    return HttpResponse.json(
      answer({
        isValid: true,
        userError: "VALID",
        name: "BETA GMBH",
        address: "---",
        vatNumber: "123456789",
      }),
    );
  }),
  // why: a Bulgarian company whose register entry VIES returns in Latin letters.
  http.get(`${VIES}/ms/BG/vat/131468980`, () => {
    asked.push("BG/131468980");
    return HttpResponse.json(
      answer({
        isValid: true,
        userError: "VALID",
        name: "GAMMA SOFT EOOD",
        address: "гр. Пловдив, ул. Гладстон 3",
        vatNumber: "131468980",
      }),
    );
  }),
  // why: a number no member state knows: VIES answers isValid false.
  http.get(`${VIES}/ms/BG/vat/999999995`, () => {
    asked.push("BG/999999995");
    return HttpResponse.json(
      answer({ isValid: false, userError: "INVALID", name: "---", address: "---" }),
    );
  }),
  // why: VIES itself failing (an HTML error page with 500) must read as «не отговаря».
  http.get(`${VIES}/ms/BG/vat/111111113`, () => {
    asked.push("BG/111111113");
    return new HttpResponse("<html>Internal error</html>", { status: 500 });
  }),
  // why: VIES answers but the member state's register is down (userError on a 200).
  http.get(`${VIES}/ms/BG/vat/222222226`, () => {
    asked.push("BG/222222226");
    return HttpResponse.json(
      answer({ isValid: false, userError: "MS_UNAVAILABLE", name: "---", address: "---" }),
    );
  }),
  // why: VIES busy: the {actionSucceed: false, errorWrappers} shape of its REST errors.
  http.get(`${VIES}/ms/BG/vat/444444441`, () => {
    asked.push("BG/444444441");
    return HttpResponse.json({
      actionSucceed: false,
      errorWrappers: [{ error: "MS_MAX_CONCURRENT_REQ" }],
    });
  }),
  // why: a slow VIES: answers after the timeout the test sets (100 ms for 5 s).
  http.get(`${VIES}/ms/BG/vat/333333339`, async () => {
    asked.push("BG/333333339");
    await delay(1000);
    return HttpResponse.json(answer({ isValid: true, userError: "VALID", name: "ЗАКЪСНЯЛА ЕООД" }));
  }),
  // why: a broken or hostile VIES streams a 5 MB answer (valid JSON, a huge name), no length given.
  http.get(`${VIES}/ms/BG/vat/555555554`, () => {
    asked.push("BG/555555554");
    return new HttpResponse(hugeAnswer(), { headers: { "Content-Type": "application/json" } });
  }),
  // why: the same 5 MB announced by its Content-Length.
  http.get(`${VIES}/ms/BG/vat/666666667`, () => {
    asked.push("BG/666666667");
    return new HttpResponse(hugeAnswer(), {
      headers: { "Content-Type": "application/json", "Content-Length": String(HUGE) },
    });
  }),
);

/** How much of the 5 MB answers was pulled from the stream. */
let streamed = 0;
const HUGE = 5 * 1024 * 1024;
/** A valid JSON answer of HUGE bytes, produced 64 KB at a time as it is read. */
function hugeAnswer(): ReadableStream<Uint8Array> {
  const head = new TextEncoder().encode('{"isValid":true,"userError":"VALID","name":"');
  const tail = new TextEncoder().encode('","address":""}');
  let left = HUGE - head.byteLength - tail.byteLength;
  let started = false;
  return new ReadableStream({
    pull(controller) {
      let chunk: Uint8Array;
      if (!started) chunk = head;
      else if (left > 0) chunk = new TextEncoder().encode("A".repeat(Math.min(left, 65_536)));
      else chunk = tail;
      if (started) left -= chunk === tail ? 0 : chunk.byteLength;
      started = true;
      streamed += chunk.byteLength;
      controller.enqueue(chunk);
      if (chunk === tail) controller.close();
    },
  });
}
beforeAll(() => vies.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  asked = [];
});
afterAll(() => vies.close());

async function signedIn() {
  const user = await createUser(getDb());
  return { ...user, companyId: user.companyId!, ...(await signInApi(getDb(), user)) };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("checkVat (VIES REST API)", () => {
  it("answers a valid number with VIES's name and address, and keeps it a day", async () => {
    const result = await checkVat(getDb(), on().vies, "bg 175 074 752");
    expect(result).toMatchObject({
      valid: true,
      name: '"АЛФА ТРЕЙД" ЕООД',
      address: "гр. София 1000, ул. Шипка № 5",
      countryCode: "BG",
      number: "175074752",
    });
    expect(result.checkedAt).toBeInstanceOf(Date);
    const kept = await getDb()
      .selectFrom("viesChecks")
      .select(["vatNumber", "valid", "name"])
      .execute();
    expect(kept).toEqual([{ vatNumber: "BG175074752", valid: true, name: '"АЛФА ТРЕЙД" ЕООД' }]);
  });

  it("answers an invalid number as not valid, and «---» as no name or address", async () => {
    expect(await checkVat(getDb(), on().vies, "BG999999995")).toMatchObject({
      valid: false,
      name: null,
      address: null,
    });
    expect(await checkVat(getDb(), on().vies, "DE 123 456 789")).toMatchObject({
      valid: true,
      name: "BETA GMBH",
      address: null,
    });
  });

  it("VIES down (500), its member state down (MS_UNAVAILABLE) or busy: 503 «VIES не отговаря», nothing kept", async () => {
    for (const number of ["BG111111113", "BG222222226", "BG444444441"]) {
      const error = await refusal(checkVat(getDb(), on().vies, number));
      expect(error.status).toBe(503);
      expect(error.message).toBe(VIES_MESSAGES.unavailable);
    }
    expect(asked).toEqual(["BG/111111113", "BG/222222226", "BG/444444441"]);
    expect(await getDb().selectFrom("viesChecks").select("vatNumber").execute()).toEqual([]);
  });

  it("an answer over 64 KB: 503 «VIES не отговаря» without reading the rest, nothing kept", async () => {
    for (const number of ["BG555555554", "BG666666667"]) {
      streamed = 0;
      const error = await refusal(checkVat(getDb(), on().vies, number));
      expect(error.status, number).toBe(503);
      expect(error.message, number).toBe(VIES_MESSAGES.unavailable);
      expect(streamed, number).toBeLessThan(HUGE / 4);
    }
    expect(asked).toEqual(["BG/555555554", "BG/666666667"]);
    expect(await getDb().selectFrom("viesChecks").select("vatNumber").execute()).toEqual([]);
  });

  it("slow VIES: gives up at the timeout with 503", async () => {
    const started = Date.now();
    const error = await refusal(checkVat(getDb(), on(100).vies, "BG333333339"));
    expect(error.status).toBe(503);
    expect(error.message).toBe(VIES_MESSAGES.unavailable);
    expect(Date.now() - started).toBeLessThan(900);
  });

  it("a second check within a day makes no request; an answer older than a day is asked again", async () => {
    await checkVat(getDb(), on().vies, "BG175074752");
    const again = await checkVat(getDb(), on().vies, "BG 175074752");
    expect(again.name).toBe('"АЛФА ТРЕЙД" ЕООД');
    expect(asked).toEqual(["BG/175074752"]);

    await getDb()
      .updateTable("viesChecks")
      .set({ checkedAt: sql`now() - interval '25 hours'` })
      .execute();
    await checkVat(getDb(), on().vies, "BG175074752");
    expect(asked).toEqual(["BG/175074752", "BG/175074752"]);
  });

  it("a number that cannot be one is 400 before any call; turned off is 503 before any call", async () => {
    for (const bad of ["", "175074752", "BG12345", "US123456789", "BG17507475X"]) {
      expect((await refusal(checkVat(getDb(), on().vies, bad))).status).toBe(400);
    }
    const off = await refusal(checkVat(getDb(), { ...on().vies, enabled: false }, "BG175074752"));
    expect([off.status, off.message]).toEqual([503, VIES_MESSAGES.off]);
    expect(asked).toEqual([]);
  });
});

describe("GET /api/vies/{vatNumber}", () => {
  const get = (number: string, init: Parameters<typeof call>[3] = {}) =>
    call(viesApi, getDb(), `/api/vies/${encodeURIComponent(number)}`, {
      params: { vatNumber: number },
      config: on(),
      ...init,
    });

  it("answers a signed-in company {valid, name, address}; 401 to a guest", async () => {
    const me = await signedIn();
    const ok = await get("BG175074752", { headers: { Cookie: me.cookie } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      valid: true,
      name: '"АЛФА ТРЕЙД" ЕООД',
      address: "гр. София 1000, ул. Шипка № 5",
      vatNumber: "BG175074752",
    });
    const guest = await get("BG175074752");
    expect(guest.status).toBe(401);
    expect((await guest.json()).message).toBe("Не сте влезли в профила си");
  });

  it("400 for a number that cannot be one (no call), 503 when VIES is down or the check is off", async () => {
    const me = await signedIn();
    const bad = await get("BG12", { headers: { Cookie: me.cookie } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.vatNumber._errors).toEqual([VIES_MESSAGES.format]);
    expect(asked).toEqual([]);

    const down = await get("BG111111113", { headers: { Cookie: me.cookie } });
    expect(down.status).toBe(503);
    expect((await down.json()).message).toBe(VIES_MESSAGES.unavailable);

    const off = await get("BG175074752", {
      headers: { Cookie: me.cookie },
      config: { vies: { ...on().vies, enabled: false } },
    });
    expect(off.status).toBe(503);
    expect((await off.json()).message).toBe(VIES_MESSAGES.off);
  });

  it("allows 30 checks a minute per company, then 429", async () => {
    const me = await signedIn();
    for (let i = 0; i < 30; i++) {
      expect((await get("BG175074752", { headers: { Cookie: me.cookie } })).status).toBe(200);
    }
    const over = await get("BG175074752", { headers: { Cookie: me.cookie } });
    expect(over.status).toBe(429);
    expect((await over.json()).message).toBe(VIES_MESSAGES.throttled);
    // Another company has its own count.
    const other = await signedIn();
    expect((await get("BG175074752", { headers: { Cookie: other.cookie } })).status).toBe(200);
  });
});

describe("«Провери» on the client form without JavaScript (intent=vies)", () => {
  const typed = {
    kind: "foreign_company",
    name: "",
    eik: "",
    vatNumber: "DE 123 456 789",
    mol: "Петра Иванова",
    address: "",
    city: "Берлин",
    postalCode: "10115",
    country: "Германия",
    emails: "office@beta.de",
    phone: "+49 30 1234",
    currency: "EUR",
    language: "en",
    paymentTermDays: "30",
    vatTreatment: "reverse_charge",
  };

  const post = (
    action: typeof newClient | typeof editClient,
    path: string,
    fields: Record<string, string>,
    cookie: string,
    params: Record<string, string> = {},
  ) =>
    call(action, getDb(), path, { ...formBody(fields, { Cookie: cookie }), config: on(), params });

  it("draws the form again with everything typed, the name filled and the status line; saves nothing", async () => {
    const me = await signedIn();
    const response = await post(newClient, "/client/new", { intent: "vies", ...typed }, me.cookie);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.formId).toBe("client");
    expect(body.fieldErrors).toEqual({});
    // Typed values stay; VIES's name fills the name; Germany gives no address, so it stays empty.
    expect(body.repopulateFields).toMatchObject({ ...typed, name: "BETA GMBH", address: "" });
    expect(body.vies).toEqual({
      tone: "ok",
      text: "Валиден ДДС номер: BETA GMBH. Попълнихме името и адреса — проверете ги.",
    });
    expect(await getDb().selectFrom("clients").select("id").execute()).toEqual([]);
  });

  it("replaces name and address with VIES's on the edit page; the client is saved only by «Запази»", async () => {
    const me = await signedIn();
    const client = await createClient(
      getDb(),
      me.companyId,
      clientSchema.parse({
        kind: "company",
        name: "Алфа",
        eik: "175074752",
        address: "стар адрес 1",
        city: "София",
      }),
    );
    const fields = {
      intent: "vies",
      kind: "company",
      name: "Алфа",
      eik: "175074752",
      vatNumber: "BG175074752",
      address: "стар адрес 1",
      city: "София",
      emails: "a@alfa.bg",
    };
    const response = await post(editClient, `/client/edit/${client.id}`, fields, me.cookie, {
      id: client.id,
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.repopulateFields).toMatchObject({
      name: '"АЛФА ТРЕЙД" ЕООД',
      address: "гр. София 1000, ул. Шипка № 5",
      city: "София",
      emails: "a@alfa.bg",
    });
    const stored = await getDb()
      .selectFrom("clients")
      .select(["name", "address"])
      .where("id", "=", client.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ name: "Алфа", address: "стар адрес 1" });

    // Another company's client: 404 (or the role's refusal), and VIES is not asked — to its
    // owner and to each role (issue #29).
    for (const other of await strangersOf(getDb(), me)) {
      await expectOutsider(other, [
        [
          "clients.edit",
          "form",
          () =>
            post(editClient, `/client/edit/${client.id}`, fields, other.cookie, {
              id: client.id,
            }),
        ],
      ]);
    }
    expect(asked).toEqual(["BG/175074752"]);
  });

  it("an invalid number, VIES down, a malformed number: the status or the field's message, typed values kept", async () => {
    const me = await signedIn();
    const invalid = await post(
      newClient,
      "/client/new",
      { intent: "vies", ...typed, vatNumber: "BG999999995", name: "Нещо" },
      me.cookie,
    );
    expect(invalid.status).toBe(200);
    const invalidBody = await invalid.json();
    expect(invalidBody.vies).toEqual({ tone: "error", text: VIES_MESSAGES.invalid });
    expect(invalidBody.repopulateFields).toMatchObject({ name: "Нещо", city: "Берлин" });

    const down = await post(
      newClient,
      "/client/new",
      { intent: "vies", ...typed, vatNumber: "BG111111113" },
      me.cookie,
    );
    expect(down.status).toBe(503);
    const downBody = await down.json();
    expect(downBody.vies).toEqual({ tone: "error", text: VIES_MESSAGES.unavailable });
    expect(downBody.repopulateFields).toMatchObject({ mol: "Петра Иванова", phone: "+49 30 1234" });

    // A Bulgarian number whose check digit is wrong is the field's message, VIES is not asked.
    const checksum = await post(
      newClient,
      "/client/new",
      { intent: "vies", ...typed, vatNumber: "BG999999999" },
      me.cookie,
    );
    expect(checksum.status).toBe(400);
    expect((await checksum.json()).fieldErrors).toEqual({
      vatNumber: "Невалиден ДДС номер: контролната цифра не съвпада",
    });

    const malformed = await post(
      newClient,
      "/client/new",
      { intent: "vies", ...typed, vatNumber: "XX1" },
      me.cookie,
    );
    expect(malformed.status).toBe(400);
    const malformedBody = await malformed.json();
    expect(malformedBody.fieldErrors).toEqual({ vatNumber: VIES_MESSAGES.format });
    expect(malformedBody.repopulateFields).toMatchObject({ city: "Берлин" });
  });
});

describe("«Провери» on the registration wizard's company step (direction=vies)", () => {
  const step2 = (companyVat: string) => ({
    intent: "register",
    step: "2",
    direction: "vies",
    username: "new@example.bg",
    password: "Parola1!",
    confirmPassword: "Parola1!",
    firstName: "Иван",
    lastName: "Петров",
    companyType: "company",
    companyName: "",
    companyVat,
    companyAddress: "",
    companyCity: "София",
    postalCode: "1000",
    country: "България",
  });
  const ask = (fields: Record<string, string>) =>
    call(auth, getDb(), "/auth?tab=register", { ...formBody(fields), config: on() });

  it("a Cyrillic answer fills the Bulgarian name (without quotes) and address; the person stays on step 2", async () => {
    const response = await ask(step2("175074752"));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.step).toBe(2);
    expect(body.values).toMatchObject({
      companyName: "АЛФА ТРЕЙД ЕООД",
      companyAddress: "гр. София 1000, ул. Шипка № 5",
      companyCity: "София",
      username: "new@example.bg",
    });
    expect(body.values.companyNameEn).toBeUndefined();
    expect(body.vies.tone).toBe("ok");
    expect(body.vies.text).toContain('Валиден ДДС номер: "АЛФА ТРЕЙД" ЕООД');
    expect(body.viesFilled).toEqual({
      companyName: "АЛФА ТРЕЙД ЕООД",
      companyAddress: "гр. София 1000, ул. Шипка № 5",
    });
    expect(body.fieldErrors).toBeUndefined();
  });

  it("a Latin name goes to the English name (step 3) and the status says so", async () => {
    const body = await (await ask(step2("131468980"))).json();
    expect(body.values.companyName).toBe("");
    expect(body.values.companyNameEn).toBe("GAMMA SOFT EOOD");
    expect(body.values.companyAddress).toBe("гр. Пловдив, ул. Гладстон 3");
    expect(body.vies.text).toContain("VIES дава името на латиница");
  });

  it("not valid, VIES down, or no usable EIK: the status line, values kept, no toast-worthy field errors", async () => {
    const invalid = await (await ask(step2("999999995"))).json();
    expect(invalid.vies).toEqual({ tone: "error", text: VIES_MESSAGES.invalid });

    const down = await ask(step2("111111113"));
    expect(down.status).toBe(503);
    const downBody = await down.json();
    expect(downBody.vies).toEqual({ tone: "error", text: VIES_MESSAGES.unavailable });
    expect(downBody.values.companyCity).toBe("София");
    expect(downBody.step).toBe(2);

    const noEik = await ask(step2("12"));
    expect(noEik.status).toBe(400);
    expect((await noEik.json()).vies).toEqual({ tone: "error", text: VIES_MESSAGES.eik });
    expect(asked).toEqual(["BG/999999995", "BG/111111113"]);
  });

  it("counts guests' checks per address", async () => {
    await getDb()
      .insertInto("rateLimits")
      .values({
        key: "vies:address:127.0.0.1",
        hits: 30,
        windowEndsAt: new Date(Date.now() + 60_000),
      })
      .execute();
    const response = await ask(step2("175074752"));
    expect(response.status).toBe(429);
    expect((await response.json()).vies.text).toBe(VIES_MESSAGES.throttled);
  });
});
