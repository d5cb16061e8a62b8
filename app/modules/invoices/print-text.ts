/*
 * What a printed document may contain (issue #25, item 6): text as typed, but no control or
 * invisible character — an address pasted with «\r\n» or a stray control printed a box in the
 * PDF — and, in the PDF, no character its embedded fonts cannot draw. One function for every text
 * of the print model; the PDF passes the fonts' coverage (modules/pdf/fonts.server.ts).
 */

/** Characters that end a line: written as one «\n» (the PDF breaks the line there). */
const LINE_BREAKS = new Set([0x0b, 0x0c, 0x0d, 0x85, 0x2028, 0x2029]);

/** Invisible formatting characters: soft hyphen, zero-width marks, bidi controls, BOM. */
function invisible(code: number): boolean {
  return (
    code === 0xad ||
    code === 0x061c ||
    code === 0x180e ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2060 && code <= 0x206f) ||
    code === 0xfeff ||
    (code >= 0xfff9 && code <= 0xfffb)
  );
}

/** C0 and C1 controls (tab and line feed are handled before), DEL, lone surrogates. */
function control(code: number): boolean {
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || (code >= 0xd800 && code <= 0xdfff);
}

/** A character the fonts lack, as they can draw it: without its accents («ǖ» → «u»), or «?». */
function drawable(char: string, hasGlyph: (code: number) => boolean): string {
  const bare = char.normalize("NFKD").replace(/\p{M}/gu, "");
  if (bare && [...bare].every((c) => hasGlyph(c.codePointAt(0) ?? 0))) return bare;
  return "?";
}

/**
 * The text as it may be printed: composed (NFC), line breaks as «\n», tabs as spaces, no control
 * or invisible character; with `hasGlyph`, a character no font has is written without its accents
 * or as «?» — never a missing-glyph box.
 */
export function printableText(text: string, hasGlyph?: (code: number) => boolean): string {
  let out = "";
  let changed = false;
  const composed = text.normalize("NFC");
  for (let i = 0; i < composed.length; ) {
    const code = composed.codePointAt(i) ?? 0;
    const char = String.fromCodePoint(code);
    i += char.length;
    let next = char;
    if (code === 0x0d && composed.charCodeAt(i) === 0x0a) next = "";
    else if (LINE_BREAKS.has(code)) next = "\n";
    else if (code === 0x09) next = " ";
    else if (code === 0x0a) next = "\n";
    else if (control(code) || invisible(code)) next = "";
    else if (hasGlyph && code > 0x20 && !hasGlyph(code)) next = drawable(char, hasGlyph);
    if (next !== char) changed = true;
    out += next;
  }
  return changed || composed !== text ? out : text;
}

/** Every string of a value (a print model) through printableText; the shape stays. */
export function printable<T>(value: T, hasGlyph?: (code: number) => boolean): T {
  if (typeof value === "string") return printableText(value, hasGlyph) as T;
  if (Array.isArray(value)) return value.map((item) => printable(item, hasGlyph)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, printable(item, hasGlyph)]),
    ) as T;
  }
  return value;
}
