import { SaxesParser } from "saxes";
import { hasDoctype, xmlShapeProblem } from "~/modules/einvoice/xml";
import type { TableRow } from "~/utils/xlsx";
import { BANK_MESSAGES, STATEMENT_LIMITS, StatementError } from "./constants";

/*
 * A bank's own XML of records (decision 046): Банка ДСК's (and УниКредит Булбанк's)
 * <AccountMovements> of <AccountMovement>, ОББ's statement of <TRANSACTION>. Each record is a row
 * whose cells are its child elements' text, the children's names making the header row (so the
 * known layouts of presets.ts and an account's mapping read it as any table); the elements outside
 * the records (ОББ's IBAN_S, FROM_ST_DATE) come first as [name, text] title rows. Read as camt.053
 * is: no DOCTYPE, the shape checked in one linear pass, saxes streaming it. Pure.
 */

/** The elements that are one movement each, in the banks' XML. */
const RECORDS = new Set(["AccountMovement", "TRANSACTION"]);

/** Whether a text file is XML naming one of the known records near its start. */
export function looksLikeBankXml(head: string): boolean {
  return /^\s*(\uFEFF)?</.test(head) && /<(AccountMovement|TRANSACTION)[\s>/]/.test(head);
}

/** The records as rows after a header row of their elements' names; title rows before them. */
export function xmlRecordRows(text: string): TableRow[] {
  if (hasDoctype(text)) throw new StatementError(BANK_MESSAGES.xmlBroken, null, 400);
  const shape = xmlShapeProblem(text, {
    maxDepth: STATEMENT_LIMITS.maxDepth,
    maxElements: STATEMENT_LIMITS.maxElements,
  });
  if (shape === "malformed") throw new StatementError(BANK_MESSAGES.xmlBroken, null, 400);
  if (shape) throw new StatementError(BANK_MESSAGES.xmlShape, null, 422);

  const titles: TableRow[] = [];
  const records: { line: number; fields: Map<string, string> }[] = [];
  const names: string[] = [];
  const parser = new SaxesParser({ position: true });
  // The open elements: their names and the text gathered inside each.
  const path: { name: string; text: string[]; parent: boolean }[] = [];
  let record: { line: number; fields: Map<string, string> } | null = null;
  let depth = -1;
  parser.on("error", (error) => {
    throw new StatementError(`${BANK_MESSAGES.xmlBroken}: ${error.message}`, parser.line, 400);
  });
  parser.on("doctype", () => {
    throw new StatementError(BANK_MESSAGES.xmlBroken, parser.line, 400);
  });
  parser.on("opentag", (tag) => {
    const name = tag.name.replace(/^.*:/, "");
    if (!record && RECORDS.has(name)) {
      if (records.length >= STATEMENT_LIMITS.maxMovements) {
        throw new StatementError(BANK_MESSAGES.tooManyMovements, parser.line, 413);
      }
      record = { line: parser.line, fields: new Map() };
      depth = path.length;
    } else if (name === "br") {
      path.at(-1)?.text.push(" ");
    }
    const parent = path.at(-1);
    if (parent) parent.parent = true;
    path.push({ name, text: [], parent: false });
  });
  parser.on("text", (text) => {
    path.at(-1)?.text.push(text);
  });
  parser.on("cdata", (text) => {
    path.at(-1)?.text.push(text);
  });
  parser.on("closetag", () => {
    const element = path.pop();
    if (!element) return;
    const text = element.text.join("");
    // A child's text belongs to its parent too (a <Status><Context>success</Context></Status>).
    path.at(-1)?.text.push(text);
    const value = text.replace(/\s+/g, " ").trim().slice(0, 5_000);
    if (record && path.length === depth + 1) {
      if (!record.fields.has(element.name)) record.fields.set(element.name, value);
      if (!names.includes(element.name) && names.length < 200) names.push(element.name);
    } else if (record && path.length === depth) {
      if (record.fields.size) records.push(record);
      record = null;
    } else if (!record && !element.parent && value && titles.length < 20) {
      // A leaf outside the records: a title row (the account, the period, the balances).
      titles.push({ line: parser.line, cells: [element.name, value] });
    }
  });
  parser.write(text).close();
  if (!records.length) throw new StatementError(BANK_MESSAGES.noMovements);
  const first = records[0]?.line ?? 1;
  return [
    ...titles,
    { line: first, cells: names },
    ...records.map(({ line, fields }) => ({
      line,
      cells: names.map((name) => fields.get(name) ?? ""),
    })),
  ];
}
