import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Font } from "@react-pdf/renderer";
import { getScript } from "unicode-properties";
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

let prepared: Promise<void> | null = null;

/**
 * Registers the fonts and loads them once per thread, each made faster to lay out
 * (decision 020): the text and the figures print as before, in fewer pieces of work.
 */
export function prepareFonts(): Promise<void> {
  registerFonts();
  prepared ??= (async () => {
    for (const weight of WEIGHTS) {
      const loaded = new Map<string, LayoutFont>();
      for (const [family] of SUBSETS) {
        const source = Font.getFont({ fontFamily: family, fontWeight: weight });
        if (!source) continue;
        await source.load();
        const font = source.data as unknown as LayoutFont | null;
        if (font && typeof font.layout === "function") {
          cacheLayout(font);
          loaded.set(family, font);
        }
      }
      const latin = loaded.get("NotoLat");
      const cyrillic = loaded.get("NotoCyr");
      if (latin && cyrillic) keepCyrillicSpaces(latin, cyrillic);
    }
  })();
  return prepared;
}

/** The part of a fontkit font the layout uses (react-pdf loads it; this is the same object). */
interface LayoutFont {
  layout(text: string, features?: unknown, ...rest: unknown[]): { glyphs: unknown[] };
  hasGlyphForCodePoint(code: number): boolean;
}

const LAYOUT_CACHE_SIZE = 4_000;

/**
 * fontkit shapes a string anew on every call: the same labels, names and figures on every
 * render, and every text again on each page break. The glyphs and positions depend only on the
 * font, the string and the features, so each font keeps its last few thousand answers; the
 * caller gets its own glyph list (react-pdf may replace glyphs in it), positions are only read.
 */
function cacheLayout(font: LayoutFont) {
  const layout = font.layout.bind(font);
  const cache = new Map<string, { glyphs: unknown[] }>();
  font.layout = (text, features, ...rest) => {
    // textkit asks with no features and (undefined, undefined, "ltr"): the text is the key then.
    const plain =
      (features === undefined || (Array.isArray(features) && features.length === 0)) &&
      rest.length === 3 &&
      rest[0] === undefined &&
      rest[1] === undefined &&
      rest[2] === "ltr";
    // Any other call is keyed by all it passed, after a NUL no printed text holds.
    const key = plain ? text : `\u0000${JSON.stringify(features)}|${rest.join("|")}|${text}`;
    let run = cache.get(key);
    if (!run) {
      run = layout(text, features, ...rest);
      if (cache.size >= LAYOUT_CACHE_SIZE) cache.clear();
      cache.set(key, run);
    }
    return Object.assign(Object.create(Object.getPrototypeOf(run)), run, {
      glyphs: run.glyphs.slice(),
    });
  };
}

/**
 * react-pdf picks each character's font from the stack, Latin first: a space, which both the
 * Latin and the Cyrillic files draw alike, went to the Latin one, and every Cyrillic word became
 * a text run of its own (a run is shaped, measured and written separately). The Latin font now
 * gives a character both files draw to the Cyrillic one when the character asked before it was
 * Cyrillic, so «Консултантски услуги по договор» is one run; what prints is the same glyph.
 */
function keepCyrillicSpaces(latin: LayoutFont, cyrillic: LayoutFont) {
  const inLatin = latin.hasGlyphForCodePoint.bind(latin);
  const inCyrillic = cyrillic.hasGlyphForCodePoint.bind(cyrillic);
  let afterCyrillic = false;
  latin.hasGlyphForCodePoint = (code) => {
    const latinHas = inLatin(code);
    if (latinHas && inCyrillic(code)) return !afterCyrillic;
    afterCyrillic = !latinHas && inCyrillic(code);
    return latinHas;
  };
}

const advances = new Map<number, Map<number, number>>();

interface StackFont {
  family: string;
  subset: string;
  /** The characters its cmap maps to a glyph. */
  codes: Set<number>;
}
const stacks = new Map<number, StackFont[]>();

/** The PDF stack at a weight, in its order, each font with the characters it draws. */
function stackAt(weight: number): StackFont[] {
  let stack = stacks.get(weight);
  if (!stack) {
    stack = (PDF_FONT_FAMILY as unknown as string[]).map((family) => {
      const subset = SUBSETS.find(([name]) => name === family)![1];
      return { family, subset, codes: cmapCodePoints(sfnt(subset, weight)) };
    });
    stacks.set(weight, stack);
  }
  return stack;
}

/**
 * The width in points of `text` set in the PDF stack at `fontSize`: each character's advance in
 * the first font of the stack that has it (as textkit picks; Noto Sans's advances are the same
 * in every subset), kerning left out — so a little wider than printed, never narrower. The page
 * split of a long document (invoices/pdf-pages.ts) measures its lines with it.
 */
export function textWidth(text: string, fontSize: number, bold = false): number {
  const weight = bold ? 700 : 400;
  let table = advances.get(weight);
  if (!table) {
    table = new Map();
    advances.set(weight, table);
  }
  let units = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    let advance = table.get(code);
    if (advance === undefined) {
      advance = advanceOf(code, weight);
      table.set(code, advance);
    }
    units += advance;
  }
  return units * fontSize;
}

/** A character's advance as a share of the em (0 when the stack has no glyph for it). */
function advanceOf(code: number, weight: number): number {
  const entry = stackAt(weight).find(({ codes }) => codes.has(code));
  if (!entry) return 0;
  const font = Font.getFont({ fontFamily: entry.family, fontWeight: weight })?.data as unknown as {
    unitsPerEm: number;
    glyphForCodePoint(code: number): { advanceWidth: number };
  } | null;
  if (!font) throw new Error("textWidth before prepareFonts()");
  return font.glyphForCodePoint(code).advanceWidth / font.unitsPerEm;
}

/** A fontkit font as react-pdf loaded it: what a cell drawn without textkit needs of it. */
export interface RunFont {
  unitsPerEm: number;
  ascent: number;
  layout(text: string): {
    advanceWidth: number;
    glyphs: { id: number }[];
    positions: { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number }[];
  };
}

/** One piece of a text set in one font of the stack. */
export interface FontRun {
  text: string;
  font: RunFont;
}

/** Scripts textkit's itemizer lets a run carry on through (react-pdf textkit 7, `scriptItemizer`). */
const CARRIED_SCRIPTS = new Set(["Common", "Inherited", "Unknown"]);

/**
 * `text` in regular weight cut into the runs textkit would make of it, each to be shaped on its
 * own. textkit cuts where the font changes and where the script does:
 * - each character goes to the first font of the stack that draws it, except a character both the
 *   Latin and the Cyrillic file draw (a space), which goes to the Cyrillic one after a Cyrillic
 *   character (`keepCyrillicSpaces`);
 * - a run of a script starts at its first letter, punctuation and figures carrying on the script
 *   before them, and what comes before the first letter is a run of its own (so «“Acme”» is
 *   «“» and «Acme”», «Хостинг (AWS)» is «Хостинг », «(» and «AWS)»), as textkit's itemizer
 *   does with the same Unicode data (unicode-properties, textkit's own dependency).
 *
 * Null when `text` is empty, starts with a character whose font would depend on the text before
 * it, holds one the stack lacks or a soft hyphen, or is set in a font pdfkit would rescale
 * (pdfkit scales the shaped positions in place, and the layout cache shares them). Call it after
 * `prepareFonts()`.
 */
export function fontRuns(text: string): FontRun[] | null {
  if (!text) return null;
  const stack = stackAt(400);
  const latin = stack.find(({ family }) => family === "NotoLat")!.codes;
  const cyrillic = stack.find(({ family }) => family === "NotoCyr")!.codes;
  const runs: { text: string; family: string; script: number }[] = [];
  let afterCyrillic: boolean | null = null;
  let lastScript = "Unknown";
  let script = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    // Every character the stack draws is in the Basic Multilingual Plane: one code unit.
    if (char.length !== 1) return null;
    let family: string | undefined;
    if (latin.has(code) && cyrillic.has(code)) {
      if (afterCyrillic === null) return null;
      family = afterCyrillic ? "NotoCyr" : "NotoLat";
    } else {
      if (code === 0xad) return null;
      afterCyrillic = !latin.has(code) && cyrillic.has(code);
      family = stack.find(({ codes }) => codes.has(code))?.family;
      if (!family) return null;
    }
    const named = getScript(code);
    if (named !== lastScript && !CARRIED_SCRIPTS.has(named)) {
      lastScript = named;
      script++;
    }
    const last = runs.at(-1);
    if (last?.family === family && last.script === script) last.text += char;
    else runs.push({ text: char, family, script });
  }
  const fonts: FontRun[] = [];
  for (const run of runs) {
    const font = Font.getFont({ fontFamily: run.family, fontWeight: 400 })?.data as unknown;
    if (!font || typeof (font as RunFont).layout !== "function") return null;
    if ((font as RunFont).unitsPerEm !== 1000) return null;
    fonts.push({ text: run.text, font: font as RunFont });
  }
  return fonts;
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
      for (const { codes } of stackAt(weight)) for (const c of codes) all.add(c);
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
