import type { Canvas } from "@react-pdf/renderer";
import type { ComponentProps } from "react";
import { type FontRun, fontRuns, textWidth } from "~/modules/pdf/fonts.server";
import type { PrintModel } from "./print";

/*
 * The cells of a document's lines in the PDF (decision 039). A cell whose text fits on one line
 * of its column — the number, most descriptions, the unit, the figures, «20 %» — is drawn on a
 * `Canvas` with pdfkit's text call: the runs, font objects, size, colour, baseline and alignment
 * textkit gives it, without textkit's and yoga's per-node work, which was most of a line's
 * render. Neighbouring such cells share one `Canvas`; a line that is all one line is one
 * `Canvas`. Every other cell — a description that wraps, a text too wide for its column — is a
 * `Text`, broken into lines by react-pdf as before. Nothing here breaks a line. What prints is
 * the same, to the pixel (tests/integration/pdf-cells.test.ts).
 */

/** A cell's padding left and right, in points. */
export const CELL_PADDING = 3;

/** How the cells are set: the text's size and colour, a line's height, each column's width. */
export interface CellSetting {
  fontSize: number;
  color: string;
  lineHeight: number;
  /** The width the columns share. */
  contentWidth: number;
  /** Points, or "auto" for the one column that takes what the others leave (flex: 1). */
  widths: Record<string, number | "auto">;
}

type Column = PrintModel["columns"][number];
type RunPosition = ReturnType<FontRun["font"]["layout"]>["positions"][number];
type Paint = ComponentProps<typeof Canvas>["paint"];
export type Cell =
  | { kind: "text"; column: Column; text: string }
  | {
      kind: "painted";
      /** The columns it holds, joined by «+». */
      key: string;
      style: { width: number } | { flex: number };
      paint: Paint;
    };

/** A cell to paint: its runs and their advances, its column's width (null: the flexible one). */
interface Painted {
  column: Column;
  runs: FontRun[];
  advances: number[];
  line: number;
  ascent: number;
  width: number | null;
}

/**
 * Each column's width for its text, in points: its own, or what the others leave for the
 * flexible one (flex: 1), less the padding on both sides.
 */
export function innerWidths(columns: Column[], setting: CellSetting): number[] {
  const fixed = columns.reduce((sum, c) => {
    const width = setting.widths[c.key];
    return sum + (typeof width === "number" ? width : 0);
  }, 0);
  return columns.map((c) => {
    const width = setting.widths[c.key];
    return (typeof width === "number" ? width : setting.contentWidth - fixed) - 2 * CELL_PADDING;
  });
}

/** A row's cells in column order; with no setting (the tests' reference), every cell a `Text`. */
export function rowCells(
  columns: Column[],
  row: Record<string, string>,
  setting: CellSetting | null,
): Cell[] {
  const cells: Cell[] = [];
  let group: Painted[] = [];
  const flush = () => {
    if (group.length && setting) cells.push(paintedCells(group, setting));
    group = [];
  };
  const rooms = setting ? innerWidths(columns, setting) : [];
  for (const [i, column] of columns.entries()) {
    const text = row[column.key] ?? "";
    const width = setting?.widths[column.key];
    const painted =
      setting && width !== undefined
        ? paintable(column, text, width === "auto" ? null : width, rooms[i]!, setting)
        : null;
    if (painted) {
      group.push(painted);
    } else {
      flush();
      cells.push({ kind: "text", column, text });
    }
  }
  flush();
  return cells;
}

/**
 * The cell as it would be painted, when textkit would set `text` on one line as it is: no line
 * break, no space at either end, every character in the font stack, and its advance (kerning
 * included, as textkit measures it) within the column less the padding — so textkit would
 * neither break nor squeeze it.
 */
function paintable(
  column: Column,
  text: string,
  width: number | null,
  room: number,
  setting: CellSetting,
): Painted | null {
  if (/[\n\r\t\u2028\u2029]/.test(text) || text.trim() !== text) return null;
  // The cheap estimate first (no kerning: never narrower than printed for this font).
  if (textWidth(text, setting.fontSize) > room) return null;
  const runs = fontRuns(text);
  if (!runs?.every(drawnAsShaped)) return null;
  const scaled = (font: FontRun["font"]) => setting.fontSize / font.unitsPerEm;
  const advances = runs.map(({ text, font }) => font.layout(text).advanceWidth * scaled(font));
  const line = advances.reduce((sum, advance) => sum + advance, 0);
  if (line > room) return null;
  const ascent = Math.max(...runs.map(({ font }) => font.ascent * scaled(font)));
  return { column, runs, advances, line, ascent, width };
}

/**
 * True when pdfkit draws the run with the glyphs and advances textkit shapes it to. pdfkit shapes
 * a text word by word (each piece up to and with its space), textkit a run whole: they differ
 * where the font kerns or substitutes across a space. And react-pdf draws a glyph's offset (a
 * combining accent placed on its letter) otherwise than pdfkit does. Either way the cell is left
 * to textkit.
 */
function drawnAsShaped({ text, font }: FontRun): boolean {
  const whole = font.layout(text);
  const glyphs: number[] = [];
  const positions: RunPosition[] = [];
  let from = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i === text.length ? from < i : text[i] === " ") {
      const piece = font.layout(text.slice(from, i + 1));
      for (const glyph of piece.glyphs) glyphs.push(glyph.id);
      positions.push(...piece.positions);
      from = i + 1;
    }
  }
  return (
    glyphs.length === whole.glyphs.length &&
    whole.glyphs.every((glyph, i) => glyph.id === glyphs[i]) &&
    whole.positions.every((at, i) => {
      const drawn = positions[i]!;
      return (
        !at.xOffset &&
        !at.yOffset &&
        !drawn.xOffset &&
        !drawn.yOffset &&
        at.xAdvance === drawn.xAdvance &&
        at.yAdvance === drawn.yAdvance
      );
    })
  );
}

const fixedStyles = new Map<number, { width: number }>();
const FLEXIBLE = { flex: 1 };

function paintedCells(group: Painted[], setting: CellSetting): Cell {
  const size = setting.fontSize;
  const fixed = group.reduce((sum, cell) => sum + (cell.width ?? 0), 0);
  const flexible = group.some((cell) => cell.width === null);
  let style: { width: number } | { flex: number } = FLEXIBLE;
  if (!flexible) {
    style = fixedStyles.get(fixed) ?? { width: fixed };
    fixedStyles.set(fixed, style);
  }
  return {
    kind: "painted",
    key: group.map(({ column }) => column.key).join("+"),
    style,
    paint: (painter, availableWidth) => {
      // Measured (react-pdf's measuring context, no size given): one line of text, as a `Text`;
      // the flexible column's width comes from the row (flex: 1, basis 0), as a `Text`'s does.
      if (availableWidth === undefined) {
        painter.rect(0, 0, flexible ? 0 : fixed, setting.lineHeight);
        return null;
      }
      painter.fillColor(setting.color);
      let left = 0;
      for (const cell of group) {
        const width = cell.width ?? availableWidth - fixed;
        // Aligned as textkit aligns a line: right by its advance, or left, within the padding.
        let x = left + (cell.column.numeric ? width - CELL_PADDING - cell.line : CELL_PADDING);
        cell.runs.forEach(({ text, font }, i) => {
          // pdfkit puts a text's baseline at its font's ascent below the top it is given;
          // textkit puts the line's at the largest ascent of its runs.
          const y = cell.ascent - (font.ascent * size) / font.unitsPerEm;
          painter.font(font, size).text(text, x, y, { lineBreak: false });
          x += cell.advances[i]!;
        });
        left += width;
      }
      return null;
    },
  };
}
