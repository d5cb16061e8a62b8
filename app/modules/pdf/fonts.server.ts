import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Font } from "@react-pdf/renderer";
import { woffToSfnt } from "./woff.server";

/*
 * Noto Sans embedded in every PDF. fontsource's Cyrillic file has no digits or punctuation, so
 * the Latin files are a fallback family (STACK.md); pdffonts shows every font embedded (tested).
 */

/** The font stack of every PDF page: Latin first (digits, punctuation), then Cyrillic, Greek. */
export const PDF_FONT_FAMILY = [
  "NotoLat",
  "NotoCyr",
  "NotoLatExt",
  "NotoCyrExt",
  "NotoGreek",
] as unknown as string;

const SUBSETS = [
  ["NotoCyr", "cyrillic"],
  ["NotoCyrExt", "cyrillic-ext"],
  ["NotoLat", "latin"],
  ["NotoLatExt", "latin-ext"],
  ["NotoGreek", "greek"],
] as const;
const WEIGHTS = [400, 700] as const;

const require = createRequire(import.meta.url);
const unpacked = new Map<string, Buffer>();
/** A fontsource WOFF, unpacked once to TrueType (sfnt). */
const sfnt = (subset: string, weight: number) => {
  const key = `${subset}-${weight}`;
  let font = unpacked.get(key);
  if (!font) {
    const file = require.resolve(
      `@fontsource/noto-sans/files/noto-sans-${subset}-${weight}-normal.woff`,
    );
    font = woffToSfnt(readFileSync(file));
    unpacked.set(key, font);
  }
  return font;
};

let registered = false;

/** Registers the fonts with react-pdf once per thread (handed over as data URLs). */
export function registerFonts() {
  if (registered) return;
  for (const [family, subset] of SUBSETS) {
    Font.register({
      family,
      fonts: WEIGHTS.map((weight) => ({
        src: `data:font/ttf;base64,${sfnt(subset, weight).toString("base64")}`,
        fontWeight: weight,
      })),
    });
  }
  // Words are never hyphenated: a Bulgarian name split with a hyphen reads as a different name.
  Font.registerHyphenationCallback((word) => [word]);
  registered = true;
}

let covered: Set<number> | null = null;

/**
 * True when the stack draws the character in both weights. A character outside it would print
 * react-pdf's missing-glyph box; the print model writes it otherwise (invoices/print-text.ts).
 */
export function pdfHasGlyph(code: number): boolean {
  if (!covered) {
    const byWeight = WEIGHTS.map((weight) => {
      const all = new Set<number>();
      for (const [, subset] of SUBSETS)
        for (const c of cmapCodePoints(sfnt(subset, weight))) all.add(c);
      return all;
    });
    covered = new Set([...byWeight[0]!].filter((c) => byWeight.every((set) => set.has(c))));
  }
  return covered.has(code);
}

/** The characters a TrueType font maps to a glyph (its Unicode cmap: format 4 or 12). */
export function cmapCodePoints(font: Buffer): Set<number> {
  const codes = new Set<number>();
  const numTables = font.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < numTables; i++) {
    const entry = 12 + i * 16;
    if (font.toString("latin1", entry, entry + 4) === "cmap") cmap = font.readUInt32BE(entry + 8);
  }
  if (cmap < 0) return codes;
  const records = font.readUInt16BE(cmap + 2);
  for (let r = 0; r < records; r++) {
    const platform = font.readUInt16BE(cmap + 4 + r * 8);
    const encoding = font.readUInt16BE(cmap + 6 + r * 8);
    if (!(platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10)))) continue;
    const table = cmap + font.readUInt32BE(cmap + 8 + r * 8);
    const format = font.readUInt16BE(table);
    if (format === 4) {
      const segments = font.readUInt16BE(table + 6) / 2;
      const ends = table + 14;
      const starts = ends + segments * 2 + 2;
      const deltas = starts + segments * 2;
      const rangeOffsets = deltas + segments * 2;
      for (let s = 0; s < segments; s++) {
        const end = font.readUInt16BE(ends + s * 2);
        const start = font.readUInt16BE(starts + s * 2);
        const delta = font.readInt16BE(deltas + s * 2);
        const rangeOffset = font.readUInt16BE(rangeOffsets + s * 2);
        for (let c = start; c <= end && c !== 0xffff; c++) {
          let glyph = c;
          if (rangeOffset) {
            glyph = font.readUInt16BE(rangeOffsets + s * 2 + rangeOffset + (c - start) * 2);
            if (glyph === 0) continue;
          }
          if ((glyph + delta) & 0xffff) codes.add(c);
        }
      }
    } else if (format === 12) {
      const groups = font.readUInt32BE(table + 12);
      for (let g = 0; g < groups; g++) {
        const group = table + 16 + g * 12;
        const end = font.readUInt32BE(group + 4);
        for (let c = font.readUInt32BE(group); c <= end; c++) codes.add(c);
      }
    }
  }
  return codes;
}
