import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import { eInvoiceXml } from "~/modules/einvoice/ubl.server";
import { setupTestDatabase } from "../setup/test-db";
import { CASES, makeEInvoiceDocuments } from "./einvoice-documents";

/*
 * The generated Invoice, debit note and CreditNote against the OASIS UBL 2.1 schemas (xmllint in
 * WebAssembly). The XSD files are neither on npm nor in Debian and may not be committed: they are
 * read from UBL_XSD_DIR or ../shared/ubl-2.1/xsd (maindoc/ and common/ as in the OASIS zip), and
 * without them this file is skipped with a warning, like the browser tests without Chromium.
 */

const XSD_DIR = process.env.UBL_XSD_DIR ?? path.resolve(__dirname, "../../../shared/ubl-2.1/xsd");
const present =
  existsSync(path.join(XSD_DIR, "maindoc", "UBL-Invoice-2.1.xsd")) &&
  existsSync(path.join(XSD_DIR, "maindoc", "UBL-CreditNote-2.1.xsd")) &&
  existsSync(path.join(XSD_DIR, "common"));

if (!present) {
  console.warn(
    `\n⚠️  UBL 2.1 XSD files not found in ${XSD_DIR} (expects maindoc/ and common/ from the OASIS ` +
      "UBL 2.1 zip; set UBL_XSD_DIR to another folder): the UBL schema validation is SKIPPED.\n",
  );
}

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

describe.skipIf(!present)("UBL 2.1 schema validation", () => {
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
