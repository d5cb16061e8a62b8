import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PdfSection } from "~/components/invoices/document-actions";
import { createClient } from "~/modules/clients/queries.server";
import { clientSchema } from "~/modules/clients/schema";
import { all, parseXml, textAt } from "~/modules/einvoice/xml";
import { issueDocument } from "~/modules/invoices/documents.server";
import { countryByCode } from "~/modules/reference/countries";
import { loader as pageLoader } from "~/routes/_app.invoice.$id";
import { loader as apiUbl } from "~/routes/api.invoices.$id.ubl";
import { loader as pageUbl } from "~/routes/invoice.$id.ubl";
import { createCompanyWithClient, createTestDraft } from "../setup/factories";
import { call, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #42 item 15 (decision 048): a Peppol BIS 3.0 e-invoice only when both parties have a
 * Peppol address (a VAT number of a country on Peppol's EAS list), else a plain EN 16931 one —
 * which needs no e-mail and no VAT number — and the invoice page says which the download gives.
 */

const getDb = setupTestDatabase();

/** What the invoice page draws in its PDF section, and the label its loader gives. */
async function pageSays(id: string, cookie: string) {
  const page = await call(pageLoader, getDb(), `/invoice/${id}`, {
    headers: { Cookie: cookie },
    params: { id },
  });
  expect(page.status).toBe(200);
  const { eInvoiceKind } = (await page.json()) as { eInvoiceKind: string | null };
  const html = renderToStaticMarkup(createElement(PdfSection, { id, eInvoice: eInvoiceKind }));
  return { eInvoiceKind, html };
}

async function download(id: string, auth: { cookie: string; bearer: Record<string, string> }) {
  const page = await call(pageUbl, getDb(), `/invoice/${id}/ubl`, {
    headers: { Cookie: auth.cookie },
    params: { id },
  });
  const api = await call(apiUbl, getDb(), `/api/invoices/${id}/ubl`, {
    headers: auth.bearer,
    params: { id },
  });
  return { page, api };
}

describe("Peppol BIS 3.0 or plain EN 16931", () => {
  it("a seller with neither VAT number nor e-mail selling to a private person gets its e-invoice: plain EN 16931, and the page says so", {
    timeout: 60_000,
  }, async () => {
    const db = getDb();
    const me = await createCompanyWithClient(db, false);
    await db.updateTable("companies").set({ email: "" }).where("id", "=", me.companyId).execute();
    const person = await createClient(
      db,
      me.companyId,
      clientSchema.parse({
        kind: "individual",
        name: "Мария Петрова",
        address: "ул. Раковски 1",
        city: "София",
      }),
    );
    const id = await createTestDraft(db, me, {
      clientId: person.id,
      paymentMethod: "cash",
      lines: [{ description: "Урок", quantity: "1", unitPrice: "30", vatRate: null }],
    });
    await issueDocument(db, me.companyId, id);
    const auth = await signInApi(db, me.user);

    const { page, api } = await download(id, auth);
    expect(page.status).toBe(200);
    expect(api.status).toBe(200);
    const xml = await page.text();
    expect(await api.text()).toBe(xml);
    const tree = parseXml(xml);
    expect(textAt(tree, "cbc:CustomizationID")).toBe("urn:cen.eu:en16931:2017");
    expect(textAt(tree, "cbc:ProfileID")).toBeUndefined();
    expect(all(tree, "cac:AccountingSupplierParty", "cac:Party", "cbc:EndpointID")).toEqual([]);
    expect(all(tree, "cac:AccountingCustomerParty", "cac:Party", "cbc:EndpointID")).toEqual([]);

    const { eInvoiceKind, html } = await pageSays(id, auth.cookie);
    expect(eInvoiceKind).toBe(
      "Е-фактура: EN 16931 (без Peppol — нито фирмата, нито клиентът има идентификатор в Peppol)",
    );
    expect(html).toContain(`href="/invoice/${id}/ubl"`);
    expect(html).toContain(eInvoiceKind);
  });

  it("two parties with VAT numbers of Peppol countries get Peppol BIS 3.0 with both addresses; a client with only an e-mail gets EN 16931", {
    timeout: 60_000,
  }, async () => {
    const db = getDb();
    const me = await createCompanyWithClient(db);
    await db
      .updateTable("clients")
      .set({ vatNumber: "BG175074752" })
      .where("id", "=", me.clientId)
      .execute();
    const auth = await signInApi(db, me.user);
    const peppolId = await createTestDraft(db, me, {
      lines: [{ description: "Услуга", quantity: "1", unitPrice: "100", vatRate: 20 }],
    });
    await issueDocument(db, me.companyId, peppolId);
    const peppol = parseXml(await (await download(peppolId, auth)).page.text());
    expect(textAt(peppol, "cbc:CustomizationID")).toBe(
      "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0",
    );
    expect(textAt(peppol, "cbc:ProfileID")).toBe("urn:fdc:peppol.eu:2017:poacc:billing:01:1.0");
    const endpoints = ["cac:AccountingSupplierParty", "cac:AccountingCustomerParty"].map(
      (party) => all(peppol, party as `cac:${string}`, "cac:Party", "cbc:EndpointID")[0],
    );
    const company = await db
      .selectFrom("companies")
      .select("vatNumber")
      .where("id", "=", me.companyId)
      .executeTakeFirstOrThrow();
    expect(endpoints.map((e) => `${e?.attrs.schemeID}:${e?.text}`)).toEqual([
      `9926:${company.vatNumber}`,
      "9926:BG175074752",
    ]);
    expect((await pageSays(peppolId, auth.cookie)).eInvoiceKind).toBe(
      "Е-фактура: Peppol BIS Billing 3.0",
    );

    // An American client reached by e-mail: no Peppol address, so EN 16931 (the e-mail stays).
    const american = await createClient(
      db,
      me.companyId,
      clientSchema.parse({
        kind: "foreign_company",
        name: "Acme Inc.",
        address: "1 Main Street",
        city: "New York",
        country: countryByCode("US")!.nameBg,
        emails: "ap@acme.example",
      }),
    );
    const exportId = await createTestDraft(db, me, {
      clientId: american.id,
      vatGround: "чл. 28 от ЗДДС",
      lines: [{ description: "Машина", quantity: "1", unitPrice: "4500", vatRate: 0 }],
    });
    await issueDocument(db, me.companyId, exportId);
    const exported = parseXml(await (await download(exportId, auth)).api.text());
    expect(textAt(exported, "cbc:CustomizationID")).toBe("urn:cen.eu:en16931:2017");
    expect(
      all(exported, "cac:AccountingCustomerParty", "cac:Party", "cbc:EndpointID")[0],
    ).toMatchObject({ text: "ap@acme.example", attrs: { schemeID: "EM" } });
    const { eInvoiceKind, html } = await pageSays(exportId, auth.cookie);
    expect(eInvoiceKind).toBe(
      "Е-фактура: EN 16931 (без Peppol — клиентът няма идентификатор в Peppol)",
    );
    expect(html).toContain(eInvoiceKind);

    // A draft has no e-invoice: no link, no label.
    const draft = await createTestDraft(db, me, {
      lines: [{ description: "Услуга", quantity: "1", unitPrice: "10", vatRate: 20 }],
    });
    const drawn = await pageSays(draft, auth.cookie);
    expect(drawn.eInvoiceKind).toBeNull();
    expect(drawn.html).not.toContain("/ubl");
  });
});
