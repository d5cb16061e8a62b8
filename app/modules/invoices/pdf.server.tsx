import { Canvas, Document, Image, Page, renderToBuffer, View } from "@react-pdf/renderer";
import { Fragment } from "react";
import { pdfHasGlyph, textWidth } from "~/modules/pdf/fonts.server";
import { type CellSetting, innerWidths, rowCells } from "./pdf-cells.server";
import { PaymentBlock, paymentHeight } from "./pdf-payment.server";
import { cellStyle, styles, WIDTHS } from "./pdf-styles.server";
import { Text } from "./pdf-text.server";
import type { PrintModel } from "./print";
import { printable } from "./print-text";

/*
 * The PDF of a document, drawn with @react-pdf/renderer from the same print model as the HTML
 * preview. It is rendered in the PDF worker pool (app/modules/pdf), never on the request's event
 * loop; Noto Sans is embedded (fonts.server.ts).
 */

export interface Logo {
  data: Buffer;
  format: "png" | "jpg";
}

/**
 * The invoice, credit/debit note or proforma as PDF bytes, on the pages `splitPages` chose
 * (decision 022). A page the estimate got wrong — its content runs past the bottom margin in
 * react-pdf's own layout — is never handed out: the document is rendered again flowing, and
 * react-pdf breaks the pages itself (the way every document was rendered before).
 */
export async function renderInvoicePdf(typed: PrintModel, logo: Logo | null): Promise<Buffer> {
  // Every text as the embedded fonts can draw it: no control character, no missing glyph.
  const model = printable(typed, pdfHasGlyph);
  const pages = splitPages(model, Boolean(logo));
  const split = await renderPages(model, logo, pages);
  if (fitsPages(split.layout, pages.length)) return split.bytes;
  return (await renderPages(model, logo, null)).bytes;
}

/**
 * The PDF on the given pages (null: flowing), and react-pdf's layout of it. `cells: "text"` sets
 * every cell of the lines with react-pdf's `Text`: the reference the painted cells are tested
 * against (decision 039).
 */
export async function renderPages(
  model: PrintModel,
  logo: Logo | null,
  pages: PdfPage[] | null,
  cells: "painted" | "text" = "painted",
) {
  let layout: unknown;
  const bytes = await renderToBuffer(
    <InvoicePdf
      model={model}
      logo={logo}
      pages={pages}
      cells={cells}
      onLayout={(rendered) => {
        layout = rendered;
      }}
    />,
  );
  return { bytes, layout };
}

/** What follows the lines, in this order; the facts may go on over two pages. */
export type PdfTailBlock =
  | { kind: "totals" }
  | { kind: "facts"; facts: PrintModel["facts"]; first: boolean }
  | { kind: "payment" }
  | { kind: "signatures" }
  | { kind: "footer" };

/** One page of a document split by `splitPages`: the header, some lines, what follows them. */
export interface PdfPage {
  /** From 1. */
  number: number;
  header: boolean;
  rows: Record<string, string>[];
  tail: PdfTailBlock[];
}

/**
 * The invoice as a react-pdf document: on the given pages, each laid out once; with `pages`
 * null, one flowing page that react-pdf breaks where the content ends (the header row of the
 * lines repeated on each).
 */
export function InvoicePdf({
  model,
  logo,
  pages,
  cells = "painted",
  onLayout,
}: {
  model: PrintModel;
  logo: Logo | null;
  pages: PdfPage[] | null;
  cells?: "painted" | "text";
  onLayout?: (layout: unknown) => void;
}) {
  const markColor = model.markTone === "original" ? "#1a1a1a" : "#b42318";
  const header = (
    <>
      <View style={styles.header}>
        <View style={{ flex: 1 }}>
          <Text style={styles.title}>{model.title}</Text>
          {model.number ? <Text style={styles.number}>{model.number}</Text> : null}
          <Text style={[styles.mark, { color: markColor }]}>{model.mark}</Text>
        </View>
        {logo ? <Image style={styles.logo} src={logo} /> : null}
      </View>
      <View style={styles.meta}>
        {model.meta.map((item) => (
          <View key={item.label} style={styles.metaItem}>
            <Text style={styles.label}>{item.label}: </Text>
            <Text>{item.value}</Text>
          </View>
        ))}
      </View>
      <View style={styles.parties}>
        {model.parties.map((party) => (
          <View key={party.heading} style={styles.party}>
            <Text style={styles.partyHeading}>{party.heading}</Text>
            <Text style={styles.partyName}>{party.name}</Text>
            {party.rows.map((row) => (
              <Text key={row.label}>
                <Text style={styles.label}>{row.label}: </Text>
                {row.value}
              </Text>
            ))}
          </View>
        ))}
      </View>
    </>
  );
  const table = (rows: Record<string, string>[], flowing: boolean) => (
    <View style={styles.table}>
      <View style={styles.headRow} fixed={flowing}>
        {model.columns.map((column) => (
          <Text key={column.key} style={[styles.headCell, cellStyle(column.key, column.numeric)]}>
            {column.label}
          </Text>
        ))}
      </View>
      {rows.map((row) => (
        <View key={row.no} style={styles.row} wrap={false}>
          {rowCells(model.columns, row, cells === "painted" ? LINE_CELLS : null).map((cell) =>
            cell.kind === "text" ? (
              <Text key={cell.column.key} style={cellStyle(cell.column.key, cell.column.numeric)}>
                {cell.text}
              </Text>
            ) : (
              <Canvas key={cell.key} style={cell.style} paint={cell.paint} />
            ),
          )}
        </View>
      ))}
    </View>
  );
  const totals = (
    <View style={styles.totals} wrap={false}>
      {model.totals.map((total) => (
        <View key={total.label} style={total.strong ? styles.totalStrong : styles.totalRow}>
          <Text>{total.label}</Text>
          <Text>{total.value}</Text>
        </View>
      ))}
    </View>
  );
  const facts = (list: PrintModel["facts"], first: boolean) => (
    <View style={first ? styles.facts : undefined}>
      {list.map((fact) => (
        <View key={fact.label} style={styles.fact} wrap={false}>
          <Text style={styles.factLabel}>{fact.label}:</Text>
          <Text style={styles.factValue}>{fact.value}</Text>
        </View>
      ))}
    </View>
  );
  const payment = model.payment ? <PaymentBlock payment={model.payment} /> : null;
  const signatures = (
    <View style={styles.signatures} wrap={false}>
      {model.signatures.map((signature) => (
        <View key={signature.label} style={styles.signature}>
          <Text>
            <Text style={styles.label}>{signature.label}: </Text>
            {signature.value}
          </Text>
        </View>
      ))}
    </View>
  );
  const footer = model.footer ? (
    <View style={styles.footer} wrap={false}>
      <Text>{model.footer}</Text>
    </View>
  ) : null;
  const block = (part: PdfTailBlock) =>
    part.kind === "totals"
      ? totals
      : part.kind === "facts"
        ? facts(part.facts, part.first)
        : part.kind === "payment"
          ? payment
          : part.kind === "signatures"
            ? signatures
            : footer;
  return (
    <Document
      title={`${model.title} ${model.number}`.trim()}
      author={model.parties[0]?.name}
      creator="Сметка"
      producer="Сметка"
      language={model.language === "en" ? "en" : "bg"}
      // react-pdf hands `onRender` its layout (typed as `{ blob? }`: the browser's part only).
      onRender={
        onLayout &&
        ((rendered: object) =>
          onLayout((rendered as { _INTERNAL__LAYOUT__DATA_?: unknown })._INTERNAL__LAYOUT__DATA_))
      }
    >
      {pages ? (
        pages.map((page) => (
          // Laid out once as it is: react-pdf splits no page that does not wrap. Such a page
          // is as tall as what it holds, so it is held at A4 (one over it fails `fitsPages`).
          <Page
            key={page.number}
            size="A4"
            style={[styles.page, { minHeight: A4_HEIGHT }]}
            wrap={false}
          >
            {page.header ? header : null}
            {page.header || page.rows.length ? table(page.rows, false) : null}
            {page.tail.map((part) => (
              <Fragment key={part.kind}>{block(part)}</Fragment>
            ))}
          </Page>
        ))
      ) : (
        <Page size="A4" style={styles.page}>
          {header}
          {table(model.rows, true)}
          {totals}
          {facts(model.facts, true)}
          {payment}
          {signatures}
          {footer}
        </Page>
      )}
    </Document>
  );
}

/*
 * The page split (decision 022). react-pdf breaks a flowing page by laying out the rest of the
 * document again at each break; a document given its pages is laid out once. The heights below
 * are those of the styles above, each text's lines counted at its width — a word never breaks,
 * the widths leave kerning out (a line is a little wider here than printed), so a page holds at
 * most what it prints. `fitsPages` checks the result in react-pdf's own layout.
 */
const A4_HEIGHT = 841.89;
const CONTENT_WIDTH = 595.28 - 2 * styles.page.paddingHorizontal;
const CONTENT_BOTTOM = A4_HEIGHT - styles.page.paddingBottom;
/** react-pdf resolves the page's line height once (9 pt × 1.35): each line of text below it. */
const LINE = styles.page.fontSize * styles.page.lineHeight;
/** How a line's cells are set: the page's text, one line tall, in their columns' widths. */
export const LINE_CELLS: CellSetting = {
  fontSize: styles.page.fontSize,
  color: styles.page.color,
  lineHeight: LINE,
  contentWidth: CONTENT_WIDTH,
  widths: WIDTHS,
};
const ROW_CHROME = 2 * styles.row.paddingVertical + styles.row.borderBottomWidth;

/**
 * The lines `text` takes at `width` points, broken as textkit breaks them: at spaces only (a
 * «\n» starts a line), a space may shrink by a third of its width (Knuth–Plass glue, textkit's
 * `opts`); a word wider than the line is a line of its own, running over the edge.
 */
function linesOf(text: string, width: number, size = styles.page.fontSize, bold = false) {
  const space = textWidth(" ", size, bold);
  let count = 0;
  for (const paragraph of text.split("\n")) {
    count++;
    let line = -1;
    let spaces = 0;
    for (const word of paragraph.split(" ")) {
      const w = textWidth(word, size, bold);
      if (line >= 0 && line + space + w - ((spaces + 1) * space) / 3 <= width) {
        line += space + w;
        spaces++;
      } else {
        if (line >= 0) count++;
        line = w;
        spaces = 0;
      }
    }
  }
  return count;
}

function rowHeight(model: PrintModel, widths: number[], row: Record<string, string>) {
  let lines = 1;
  model.columns.forEach((column, i) => {
    lines = Math.max(lines, linesOf(row[column.key] ?? "", widths[i]!));
  });
  return ROW_CHROME + lines * LINE;
}

function headerHeight(model: PrintModel, logo: boolean) {
  const titleWidth = CONTENT_WIDTH - (logo ? styles.logo.maxWidth : 0);
  const left =
    linesOf(model.title, titleWidth, styles.title.fontSize, true) *
      styles.title.fontSize *
      styles.title.lineHeight +
    styles.title.marginBottom +
    (model.number
      ? styles.number.marginTop +
        linesOf(model.number, titleWidth, styles.number.fontSize, true) * LINE
      : 0) +
    styles.mark.marginTop +
    linesOf(model.mark, titleWidth, styles.mark.fontSize, true) * LINE;
  let height = Math.max(left, logo ? styles.logo.maxHeight : 0) + styles.header.marginBottom;
  // The facts two to a row, each half the width: a label, then its value wrapping beside it.
  const half = CONTENT_WIDTH / 2;
  const meta = model.meta.map(
    (item) =>
      linesOf(item.value, half - textWidth(`${item.label}: `, styles.page.fontSize)) * LINE +
      styles.metaItem.marginBottom,
  );
  for (let i = 0; i < meta.length; i += 2) height += Math.max(meta[i]!, meta[i + 1] ?? 0);
  height += styles.meta.marginBottom;
  const count = Math.max(1, model.parties.length);
  const chrome = 2 * styles.party.borderWidth + 2 * styles.party.padding;
  const inner = (CONTENT_WIDTH - styles.parties.gap * (count - 1)) / count - chrome;
  const parties = model.parties.map(
    (party) =>
      chrome +
      linesOf(party.heading.toUpperCase(), inner, styles.partyHeading.fontSize, true) * LINE +
      styles.partyHeading.marginBottom +
      linesOf(party.name, inner, styles.partyName.fontSize, true) * LINE +
      styles.partyName.marginBottom +
      party.rows.reduce((sum, row) => sum + linesOf(`${row.label}: ${row.value}`, inner) * LINE, 0),
  );
  return height + Math.max(0, ...parties) + styles.parties.marginBottom;
}

function tableHeadHeight(model: PrintModel, widths: number[]) {
  const lines = Math.max(
    1,
    ...model.columns.map((c, i) => linesOf(c.label, widths[i]!, styles.headCell.fontSize, true)),
  );
  return styles.table.borderTopWidth + 2 * styles.headRow.paddingVertical + lines * LINE;
}

/** The heights of what follows the lines: the totals, each fact, the signatures, the footer. */
function tailHeights(model: PrintModel) {
  const totalsWidth = CONTENT_WIDTH * 0.55;
  let totals = styles.totals.marginTop;
  for (const total of model.totals) {
    const bold = Boolean(total.strong);
    const size = bold ? styles.totalStrong.fontSize : styles.page.fontSize;
    const label = totalsWidth - textWidth(total.value, size, bold);
    const lines = linesOf(total.label, label, size, bold) * LINE;
    totals += bold
      ? styles.totalStrong.marginTop +
        styles.totalStrong.borderTopWidth +
        styles.totalStrong.paddingTop +
        lines
      : 2 * styles.totalRow.paddingVertical + lines;
  }
  const facts = model.facts.map(
    (fact) =>
      Math.max(
        linesOf(`${fact.label}:`, styles.factLabel.width),
        linesOf(fact.value, CONTENT_WIDTH - styles.factLabel.width),
      ) *
        LINE +
      styles.fact.marginBottom,
  );
  const signature = CONTENT_WIDTH * 0.42;
  const signatures =
    styles.signatures.marginTop +
    styles.signature.borderTopWidth +
    styles.signature.paddingTop +
    Math.max(1, ...model.signatures.map((s) => linesOf(`${s.label}: ${s.value}`, signature))) *
      LINE;
  const footer = model.footer
    ? styles.footer.marginTop +
      styles.footer.paddingTop +
      styles.footer.borderTopWidth +
      linesOf(model.footer, CONTENT_WIDTH, styles.footer.fontSize) * LINE
    : 0;
  const payment = model.payment
    ? paymentHeight(model.payment, CONTENT_WIDTH, LINE, (text, width, bold) =>
        linesOf(text, width, styles.page.fontSize, bold),
      )
    : 0;
  return { totals, facts, payment, signatures, footer };
}

/**
 * The pages of a document, as react-pdf broke them when it flowed the document itself: the
 * header on the first, then as many lines as fit on each (the header row of the lines on every
 * page that has lines), the totals, the facts (one by one), the signatures and the footer after
 * the last line, each on the next page when it does not fit.
 */
export function splitPages(model: PrintModel, logo: boolean): PdfPage[] {
  const widths = innerWidths(model.columns, LINE_CELLS);
  const head = tableHeadHeight(model, widths);
  const top = styles.page.paddingTop;
  const pages: PdfPage[] = [{ number: 1, header: true, rows: [], tail: [] }];
  let page = pages[0]!;
  const blank = (): PdfPage => ({ number: pages.length + 1, header: false, rows: [], tail: [] });
  let y = top + headerHeight(model, logo) + head;
  /** Something `height` tall goes on this page, or at the top of the next. */
  const place = (height: number, fresh: () => PdfPage, startHeight = height) => {
    if (y + height > CONTENT_BOTTOM && (page.header || page.rows.length || page.tail.length)) {
      page = fresh();
      pages.push(page);
      y = top + startHeight;
      return true;
    }
    y += height;
    return false;
  };
  for (const row of model.rows) {
    const height = rowHeight(model, widths, row);
    place(height, blank, head + height);
    page.rows.push(row);
  }
  const tail = tailHeights(model);
  place(tail.totals, blank);
  page.tail.push({ kind: "totals" });
  let facts: PdfTailBlock & { kind: "facts" } = {
    kind: "facts",
    facts: [],
    first: true,
  };
  for (const [i, fact] of model.facts.entries()) {
    const height = tail.facts[i]!;
    // The facts' top margin on the page they start on, when something is above them.
    const fresh = place((i === 0 ? styles.facts.marginTop : 0) + height, blank, height);
    if (i === 0 || fresh) {
      facts = { kind: "facts", facts: [], first: i === 0 && !fresh };
      page.tail.push(facts);
    }
    facts.facts.push(fact);
  }
  if (model.payment) {
    place(tail.payment, blank);
    page.tail.push({ kind: "payment" });
  }
  place(tail.signatures, blank);
  page.tail.push({ kind: "signatures" });
  if (model.footer) {
    place(tail.footer, blank);
    page.tail.push({ kind: "footer" });
  }
  return pages;
}

interface LayoutNode {
  box?: { top: number; height: number };
  children?: LayoutNode[];
}

/** The lowest edge of a node and all it holds, from the top of its page. */
function bottomOf(node: LayoutNode, top: number): number {
  const at = top + (node.box?.top ?? 0);
  let bottom = at + (node.box?.height ?? 0);
  for (const child of node.children ?? []) bottom = Math.max(bottom, bottomOf(child, at));
  return bottom;
}

/**
 * True when react-pdf laid the document out on `count` pages, nothing below a page's bottom
 * margin. Without the layout (react-pdf hands it to `onRender`) it cannot tell: false.
 */
export function fitsPages(layout: unknown, count: number): boolean {
  const pages = (layout as LayoutNode | undefined)?.children;
  if (!Array.isArray(pages) || pages.length !== count) return false;
  // The page's own box starts at 0; what it holds is measured from there (0.01 pt: rounding).
  return pages.every((page) =>
    (page.children ?? []).every((child) => bottomOf(child, 0) <= CONTENT_BOTTOM + 0.01),
  );
}
