import { Document, Image, Page, Text as PdfText, StyleSheet, View } from "@react-pdf/renderer";
import type { ComponentProps } from "react";
import { PDF_FONT_FAMILY, pdfHasGlyph } from "~/modules/pdf/fonts.server";
import type { PrintModel } from "./print";
import { printable } from "./print-text";

/*
 * The PDF of a document, drawn with @react-pdf/renderer from the same print model as the HTML
 * preview. It is rendered in the PDF worker pool (app/modules/pdf), never on the request's event
 * loop; Noto Sans is embedded (fonts.server.ts).
 */

const BRAND = "#184136";
const styles = StyleSheet.create({
  page: {
    fontFamily: PDF_FONT_FAMILY,
    fontSize: 9,
    paddingTop: 36,
    paddingBottom: 48,
    paddingHorizontal: 40,
    color: "#1a1a1a",
    lineHeight: 1.35,
  },
  header: { flexDirection: "row", justifyContent: "space-between", marginBottom: 14 },
  title: { fontSize: 18, fontWeight: 700, color: BRAND, lineHeight: 1.25, marginBottom: 2 },
  number: { fontSize: 12, fontWeight: 700, marginTop: 2 },
  mark: { fontSize: 10, fontWeight: 700, marginTop: 4 },
  logo: { maxWidth: 140, maxHeight: 60, objectFit: "contain" },
  meta: { flexDirection: "row", flexWrap: "wrap", marginBottom: 12 },
  metaItem: { width: "50%", flexDirection: "row", marginBottom: 2 },
  label: { color: "#555555" },
  parties: { flexDirection: "row", gap: 16, marginBottom: 14 },
  party: { flex: 1, borderWidth: 0.75, borderColor: "#cfd8d4", borderRadius: 3, padding: 8 },
  partyHeading: {
    fontSize: 8,
    color: BRAND,
    fontWeight: 700,
    marginBottom: 3,
    textTransform: "uppercase",
  },
  partyName: { fontSize: 10.5, fontWeight: 700, marginBottom: 3 },
  table: { borderTopWidth: 1, borderColor: BRAND },
  row: { flexDirection: "row", borderBottomWidth: 0.5, borderColor: "#cfd8d4", paddingVertical: 4 },
  headRow: { flexDirection: "row", backgroundColor: "#eef3f1", paddingVertical: 4 },
  headCell: { fontWeight: 700, fontSize: 8 },
  totals: { marginTop: 8, marginLeft: "auto", width: "55%" },
  totalRow: { flexDirection: "row", justifyContent: "space-between", paddingVertical: 1.5 },
  totalStrong: {
    flexDirection: "row",
    justifyContent: "space-between",
    borderTopWidth: 1,
    borderColor: BRAND,
    marginTop: 3,
    paddingTop: 4,
    fontSize: 11,
    fontWeight: 700,
  },
  facts: { marginTop: 14 },
  fact: { flexDirection: "row", marginBottom: 3 },
  factLabel: { width: 150, color: "#555555" },
  factValue: { flex: 1 },
  signatures: { flexDirection: "row", justifyContent: "space-between", marginTop: 36 },
  signature: { width: "42%", borderTopWidth: 0.75, borderColor: "#888888", paddingTop: 3 },
  footer: {
    marginTop: 24,
    paddingTop: 6,
    borderTopWidth: 0.5,
    borderColor: "#cfd8d4",
    fontSize: 8,
    color: "#555555",
  },
});

const WIDTHS: Record<string, number | string> = {
  no: 22,
  description: "auto",
  unit: 40,
  quantity: 52,
  unitPrice: 62,
  discount: 46,
  vat: 44,
  amount: 74,
};

function cellStyle(key: string, numeric: boolean) {
  const width = WIDTHS[key];
  return {
    ...(width === "auto" ? { flex: 1 } : { width: width as number }),
    paddingHorizontal: 3,
    textAlign: numeric ? ("right" as const) : ("left" as const),
  };
}

/*
 * Lines break at spaces only. react-pdf splits a word where its font changes («София,»: the
 * letters are in the Cyrillic font, the comma in the Latin one) and may break the line there with
 * a hyphen drawn in the first font — which the Cyrillic subset lacks: a box («1680 София□»).
 * A hyphenation penalty of 10,000 (textkit's «infinity») forbids those breaks.
 */
const NEVER = 10_000;
function Text(props: ComponentProps<typeof PdfText>) {
  return <PdfText hyphenationPenalty={NEVER} {...props} />;
}

export interface Logo {
  data: Buffer;
  format: "png" | "jpg";
}

/** The invoice, credit/debit note or proforma as a react-pdf document. */
export function InvoicePdf({ model: typed, logo }: { model: PrintModel; logo: Logo | null }) {
  // Every text as the embedded fonts can draw it: no control character, no missing glyph.
  const model = printable(typed, pdfHasGlyph);
  const markColor = model.markTone === "original" ? "#1a1a1a" : "#b42318";
  return (
    <Document
      title={`${model.title} ${model.number}`.trim()}
      author={model.parties[0]?.name}
      creator="Сметка"
      producer="Сметка"
      language={model.language === "en" ? "en" : "bg"}
    >
      <Page size="A4" style={styles.page}>
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
        <View style={styles.table}>
          <View style={styles.headRow} fixed>
            {model.columns.map((column) => (
              <Text
                key={column.key}
                style={[styles.headCell, cellStyle(column.key, column.numeric)]}
              >
                {column.label}
              </Text>
            ))}
          </View>
          {model.rows.map((row) => (
            <View key={row.no} style={styles.row} wrap={false}>
              {model.columns.map((column) => (
                <Text key={column.key} style={cellStyle(column.key, column.numeric)}>
                  {row[column.key]}
                </Text>
              ))}
            </View>
          ))}
        </View>
        <View style={styles.totals} wrap={false}>
          {model.totals.map((total) => (
            <View key={total.label} style={total.strong ? styles.totalStrong : styles.totalRow}>
              <Text>{total.label}</Text>
              <Text>{total.value}</Text>
            </View>
          ))}
        </View>
        <View style={styles.facts}>
          {model.facts.map((fact) => (
            <View key={fact.label} style={styles.fact} wrap={false}>
              <Text style={styles.factLabel}>{fact.label}:</Text>
              <Text style={styles.factValue}>{fact.value}</Text>
            </View>
          ))}
        </View>
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
        {model.footer ? (
          <View style={styles.footer} wrap={false}>
            <Text>{model.footer}</Text>
          </View>
        ) : null}
      </Page>
    </Document>
  );
}
