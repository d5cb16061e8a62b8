import { Font } from "@react-pdf/renderer";
import { describe, expect, it } from "vitest";
import { fontRuns, PDF_FONT_FAMILY, prepareFonts } from "./fonts.server";

/*
 * The fonts as react-pdf lays them out (decision 020): a Cyrillic phrase stays in one font
 * across its spaces, so it is one text run, and a string is shaped once per font.
 */

interface Loaded {
  layout(text: string, ...rest: unknown[]): { glyphs: { id: number }[]; positions: unknown[] };
  hasGlyphForCodePoint(code: number): boolean;
}

const loaded = (family: string, fontWeight = 400) =>
  Font.getFont({ fontFamily: family, fontWeight })?.data as unknown as Loaded;

/** The font of each character, picked as react-pdf's textkit picks it: the first that has it. */
function fontsOf(text: string, fontWeight = 400) {
  const stack = (PDF_FONT_FAMILY as unknown as string[]).map((family) => ({
    family,
    font: loaded(family, fontWeight),
  }));
  return [...text].map(
    (c) => stack.find(({ font }) => font.hasGlyphForCodePoint(c.codePointAt(0)!))!.family,
  );
}

describe("PDF fonts", () => {
  it("keeps a Cyrillic phrase in the Cyrillic font across its spaces, in both weights", async () => {
    await prepareFonts();
    for (const weight of [400, 700]) {
      const picked = fontsOf("Консултантски услуги по договор № 1000, етап 1", weight);
      // The words and the spaces between them: one font, one run; digits and «,» are Latin.
      expect(new Set(picked.slice(0, 34))).toEqual(new Set(["NotoCyr"]));
      expect(new Set(picked.slice(34, 39))).toEqual(new Set(["NotoLat"]));
      // A Latin phrase keeps its spaces in the Latin font.
      expect(new Set(fontsOf("Consulting services, stage 1", weight))).toEqual(
        new Set(["NotoLat"]),
      );
    }
  });

  it("shapes a string once per font and gives each caller its own glyph list", async () => {
    await prepareFonts();
    const font = loaded("NotoCyr");
    const first = font.layout("Сметка", undefined, undefined, undefined, "ltr");
    const second = font.layout("Сметка", undefined, undefined, undefined, "ltr");
    expect(second.positions).toBe(first.positions);
    expect(second.glyphs).not.toBe(first.glyphs);
    expect(second.glyphs.map((g) => g.id)).toEqual(first.glyphs.map((g) => g.id));
  });

  it("cuts a cell's text into the runs textkit makes of it, each in the font textkit picks", async () => {
    await prepareFonts();
    const families = (PDF_FONT_FAMILY as unknown as string[]).map((family) => ({
      family,
      font: loaded(family),
    }));
    const runsOf = (text: string) =>
      fontRuns(text)?.map((run) => [
        run.text,
        families.find(({ font }) => font === (run.font as unknown))?.family,
      ]);
    expect(runsOf("1\u00a0234,50")).toEqual([["1\u00a0234,50", "NotoLat"]]);
    expect(runsOf("бр.")).toEqual([
      ["бр", "NotoCyr"],
      [".", "NotoLat"],
    ]);
    // A space after a Cyrillic letter is Cyrillic; after a Latin full stop, Latin.
    expect(runsOf("без ДДС")).toEqual([["без ДДС", "NotoCyr"]]);
    expect(runsOf("кв. м")).toEqual([
      ["кв", "NotoCyr"],
      [". ", "NotoLat"],
      ["м", "NotoCyr"],
    ]);
    // Where the script changes, as textkit's itemizer cuts: figures and punctuation carry on
    // the script before them; what comes before the first letter is a run of its own.
    expect(runsOf("“Acme” hosting")).toEqual([
      ["“", "NotoLat"],
      ["Acme” hosting", "NotoLat"],
    ]);
    expect(runsOf("Хостинг (AWS)")).toEqual([
      ["Хостинг ", "NotoCyr"],
      ["(", "NotoLat"],
      ["AWS)", "NotoLat"],
    ]);
    expect(runsOf("3D")).toEqual([
      ["3", "NotoLat"],
      ["D", "NotoLat"],
    ]);
    expect(runsOf("Đ 20 %")).toEqual([
      ["Đ", "NotoLatExt"],
      [" 20 %", "NotoLat"],
    ]);
    for (const text of ["бр.", "кв. м", "без ДДС", "12,5 %", "−93,20", "Đ 20 %", "м²"]) {
      const perChar = fontRuns(text)!.flatMap((run) =>
        [...run.text].map(
          () => families.find(({ font }) => font === (run.font as unknown))!.family,
        ),
      );
      expect(perChar, text).toEqual(fontsOf(text));
    }
    // What depends on the text before it, or is not drawn, is left to textkit.
    expect(fontRuns("")).toBeNull();
    expect(fontRuns(" бр.")).toBeNull();
    expect(fontRuns("a\u00adb")).toBeNull();
    expect(fontRuns("\u{1f600}")).toBeNull();
  });
});
