/*
 * Names of the files inside the company's export: what a person typed (a receipt's file name, an
 * expense's number) made safe for every unzip program and file system — no folders, no control
 * or direction characters, none of Windows' forbidden characters or reserved names, no leading or
 * trailing dots and spaces, at most `max` characters with the extension kept.
 */

const FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
  /[\u0000-\u001f\u007f-\u009f/\\:*?"<>|\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/** A single file or folder name, safe in any ZIP reader and file system. */
export function safeEntryName(name: string, fallback = "файл", max = 120): string {
  let clean = name
    .normalize("NFC")
    .replace(LONE_SURROGATE, "_")
    .replace(FORBIDDEN, "_")
    .replace(/^[\s.]+|[\s.]+$/g, "");
  if (!clean || /^_+$/.test(clean)) clean = fallback;
  if (RESERVED.test(clean)) clean = `_${clean}`;
  const chars = [...clean];
  if (chars.length > max) {
    const dot = clean.lastIndexOf(".");
    const extension = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : "";
    clean = chars.slice(0, max - [...extension].length).join("") + extension;
  }
  return clean;
}

/** "бон.png" → "бон (2).png": the n-th file of the same name in one folder. */
export function numbered(name: string, n: number): string {
  if (n <= 1) return name;
  const dot = name.lastIndexOf(".");
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}

/** The folder of one expense's receipts: its date, number and a short id (two may share both). */
export function receiptFolder(expense: {
  expenseId: string;
  documentDate: string;
  documentNumber: string;
}): string {
  const number = safeEntryName(expense.documentNumber, "без номер", 40);
  return `${expense.documentDate} ${number} ${expense.expenseId.slice(0, 8)}`;
}
