import { Canvas, Document, Page, StyleSheet, Text, View } from "@react-pdf/renderer";
import { type FontRun, fontRuns, PDF_FONT_FAMILY, textWidth } from "~/modules/pdf/fonts.server";
import type { LedgerPdfModel } from "./report-file";

/*
 * A report of the books as PDF (decision 060): A4 landscape, the title, the company and the
 * period, the table with its header repeated on every page, page numbers. Drawn in the PDF
 * worker pool (modules/pdf) from a model of text (report-file.ts pdfModel), never on the
 * request's thread; the worker makes the text printable first.
 *
 * A report has thousands of rows, and react-pdf sets each `Text` through textkit and yoga (a
 * few milliseconds a row). A row whose every cell fits on one line of its column is painted on
 * one `Canvas` with pdfkit's text call instead, in the runs and fonts textkit would use
 * (fontRuns, as decision 039 does for an invoice's lines); a row with a cell that wraps, and the
 * bold rows, are `Text`s as before.
 */

const BRAND = "#184136";
const FONT_SIZE = 7.5;
const LINE = FONT_SIZE * 1.3;
const PAD_X = 2;
const PAD_Y = 2;
const PAGE_MARGIN = 28;
/** A4 landscape less the margins, in points. */
const CONTENT_WIDTH = 841.89 - 2 * PAGE_MARGIN;

const styles = StyleSheet.create({
  page: {
    fontFamily: PDF_FONT_FAMILY,
    fontSize: FONT_SIZE,
    paddingTop: PAGE_MARGIN,
    paddingBottom: PAGE_MARGIN + 8,
    paddingHorizontal: PAGE_MARGIN,
    color: "#1a1a1a",
  },
  title: { fontSize: 14, fontWeight: 700, color: BRAND, marginBottom: 3 },
  heading: { marginBottom: 1, color: "#333333" },
  headRow: {
    flexDirection: "row",
    backgroundColor: "#eef3f1",
    paddingVertical: PAD_Y + 1,
    marginTop: 8,
    fontWeight: 700,
  },
  row: {
    flexDirection: "row",
    borderBottomWidth: 0.5,
    borderColor: "#cfd8d4",
    paddingVertical: PAD_Y,
  },
  strong: { fontWeight: 700, backgroundColor: "#f6f8f7" },
  footer: { position: "absolute", bottom: 14, left: PAGE_MARGIN },
  after: { marginTop: 6, fontSize: 9 },
  footerText: { fontSize: 7, color: "#666666" },
});

type Column = LedgerPdfModel["columns"][number];

/** Each column's width in points: its own, or what the others leave (the flexible one). */
function widthsOf(columns: Column[]): number[] {
  const fixed = columns.reduce((sum, c) => sum + c.width, 0);
  const flexible = columns.filter((c) => !c.width).length;
  return columns.map((c) => c.width || Math.max(40, (CONTENT_WIDTH - fixed) / (flexible || 1)));
}

interface PaintedCell {
  runs: FontRun[];
  advances: number[];
  line: number;
  ascent: number;
}

/** The cell as painted on one line, or null when it would wrap or its text needs textkit. */
function paintable(text: string, room: number): PaintedCell | null {
  if (!text) return { runs: [], advances: [], line: 0, ascent: 0 };
  if (/[\n\r\t]/.test(text) || text.trim() !== text) return null;
  if (textWidth(text, FONT_SIZE) > room) return null;
  const runs = fontRuns(text);
  if (!runs) return null;
  const scale = (font: FontRun["font"]) => FONT_SIZE / font.unitsPerEm;
  const advances = runs.map(({ text, font }) => font.layout(text).advanceWidth * scale(font));
  const line = advances.reduce((sum, a) => sum + a, 0);
  if (line > room) return null;
  const ascent = Math.max(...runs.map(({ font }) => font.ascent * scale(font)));
  return { runs, advances, line, ascent };
}

/** One row on one `Canvas`: each cell's runs set left, or right by its advance. */
function PaintedRow({
  cells,
  columns,
  widths,
}: {
  cells: PaintedCell[];
  columns: Column[];
  widths: number[];
}) {
  return (
    <View style={styles.row} wrap={false}>
      <Canvas
        style={{ width: CONTENT_WIDTH, height: LINE }}
        paint={(painter) => {
          painter.fillColor("#1a1a1a");
          let left = 0;
          cells.forEach((cell, c) => {
            const width = widths[c] as number;
            let x = left + (columns[c]?.right ? width - PAD_X - cell.line : PAD_X);
            cell.runs.forEach(({ text, font }, i) => {
              const y =
                (LINE - FONT_SIZE) / 2 + cell.ascent - (font.ascent * FONT_SIZE) / font.unitsPerEm;
              painter.font(font, FONT_SIZE).text(text, x, y, { lineBreak: false });
              x += cell.advances[i] as number;
            });
            left += width;
          });
          return null;
        }}
      />
    </View>
  );
}

/** The report's pages. */
export function LedgerReportPdf({ model }: { model: LedgerPdfModel }) {
  const widths = widthsOf(model.columns);
  const cellStyle = (c: number) => ({
    width: widths[c] as number,
    paddingHorizontal: PAD_X,
    lineHeight: 1.3,
    textAlign: model.columns[c]?.right ? ("right" as const) : ("left" as const),
  });
  return (
    <Document
      title={model.title}
      language={model.language ?? "bg"}
      creator="Сметка"
      producer="Сметка"
    >
      <Page size="A4" orientation="landscape" style={styles.page}>
        <Text style={styles.title}>{model.title}</Text>
        {model.heading.map((line) => (
          <Text key={line} style={styles.heading}>
            {line}
          </Text>
        ))}
        <View style={styles.headRow} fixed>
          {model.columns.map((column, c) => (
            <Text key={column.label} style={cellStyle(c)}>
              {column.label}
            </Text>
          ))}
        </View>
        {model.rows.map((row, r) => {
          const painted = row.strong
            ? null
            : model.columns.map((_, c) =>
                paintable(row.cells[c] ?? "", (widths[c] as number) - 2 * PAD_X),
              );
          if (painted?.every((cell): cell is PaintedCell => cell !== null)) {
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own, and never move
            return <PaintedRow key={r} cells={painted} columns={model.columns} widths={widths} />;
          }
          return (
            <View
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own, and never move
              key={r}
              style={row.strong ? [styles.row, styles.strong] : styles.row}
              wrap={false}
            >
              {model.columns.map((column, c) => (
                <Text key={column.label} style={cellStyle(c)}>
                  {row.cells[c] ?? ""}
                </Text>
              ))}
            </View>
          );
        })}
        {model.after?.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the paragraphs are fixed text, never move
          <Text key={i} style={styles.after}>
            {line || " "}
          </Text>
        ))}
        <View style={styles.footer} fixed>
          <Text
            render={({ pageNumber, totalPages }) =>
              model.language === "en"
                ? `${model.footer} · page ${pageNumber} of ${totalPages}`
                : `${model.footer} · страница ${pageNumber} от ${totalPages}`
            }
          />
        </View>
      </Page>
    </Document>
  );
}
