import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Font } from "@react-pdf/renderer";
import { woffToSfnt } from "./woff.server";

/*
 * Noto Sans embedded in every PDF. fontsource's Cyrillic file has no digits or punctuation, so
 * the Latin files are a fallback family (STACK.md); pdffonts shows every font embedded (tested).
 */

/** The font stack of every PDF page: Latin first (digits, punctuation), then Cyrillic. */
export const PDF_FONT_FAMILY = [
  "NotoLat",
  "NotoCyr",
  "NotoLatExt",
  "NotoCyrExt",
] as unknown as string;

const require = createRequire(import.meta.url);
/** A fontsource WOFF, unpacked once to TrueType and handed to react-pdf as a data URL. */
const font = (subset: string, weight: number) => {
  const file = require.resolve(
    `@fontsource/noto-sans/files/noto-sans-${subset}-${weight}-normal.woff`,
  );
  return `data:font/ttf;base64,${woffToSfnt(readFileSync(file)).toString("base64")}`;
};

let registered = false;

/** Registers the fonts with react-pdf once per thread. */
export function registerFonts() {
  if (registered) return;
  for (const [family, subset] of [
    ["NotoCyr", "cyrillic"],
    ["NotoCyrExt", "cyrillic-ext"],
    ["NotoLat", "latin"],
    ["NotoLatExt", "latin-ext"],
  ] as const) {
    Font.register({
      family,
      fonts: [
        { src: font(subset, 400), fontWeight: 400 },
        { src: font(subset, 700), fontWeight: 700 },
      ],
    });
  }
  // Words are never hyphenated: a Bulgarian name split with a hyphen reads as a different name.
  Font.registerHyphenationCallback((word) => [word]);
  registered = true;
}
