import { strToU8, zipSync } from "fflate";

/*
 * A minimal .xlsx as Excel saves one (ECMA-376): the workbook, its relationship to the first
 * sheet, shared strings for text and plain numbers for amounts and dates (Excel's day numbers).
 * For the tests of the readers of uploaded tables (the bank's statements, decision 046).
 */

const xmlText = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The column's letters: 0 → A, 25 → Z, 26 → AA. */
function columnOf(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

/** Excel's day number of a yyyy-mm-dd date (1900 date system). */
export const excelDay = (day: string) =>
  Math.round((Date.parse(`${day}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000);

/** The workbook's bytes: each row's strings as shared strings, numbers as numbers, "" left out. */
export function writeXlsx(rows: readonly (readonly (string | number)[])[]): Uint8Array {
  const strings: string[] = [];
  const sheetRows = rows.map(
    (row, r) =>
      `<row r="${r + 1}">${row
        .map((value, c) => {
          const ref = `${columnOf(c)}${r + 1}`;
          if (typeof value === "number") return `<c r="${ref}"><v>${value}</v></c>`;
          if (value === "") return "";
          strings.push(value);
          return `<c r="${ref}" t="s"><v>${strings.length - 1}</v></c>`;
        })
        .join("")}</row>`,
  );
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  return zipSync({
    "[Content_Types].xml": strToU8('<?xml version="1.0"?><Types/>'),
    "xl/workbook.xml": strToU8(
      `<?xml version="1.0"?><workbook ${ns} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Движения" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    "xl/_rels/workbook.xml.rels": strToU8(
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    "xl/sharedStrings.xml": strToU8(
      `<?xml version="1.0"?><sst ${ns}>${strings.map((s) => `<si><t>${xmlText(s)}</t></si>`).join("")}</sst>`,
    ),
    "xl/worksheets/sheet1.xml": strToU8(
      `<?xml version="1.0"?><worksheet ${ns}><sheetData>${sheetRows.join("")}</sheetData></worksheet>`,
    ),
  });
}
