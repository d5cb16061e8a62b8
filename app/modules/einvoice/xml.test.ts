import { describe, expect, it } from "vitest";
import { readUblInvoice, UBL_IMPORT_MESSAGES, UBL_LIMITS, UblImportError, ublText } from "./import";
import { xmlShapeProblem } from "./xml";

/*
 * The shape check an e-invoice passes before any parser sees it (issue #24: 60,000 nested
 * elements held the server 29 s in saxes): nesting and number of elements, one linear pass.
 */

const limits = { maxDepth: 3, maxElements: 6 };
const nested = (depth: number) => `${"<a>".repeat(depth)}${"</a>".repeat(depth)}`;
const bytes = (text: string) => new TextEncoder().encode(text);

function refusal(text: string): UblImportError {
  try {
    ublText(bytes(text));
  } catch (error) {
    if (error instanceof UblImportError) return error;
    throw error;
  }
  throw new Error("not refused");
}

describe("xmlShapeProblem", () => {
  it("passes a document within both limits, counting empty elements but not their depth", () => {
    expect(xmlShapeProblem(nested(3), limits)).toBeNull();
    expect(xmlShapeProblem('<?xml version="1.0"?><a><b/><b x="1"/><c><d/></c></a>', limits)).toBe(
      null,
    );
  });

  it("refuses one level deeper, and one element more, than the limits", () => {
    expect(xmlShapeProblem(nested(4), limits)).toBe("depth");
    expect(xmlShapeProblem(`<r>${"<a/>".repeat(6)}</r>`, limits)).toBe("elements");
    expect(xmlShapeProblem(`<r>${"<a/>".repeat(5)}</r>`, limits)).toBeNull();
  });

  it("does not count what is in comments, CDATA, processing instructions or attribute values", () => {
    const hidden = `<!-- ${nested(10)} --><a><![CDATA[${nested(10)}]]><?pi ${nested(10)} ?><b t='>' u="/>"/></a>`;
    expect(xmlShapeProblem(hidden, limits)).toBeNull();
  });

  it("calls malformed what no parser would take: an open tag, a < in a tag, an extra closing tag", () => {
    for (const text of ["<a><b", "<a b='<'/>", "<a></a></a>", "<a><!-- x", "<!DOCTYPE a><a/>"]) {
      expect(xmlShapeProblem(text, limits), text).toBe("malformed");
    }
  });

  it("stops at the limit in a 60,000-level document", () => {
    expect(xmlShapeProblem(nested(60_000), UBL_LIMITS)).toBe("depth");
  });
});

describe("ublText: the e-invoice's limits", () => {
  it("refuses deeper nesting or more elements than UBL_LIMITS with 422 and a Bulgarian reason", () => {
    const deep = refusal(`<?xml version="1.0"?>${nested(UBL_LIMITS.maxDepth + 1)}`);
    expect([deep.status, deep.message]).toEqual([422, UBL_IMPORT_MESSAGES.tooDeep]);
    expect(deep.message).toMatch(/^Файлът е твърде сложен: .* повече от 100 нива$/);
    const many = refusal(`<r>${"<a/>".repeat(UBL_LIMITS.maxElements)}</r>`);
    expect([many.status, many.message]).toEqual([422, UBL_IMPORT_MESSAGES.tooMany]);
    expect(many.message).toBe("Файлът е твърде сложен: съдържа повече от 50 000 елемента");
    expect(refusal("<a></a></a>").message).toBe(UBL_IMPORT_MESSAGES.notXml);
  });

  it("refuses a tag longer than 64 KB with its attributes (issue #42 item 11 keeps the bounds)", () => {
    const long = refusal(`<r><a x="${"y".repeat(UBL_LIMITS.maxTagChars)}"/></r>`);
    expect([long.status, long.message]).toEqual([422, UBL_IMPORT_MESSAGES.longTag]);
    // A long text between tags (an embedded PDF in base64) is not a tag.
    const text = `<r><a>${"y".repeat(UBL_LIMITS.maxTagChars * 4)}</a></r>`;
    expect(ublText(bytes(text))).toBe(text);
  });

  it("takes a document at the limits (it is then read as not a UBL e-invoice)", () => {
    const deepest = nested(UBL_LIMITS.maxDepth);
    expect(ublText(bytes(deepest))).toBe(deepest);
    expect(() => readUblInvoice(bytes(deepest))).toThrow(UBL_IMPORT_MESSAGES.notUbl);
  });
});
