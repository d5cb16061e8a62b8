import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import { eInvoiceXml } from "~/modules/einvoice/ubl.server";
import { setupTestDatabase } from "../setup/test-db";
import { CASES, makeEInvoiceDocuments } from "./einvoice-documents";

/*
 * The generated Invoice, debit note and CreditNote against the OASIS UBL 2.1 schemas (xmllint in
 * WebAssembly). The schemas are kept in the repository (tests/fixtures/ubl-2.1, unmodified OASIS
 * files with their notice), so this runs on every machine; UBL_XSD_DIR points to another copy.
 */

const XSD_DIR = process.env.UBL_XSD_DIR ?? path.resolve(__dirname, "../fixtures/ubl-2.1/xsd");

/** The schema of a main document with every common module preloaded under its relative path. */
function schemaFiles(main: "Invoice" | "CreditNote") {
  const common = readdirSync(path.join(XSD_DIR, "common"))
    .filter((file) => file.endsWith(".xsd"))
    .map((file) => ({
      fileName: `common/${file}`,
      contents: readFileSync(path.join(XSD_DIR, "common", file), "utf8"),
    }));
  const file = `maindoc/UBL-${main}-2.1.xsd`;
  return {
    schema: [{ fileName: file, contents: readFileSync(path.join(XSD_DIR, file), "utf8") }],
    preload: common,
  };
}

const getDb = setupTestDatabase();

describe("UBL 2.1 schema validation", () => {
  it("has the schemas it validates against", () => {
    for (const file of ["maindoc/UBL-Invoice-2.1.xsd", "maindoc/UBL-CreditNote-2.1.xsd"]) {
      expect(existsSync(path.join(XSD_DIR, file)), file).toBe(true);
    }
    expect(readdirSync(path.join(XSD_DIR, "common"))).toContain(
      "UBL-CommonAggregateComponents-2.1.xsd",
    );
  });

  it("every kind of invoice, the debit note and the credit note are valid against the UBL 2.1 XSD", {
    timeout: 120_000,
  }, async () => {
    const made = await makeEInvoiceDocuments(getDb());
    for (const which of CASES) {
      const xml = await eInvoiceXml(getDb(), await made.document(which));
      const main = which === "creditNote" ? "CreditNote" : "Invoice";
      const result = await validateXML({
        xml: [{ fileName: `${which}.xml`, contents: xml }],
        ...schemaFiles(main),
        maxMemoryPages: 4096,
      });
      expect(
        result.errors.map((e) => e.message),
        `${which} (${main})`,
      ).toEqual([]);
      expect(result.valid).toBe(true);
    }
  });

  it("the validator can fail: a date in the wrong form is refused", {
    timeout: 60_000,
  }, async () => {
    const made = await makeEInvoiceDocuments(getDb());
    const xml = await eInvoiceXml(getDb(), await made.document("standard"));
    const broken = xml.replace(/<cbc:IssueDate>(\d{4})-(\d\d)-(\d\d)</, "<cbc:IssueDate>$3.$2.$1<");
    const result = await validateXML({
      xml: [{ fileName: "broken.xml", contents: broken }],
      ...schemaFiles("Invoice"),
      maxMemoryPages: 4096,
    });
    expect(result.valid).toBe(false);
    expect(result.errors[0]?.message).toContain("IssueDate");
  });
});
