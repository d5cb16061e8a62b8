/*
 * The one Content-Disposition of a download (RFC 6266): `filename*` carries the name as people
 * wrote it, Cyrillic included (UTF-8, RFC 8187/5987), and `filename` an ASCII fallback for clients
 * that know only that. Every PDF, CSV, zip, XML and stored file is answered with it.
 */

// What a file name never carries into a header: controls (CR and LF would end the header), DEL,
// lone surrogates (encodeURIComponent throws on them), path separators.
const UNSAFE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  /[\u0000-\u001F\u007F/\\]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** RFC 8187 ext-value: UTF-8, percent-encoded except attr-char (so also ' ( ) *). */
const extValue = (name: string) =>
  `UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;

/**
 * `attachment; filename="Invoice-1.pdf"; filename*=UTF-8''%D0%A4...`: `fileName` as given (unsafe
 * characters become "_"), `asciiName` (or the name itself) with every character outside printable
 * ASCII, and the quote and backslash, as "_".
 */
export function contentDisposition(
  fileName: string,
  disposition: "attachment" | "inline" = "attachment",
  asciiName?: string,
): string {
  const name = fileName.replace(UNSAFE, "_").trim() || "file";
  const ascii = (asciiName ?? name)
    .replace(UNSAFE, "_")
    .replace(/[^\x20-\x7e]|["\\]/g, "_")
    .trim();
  return `${disposition}; filename="${ascii || "file"}"; filename*=${extValue(name)}`;
}
