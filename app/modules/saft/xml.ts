/* Writing the SAF-T XML as text: escaping, elements, amounts (no DOM: the file is streamed). */

const ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** Text as XML character data: markup escaped, characters XML 1.0 forbids dropped. */
export function escapeXml(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the ones XML forbids
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
      .replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c)
  );
}

/** Text cut to the schema's length for the element's type (code points, never half a letter). */
export function clip(text: string | null | undefined, max: number): string {
  return [...(text ?? "").trim()].slice(0, max).join("");
}

/** `<name>text</name>`, the text escaped; nothing for null/undefined. */
export function el(name: string, text: string | number | null | undefined): string {
  if (text === null || text === undefined) return "";
  return `<${name}>${escapeXml(String(text))}</${name}>`;
}

/** `<name>…children…</name>`. */
export function wrap(name: string, ...children: string[]): string {
  return `<${name}>${children.join("")}</${name}>`;
}

/** Cents as SAFmonetaryType: "-12.05". */
export function money(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** An AmountStructure in euro (the file's currency), with the document's own currency when other. */
export function amount(
  name: string,
  eurCents: number,
  own?: { currency: string; cents: number; rate: string | null },
): string {
  const foreign = own && own.currency !== "EUR";
  return wrap(
    name,
    el("Amount", money(eurCents)),
    el("CurrencyCode", foreign ? own.currency : "EUR"),
    el("CurrencyAmount", money(foreign ? own.cents : eurCents)),
    foreign && own.rate ? el("ExchangeRate", Number(own.rate).toFixed(4)) : "",
  );
}

/** Lengths of the schema's text types. */
export const LEN = { code: 9, short: 18, middle1: 35, middle2: 70, long: 256 } as const;

/** An identifier that fits SAFmiddle1textType (35): a UUID without its dashes. */
export const shortId = (id: string) => id.replace(/-/g, "");

/** TaxType and TaxCode, in the schema's order. */
export function taxElements(code: { taxType: string; taxCode: string }): [string, string] {
  return [el("TaxType", code.taxType), el("TaxCode", code.taxCode)];
}
