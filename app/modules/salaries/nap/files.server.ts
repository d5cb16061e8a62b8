import { zipSync } from "fflate";
import iconv from "iconv-lite";
import type { Correction } from "./corrections.server";
import type { MonthDeclaration } from "./declaration.server";
import { fileText, form1Fields } from "./layout";
import { form6Fields } from "./layout-form6";
import type { DeclarationForm } from "./messages";

/*
 * The files of a month's declarations (decision 024): обр. 1 and обр. 6 as Windows-1251 text with
 * CR LF after every record, and both in one zip. Built only from a declaration with no problems.
 * A company's month is a few kilobytes (a record is ~250 bytes), so this runs in the request.
 */

export interface DeclarationFile {
  form: DeclarationForm;
  name: string;
  bytes: Uint8Array;
}

/** Text as Windows-1251 bytes; the text was made of what Windows-1251 has (a guard, not a rule). */
function encode(text: string): Uint8Array {
  const bytes = iconv.encode(text, "win1251");
  if (iconv.decode(bytes, "win1251") !== text) throw new Error("a character outside Windows-1251");
  return new Uint8Array(bytes);
}

/**
 * обр. 1 and обр. 6 of the month; throws when the declaration has problems (check them first).
 * With a correction (the month changed after a delivery), only the correcting lines, and обр. 6
 * only when a column changed.
 */
export function declarationFiles(
  declaration: MonthDeclaration,
  correction: Correction | null = null,
): DeclarationFile[] {
  const { format, form6, persons } = declaration;
  if (declaration.problems.length || !format || !form6) {
    throw new Error("declaration has problems");
  }
  if (correction) {
    const files: DeclarationFile[] = [
      { form: "1", name: format.form1FileName, bytes: encode(fileText(correction.form1)) },
    ];
    if (correction.form6) {
      files.push({
        form: "6",
        name: format.form6FileName,
        bytes: encode(fileText([form6Fields(correction.form6)])),
      });
    }
    return files;
  }
  return [
    {
      form: "1",
      name: format.form1FileName,
      bytes: encode(fileText(persons.map((p) => form1Fields(p.record)))),
    },
    {
      form: "6",
      name: format.form6FileName,
      bytes: encode(fileText([form6Fields(form6)])),
    },
  ];
}

/**
 * Both files in one zip. The entries carry a fixed time, so the same files make the same bytes
 * (and SHA-256) whenever they are downloaded: a download across a two-second tick of the zip's
 * clock made the page's and the API's zips differ.
 */
export function zipDeclarationFiles(files: DeclarationFile[]): Uint8Array {
  return zipSync(Object.fromEntries(files.map((f) => [f.name, f.bytes])), {
    level: 6,
    mtime: ZIP_TIME,
  });
}

/** The time written into a zip's entries: the zip format's first day, the same every time. */
export const ZIP_TIME = new Date(1980, 0, 1);

/** The zip's name: «NAP-2026-10.zip». */
export const zipName = (month: string) => `NAP-${month}.zip`;
