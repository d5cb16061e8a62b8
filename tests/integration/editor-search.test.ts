import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createCatalogueItem } from "~/modules/catalogue/queries.server";
import { catalogueItemSchema } from "~/modules/catalogue/schema";
import { createClient } from "~/modules/clients/queries.server";
import { clientSchema } from "~/modules/clients/schema";
import { createDraft, issueDocument } from "~/modules/invoices/documents.server";
import type { EditorActionData, EditorSearch, EditorValues } from "~/modules/invoices/editor";
import { documentSchema } from "~/modules/invoices/schema";
import { loader as editLoader } from "~/routes/_app.invoice.edit.$id";
import { action as newAction, loader as newLoader } from "~/routes/_app.invoice.new";
import { loader as apiClients } from "~/routes/api.clients";
import { action as apiInvoices } from "~/routes/api.invoices";
import { addDays } from "~/utils/dates";
import { createCompanyWithClient, validEik } from "../setup/factories";
import { call, formBody, jsonBody, postApi, signInApi } from "../setup/routes";
import { outsiderStatus, strangersOf } from "../setup/team";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();

async function customer() {
  const { user, companyId, clientId } = await createCompanyWithClient(getDb());
  return { user, companyId, clientId, ...(await signInApi(getDb(), user)) };
}

/** What the editor's loader gives the page (the action answers an EditorActionData). */
type EditorPage = {
  values: EditorValues;
  search: EditorSearch;
  focus?: string;
  rateNote?: string | null;
};

/** The editor's page for a GET (a search sent without JavaScript sends the whole form). */
async function openEditor(cookie: string, query: Record<string, string>) {
  const response = await call(newLoader, getDb(), `/invoice/new?${new URLSearchParams(query)}`, {
    headers: { Cookie: cookie },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as EditorPage & { hasCatalogue: boolean };
}

/** The editor's form with two typed lines, as a browser without JavaScript sends it. */
const typedForm = (clientId: string) => ({
  type: "invoice",
  clientId,
  language: "bg",
  issueDate: "2026-11-21",
  taxEventDate: "",
  dueDate: "",
  currency: "EUR",
  vatGround: "",
  vatGroundOther: "",
  paymentMethod: "bank",
  notes: "Бележка",
  "lines[0][description]": "Първи ред",
  "lines[0][quantity]": "2",
  "lines[0][unit]": "бр.",
  "lines[0][unitPrice]": "10,5",
  "lines[0][discount]": "",
  "lines[0][vatRate]": "20",
});

const newClient = (companyId: string, overrides: Record<string, unknown>) =>
  createClient(
    getDb(),
    companyId,
    clientSchema.parse({
      kind: "company",
      address: "ул. Раковски 1",
      city: "София",
      postalCode: "1000",
      ...overrides,
    }),
  );

describe("the editor's client search", () => {
  it("never loads every client: at most 20 of 10,000, the chosen one apart; ?clientQ= searches by name, ЕИК or VAT number", async () => {
    const me = await customer();
    // 10,000 clients in one statement (the factories would take minutes).
    await sql`
      insert into clients (company_id, kind, name, eik, vat_number, address, city)
      select ${me.companyId}::uuid, 'company', 'Фирма ' || lpad(n::text, 5, '0'),
        lpad(n::text, 9, '0'), 'BG' || lpad(n::text, 9, '0'), 'ул. Шипка ' || n, 'София'
      from generate_series(1, 10000) as n`.execute(getDb());

    const blank = await openEditor(me.cookie, {});
    expect(blank.search.clients.length).toBeLessThanOrEqual(20);
    expect(blank.search.moreClients).toBe(true);
    expect(blank.search.client).toBeNull();
    expect(blank).not.toHaveProperty("clients");

    const byName = await openEditor(me.cookie, { clientQ: "фирма 0999" });
    expect(byName.search.clients.map((c) => c.name)).toEqual([
      "Фирма 09990",
      "Фирма 09991",
      "Фирма 09992",
      "Фирма 09993",
      "Фирма 09994",
      "Фирма 09995",
      "Фирма 09996",
      "Фирма 09997",
      "Фирма 09998",
      "Фирма 09999",
    ]);
    const wide = await openEditor(me.cookie, { clientQ: "Фирма" });
    expect(wide.search.clients).toHaveLength(20);
    expect(wide.search.moreClients).toBe(true);
    const byEik = await openEditor(me.cookie, { clientQ: "000001234" });
    expect(byEik.search.clients.map((c) => c.name)).toEqual(["Фирма 01234"]);
    const byVat = await openEditor(me.cookie, { clientQ: "bg 000004321" });
    expect(byVat.search.clients.map((c) => c.name)).toEqual(["Фирма 04321"]);

    // A client chosen (?clientId=) comes apart from the results, with its terms.
    const chosen = await openEditor(me.cookie, { clientId: me.clientId, clientQ: "Фирма 0000" });
    expect(chosen.search.client).toMatchObject({ id: me.clientId, name: "Клиент Бета ООД" });
    expect(chosen.search.clients.length).toBeLessThanOrEqual(20);

    // The picker with JavaScript asks /api/clients for 10 at a time.
    const api = await call(apiClients, getDb(), "/api/clients?q=фирма&limit=10", {
      headers: me.bearer,
    });
    const body = await api.json();
    expect(body.clients).toHaveLength(10);
    expect(body.nextCursor).toBeTruthy();
  });

  it("a search without JavaScript keeps what was typed and changes nothing; «Избери клиента» fills the client's terms", async () => {
    const me = await customer();
    const euro = await newClient(me.companyId, {
      name: "Ойро ГмбХ",
      kind: "foreign_company",
      currency: "USD",
      paymentTermDays: "30",
      mol: "Ханс Мюлер",
      vatTreatment: "reverse_charge",
    });
    const form = typedForm("");
    const searched = await openEditor(me.cookie, { ...form, search: "client", clientQ: "ойро" });
    expect(searched.values).toMatchObject({
      clientId: "",
      notes: "Бележка",
      lines: [{ description: "Първи ред", quantity: "2", unitPrice: "10,5", vatRate: "20" }],
    });
    expect(searched.search.clients.map((c) => c.id)).toEqual([euro.id]);
    expect(searched.focus).toBe("clientId");
    // «Търси» alone changes nothing of the document, even with a client chosen.
    const again = await openEditor(me.cookie, {
      ...form,
      clientId: euro.id,
      search: "client",
      clientQ: "ойро",
    });
    expect(again.values).toMatchObject({ clientId: euro.id, currency: "EUR", dueDate: "" });

    const chosen = await openEditor(me.cookie, {
      ...form,
      "lines[1][description]": "",
      "lines[1][quantity]": "1",
      "lines[1][unitPrice]": "",
      "lines[1][vatRate]": "20",
      clientId: euro.id,
      search: "choose",
      clientQ: "ойро",
    });
    expect(chosen.search.client?.id).toBe(euro.id);
    expect(chosen.values).toMatchObject({
      clientId: euro.id,
      currency: "USD",
      dueDate: addDays("2026-11-21", 30),
      recipientName: "Ханс Мюлер",
      vatGround: "чл. 21, ал. 2 от ЗДДС",
      notes: "Бележка",
    });
    // An empty line takes the client's rate (reverse charge: no VAT), and so does a typed one
    // that charged VAT: the client's treatment wins (issue #25).
    expect(chosen.values.lines.map((l) => l.vatRate)).toEqual(["none", "none"]);
  });

  it("the edit page searches too, and answers a refused save with the client search as typed", async () => {
    const me = await customer();
    const id = await createDraft(
      getDb(),
      me.companyId,
      me.user.id,
      documentSchema.parse({
        type: "invoice",
        clientId: me.clientId,
        issueDate: "2026-11-20",
        lines: [{ description: "Услуга", quantity: "1", unitPrice: "10", vatRate: 20 }],
      }),
    );
    const other = await newClient(me.companyId, { name: "Делта АД", eik: validEik() });
    const page = await call(editLoader, getDb(), `/invoice/edit/${id}?clientQ=делта`, {
      headers: { Cookie: me.cookie },
      params: { id },
    });
    const body = (await page.json()) as EditorPage;
    expect(body.values.lines[0]?.description).toBe("Услуга");
    expect(body.search.client?.id).toBe(me.clientId);
    expect(body.search.clients.map((c) => c.id)).toEqual([other.id]);

    const refused = await call(
      newAction,
      getDb(),
      "/invoice/new",
      formBody({ ...typedForm(""), intent: "save", clientQ: "делта" }, { Cookie: me.cookie }),
    );
    expect(refused.status).toBe(400);
    const answer = (await refused.json()) as EditorActionData;
    expect(answer.fieldErrors.clientId).toBe("Моля, изберете клиент");
    expect(answer.search.clients.map((c) => c.id)).toEqual([other.id]);
  });
});

describe("the editor's catalogue without JavaScript", () => {
  it("«Търси в каталога» lists items; «Добави» fills a line and keeps everything typed", async () => {
    const me = await customer();
    const item = await createCatalogueItem(
      getDb(),
      me.companyId,
      catalogueItemSchema.parse({
        name: "Абонамент за поддръжка",
        nameEn: "Support subscription",
        unit: "мес.",
        unitPrice: "49,9",
        vatRate: 0,
        vatGround: "чл. 21, ал. 2 от ЗДДС",
      }),
    );
    await createCatalogueItem(
      getDb(),
      me.companyId,
      catalogueItemSchema.parse({ name: "Кафе", unitPrice: "2", vatRate: 20 }),
    );
    const form = typedForm(me.clientId);
    const blank = await openEditor(me.cookie, {});
    expect(blank.hasCatalogue).toBe(true);
    expect(blank.search.catalogue).toBeNull();

    const found = await openEditor(me.cookie, {
      ...form,
      search: "catalogue",
      catalogueQ: "поддръж",
    });
    expect(found.search.catalogue?.map((i) => i.name)).toEqual(["Абонамент за поддръжка"]);
    expect(found.values.lines[0]?.description).toBe("Първи ред");
    expect(found.focus).toBe("catalogue-results");
    // An empty search lists the first items.
    const all = await openEditor(me.cookie, { ...form, search: "catalogue", catalogueQ: "" });
    expect(all.search.catalogue).toHaveLength(2);

    const added = await call(
      newAction,
      getDb(),
      "/invoice/new",
      formBody(
        { ...form, intent: `addCatalogue:${item.id}`, catalogueQ: "поддръж" },
        { Cookie: me.cookie },
      ),
    );
    expect(added.status).toBe(200);
    const answer = (await added.json()) as EditorActionData;
    expect(answer.repopulateFields.notes).toBe("Бележка");
    expect(answer.repopulateFields.lines).toEqual([
      {
        description: "Първи ред",
        quantity: "2",
        unit: "бр.",
        unitPrice: "10,5",
        discount: "",
        vatRate: "20",
        catalogueItemId: "",
      },
      {
        description: "Абонамент за поддръжка",
        quantity: "1",
        unit: "мес.",
        unitPrice: "49,90",
        discount: "",
        vatRate: "0",
        // The line remembers its item (its revenue account in the books, decision 065).
        catalogueItemId: item.id,
      },
    ]);
    // The item's ground fills the document's, which had none; the search stays listed.
    expect(answer.repopulateFields.vatGround).toBe("чл. 21, ал. 2 от ЗДДС");
    expect(answer.search.catalogue?.map((i) => i.id)).toEqual([item.id]);
    expect(answer.focus).toBe("lines[1][quantity]");

    // An English document gets the English name; an empty last row is filled, not added to.
    const english = await call(
      newAction,
      getDb(),
      "/invoice/new",
      formBody(
        {
          ...form,
          language: "en",
          vatGround: "other",
          vatGroundOther: "Моето основание",
          "lines[1][description]": "",
          "lines[1][quantity]": "1",
          "lines[1][unitPrice]": "",
          intent: `addCatalogue:${item.id}`,
        },
        { Cookie: me.cookie },
      ),
    );
    const englishAnswer = (await english.json()) as EditorActionData;
    expect(englishAnswer.repopulateFields.lines.map((l) => l.description)).toEqual([
      "Първи ред",
      "Support subscription",
    ]);
    expect(englishAnswer.repopulateFields.vatGroundOther).toBe("Моето основание");

    // Saved as it is: the line from the catalogue is stored with the item's price.
    const saved = await call(
      newAction,
      getDb(),
      "/invoice/new",
      formBody(
        {
          ...form,
          vatGround: answer.repopulateFields.vatGround,
          "lines[1][description]": "Абонамент за поддръжка",
          "lines[1][quantity]": "1",
          "lines[1][unit]": "мес.",
          "lines[1][unitPrice]": "49,90",
          "lines[1][vatRate]": "0",
          intent: "save",
        },
        { Cookie: me.cookie },
      ),
    );
    expect(saved.status).toBe(302);
  });

  it("refuses another company's item (404) and an unknown one, changing nothing typed, to its owner and to each role", async () => {
    const owner = await customer();
    const theirs = await createCatalogueItem(
      getDb(),
      owner.companyId,
      catalogueItemSchema.parse({ name: "Чужда услуга", unitPrice: "1", vatRate: 20 }),
    );
    // The owner of another company, and members of it as each role (issue #29).
    for (const me of await strangersOf(getDb(), owner)) {
      const editor = outsiderStatus(me.role, "documents.edit", "form");
      for (const intent of [`addCatalogue:${theirs.id}`, "addCatalogue:не-е-id"]) {
        const response = await call(
          newAction,
          getDb(),
          "/invoice/new",
          formBody({ ...typedForm(owner.clientId), intent }, { Cookie: me.cookie }),
        );
        expect(response.status, me.label).toBe(editor);
        if (editor !== 404) continue;
        const answer = (await response.json()) as EditorActionData;
        expect(answer.formError).toBe("Артикулът не е намерен в каталога");
        expect(answer.repopulateFields.lines.map((l) => l.description)).toEqual(["Първи ред"]);
      }
      if (editor !== 404) continue;
      const mine = await openEditor(me.cookie, { search: "catalogue", catalogueQ: "чужда" });
      expect(mine.search.catalogue, me.label).toEqual([]);
      expect(mine.hasCatalogue).toBe(false);
    }
  });
});

/*
 * Issue #25, item 2: a catalogue item reset a reverse-charge line (чл. 21, ал. 2, «Без ДДС») to
 * 20 %, and a German company got a proforma with 2 500 € VAT. The client's treatment and language
 * win over the item's defaults, in the editor and on the server.
 */
describe("a reverse-charge client and the catalogue", () => {
  it("«Добави» keeps «Без ДДС» and the client's language; the server refuses VAT on the document", async () => {
    const me = await customer();
    const german = await newClient(me.companyId, {
      name: "Müller Beratung GmbH",
      kind: "foreign_company",
      country: "Германия",
      postalCode: "80331",
      vatNumber: "DE123456789",
      language: "en",
      vatTreatment: "reverse_charge",
    });
    const item = await createCatalogueItem(
      getDb(),
      me.companyId,
      catalogueItemSchema.parse({
        name: "Консултантски ден",
        nameEn: "Consulting day",
        unit: "ден",
        unitPrice: "12500",
        vatRate: 20,
      }),
    );
    // «Избери клиента» without JavaScript: the client's terms, English, no VAT.
    const chosen = await openEditor(me.cookie, {
      ...typedForm(""),
      type: "proforma",
      clientId: german.id,
      search: "choose",
    });
    expect(chosen.values).toMatchObject({
      language: "en",
      vatGround: "чл. 21, ал. 2 от ЗДДС",
    });
    expect(chosen.values.lines.map((l) => l.vatRate)).toEqual(["none"]);

    const form = {
      ...typedForm(german.id),
      type: "proforma",
      language: "en",
      vatGround: "чл. 21, ал. 2 от ЗДДС",
      "lines[0][vatRate]": "none",
    };
    const added = await call(
      newAction,
      getDb(),
      "/invoice/new",
      formBody({ ...form, intent: `addCatalogue:${item.id}` }, { Cookie: me.cookie }),
    );
    expect(added.status).toBe(200);
    const answer = (await added.json()) as EditorActionData;
    expect(answer.repopulateFields.lines[1]).toMatchObject({
      description: "Consulting day",
      unitPrice: "12\u00a0500,00",
      vatRate: "none",
    });
    expect(answer.repopulateFields.vatGround).toBe("чл. 21, ал. 2 от ЗДДС");

    // A line at 20 % to this client is refused with a Bulgarian message at the line.
    const refused = await call(
      newAction,
      getDb(),
      "/invoice/new",
      formBody(
        {
          ...form,
          "lines[1][description]": "Consulting day",
          "lines[1][quantity]": "1",
          "lines[1][unit]": "ден",
          "lines[1][unitPrice]": "12500",
          "lines[1][vatRate]": "20",
          intent: "save",
        },
        { Cookie: me.cookie },
      ),
    );
    expect(refused.status).toBe(400);
    const refusal = (await refused.json()) as EditorActionData;
    expect(refusal.fieldErrors["lines.1.vatRate"]).toContain("обратно начисляване");
    expect(refusal.focus).toBe("lines[1][vatRate]");
    const stored = await getDb()
      .selectFrom("documents")
      .select("id")
      .where("companyId", "=", me.companyId)
      .where("clientId", "=", german.id)
      .execute();
    expect(stored).toEqual([]);

    // The JSON API answers the same.
    const api = await call(
      apiInvoices,
      getDb(),
      "/api/invoices",
      jsonBody(
        {
          type: "proforma",
          clientId: german.id,
          issueDate: "2026-11-21",
          vatGround: "чл. 21, ал. 2 от ЗДДС",
          lines: [
            { description: "Consulting day", quantity: "1", unitPrice: "12500", vatRate: 20 },
          ],
        },
        "POST",
        me.bearer,
      ),
    );
    expect(api.status).toBe(400);
    const body = (await api.json()) as {
      message: string;
      errors: Record<string, { _errors: string[] }>;
    };
    expect(body.message).toBe("Невалидни данни");
    expect(body.errors["lines.0.vatRate"]?._errors[0]).toMatch(/^Клиентът е с обратно начисляване/);
    // Without VAT it is made.
    await postApi(
      apiInvoices,
      getDb(),
      "/api/invoices",
      {
        type: "proforma",
        clientId: german.id,
        issueDate: "2026-11-21",
        vatGround: "чл. 21, ал. 2 от ЗДДС",
        lines: [
          { description: "Consulting day", quantity: "1", unitPrice: "12500", vatRate: null },
        ],
      },
      me.bearer,
    );
  });
});

describe("a draft with VAT whose client came under reverse charge", () => {
  it("is not issued: 400 with the Bulgarian reason at the line, and it stays a draft without a number", async () => {
    const me = await customer();
    const id = await createDraft(
      getDb(),
      me.companyId,
      me.user.id,
      documentSchema.parse({
        type: "invoice",
        clientId: me.clientId,
        issueDate: "2026-11-20",
        lines: [
          { description: "Услуга", quantity: "1", unitPrice: "10", vatRate: null },
          { description: "Консултация", quantity: "2", unitPrice: "100", vatRate: 20 },
        ],
        vatGround: "чл. 21, ал. 2 от ЗДДС",
      }),
    );
    // The client is then found to be an EU business under чл. 21, ал. 2.
    await sql`update clients set vat_treatment = 'reverse_charge' where id = ${me.clientId}`.execute(
      getDb(),
    );
    const error = await issueDocument(getDb(), me.companyId, id).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 400,
      message: expect.stringContaining("Документът не е издаден: Клиентът е с обратно начисляване"),
      fields: { "lines.1.vatRate": expect.stringContaining("Без ДДС") },
    });
    const draft = await getDb()
      .selectFrom("documents")
      .select(["status", "number"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(draft).toEqual({ status: "draft", number: null });
  });
});
