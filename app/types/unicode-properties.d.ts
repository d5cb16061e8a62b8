/** unicode-properties 1.4 (textkit's Unicode data): only what the PDF's cells use. */
declare module "unicode-properties" {
  /** The Unicode script of a code point, e.g. "Latin", "Cyrillic", "Common". */
  export function getScript(codePoint: number): string;
}
