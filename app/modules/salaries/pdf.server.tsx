import { Document, Page, StyleSheet, Text, View } from "@react-pdf/renderer";
import { printable } from "~/modules/invoices/print-text";
import { PDF_FONT_FAMILY, pdfHasGlyph } from "~/modules/pdf/fonts.server";
import type { PayrollSheetModel, PayslipModel } from "./print";

/* The payroll sheet and payslips as PDF: drawn in the PDF worker pool with the invoices' fonts. */

const BRAND = "#184136";
const styles = StyleSheet.create({
  page: {
    fontFamily: PDF_FONT_FAMILY,
    fontSize: 8.5,
    paddingTop: 32,
    paddingBottom: 40,
    paddingHorizontal: 32,
    color: "#1a1a1a",
    lineHeight: 1.35,
  },
  title: { fontSize: 15, fontWeight: 700, color: BRAND, marginBottom: 4 },
  draft: { fontSize: 11, fontWeight: 700, color: "#b00020", marginBottom: 6 },
  company: { marginBottom: 12, color: "#444444" },
  headRow: { flexDirection: "row", backgroundColor: "#eef3f1", paddingVertical: 4 },
  row: { flexDirection: "row", borderBottomWidth: 0.5, borderColor: "#cfd8d4", paddingVertical: 3 },
  totalRow: { flexDirection: "row", borderTopWidth: 1, borderColor: BRAND, paddingVertical: 4 },
  bold: { fontWeight: 700 },
  line: { flexDirection: "row", justifyContent: "space-between", paddingVertical: 2 },
  net: {
    flexDirection: "row",
    justifyContent: "space-between",
    borderTopWidth: 1,
    borderColor: BRAND,
    marginTop: 6,
    paddingTop: 4,
    fontSize: 12,
    fontWeight: 700,
  },
  signatures: { flexDirection: "row", justifyContent: "space-between", marginTop: 36 },
  signature: { width: "40%", borderTopWidth: 0.75, borderColor: "#888888", paddingTop: 3 },
});

// The sheet's columns: №, the employee (the rest of the width), ЕГН/ЛНЧ, days, then amounts.
const cell = (i: number) =>
  i === 1
    ? { flex: 1, paddingHorizontal: 2 }
    : {
        width: i === 0 ? 18 : i === 2 ? 52 : i === 3 ? 30 : 56,
        paddingHorizontal: 2,
        textAlign: i <= 2 ? ("left" as const) : ("right" as const),
      };

function Company({ company }: { company: PayrollSheetModel["company"] }) {
  return (
    <Text style={styles.company}>
      {company.name} · ЕИК {company.eik} · {company.address}
    </Text>
  );
}

/** The month's payroll sheet (ведомост), landscape. */
export function PayrollSheetPdf({ model: typed }: { model: PayrollSheetModel }) {
  // Names and addresses as the fonts draw them: no control character, no missing-glyph box.
  const model = printable(typed, pdfHasGlyph);
  return (
    <Document title={model.title} language="bg">
      <Page size="A4" orientation="landscape" style={styles.page}>
        <Text style={styles.title}>{model.title}</Text>
        {model.draft ? <Text style={styles.draft}>{model.draft}</Text> : null}
        <Company company={model.company} />
        <View style={styles.headRow} fixed>
          {model.head.map((text, i) => (
            <Text key={text} style={[cell(i), styles.bold]}>
              {text}
            </Text>
          ))}
        </View>
        {model.rows.map((row) => (
          <View key={row[0]} style={styles.row} wrap={false}>
            {row.map((text, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
              <Text key={i} style={cell(i)}>
                {text}
              </Text>
            ))}
          </View>
        ))}
        <View style={styles.totalRow} wrap={false}>
          {model.totals.map((text, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
            <Text key={i} style={[cell(i), styles.bold]}>
              {text}
            </Text>
          ))}
        </View>
        <Text style={{ marginTop: 10 }}>
          Осигуровките и данъкът се внасят до {model.dueDate}. Суми в евро.
        </Text>
        <View style={styles.signatures} wrap={false}>
          <Text style={styles.signature}>Съставил</Text>
          <Text style={styles.signature}>Управител</Text>
        </View>
      </Page>
    </Document>
  );
}

/** Payslips, one A5 page each. */
export function PayslipsPdf({ models: typed }: { models: PayslipModel[] }) {
  const models = printable(typed, pdfHasGlyph);
  return (
    <Document title={models[0]?.title ?? "Фишове"} language="bg">
      {models.map((model) => (
        <PayslipPage key={model.employee} model={model} />
      ))}
    </Document>
  );
}

function PayslipPage({ model }: { model: PayslipModel }) {
  return (
    <Page size="A5" style={styles.page}>
      <Text style={styles.title}>{model.title}</Text>
      {model.draft ? <Text style={styles.draft}>{model.draft}</Text> : null}
      <Company company={model.company} />
      <Text style={[styles.bold, { marginBottom: 8 }]}>{model.employee}</Text>
      {model.lines.map(([label, value]) => (
        <View key={label} style={styles.line}>
          <Text>{label}</Text>
          <Text>{value}</Text>
        </View>
      ))}
      <View style={styles.net}>
        <Text>Нето за изплащане</Text>
        <Text>{model.net}</Text>
      </View>
      <View style={styles.signatures} wrap={false}>
        <Text style={styles.signature}>Работодател</Text>
        <Text style={styles.signature}>Получил</Text>
      </View>
    </Page>
  );
}
