import { StyleSheet } from "@react-pdf/renderer";
import { PDF_FONT_FAMILY } from "~/modules/pdf/fonts.server";
import { CELL_PADDING } from "./pdf-cells.server";

/*
 * The styles of a document's PDF (pdf.server.tsx): the page, its blocks, and each column's cell.
 * The page split measures with the same figures.
 */

const BRAND = "#184136";
export const styles = StyleSheet.create({
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
  // The payment QR code (decision 068): 3 cm square (EPC069-12 asks for at least 2 cm), its
  // words beside it.
  payment: { flexDirection: "row", marginTop: 12, gap: 12, alignItems: "center" },
  paymentCode: { width: 85, height: 85 },
  paymentText: { flex: 1 },
  paymentTitle: { fontWeight: 700 },
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

export const WIDTHS: Record<string, number | "auto"> = {
  no: 22,
  description: "auto",
  unit: 40,
  quantity: 52,
  unitPrice: 62,
  discount: 46,
  vat: 44,
  amount: 74,
};

function makeCellStyle(key: string, numeric: boolean) {
  const width = WIDTHS[key];
  return {
    ...(width === "auto" ? { flex: 1 } : { width: width as number }),
    paddingHorizontal: CELL_PADDING,
    textAlign: numeric ? ("right" as const) : ("left" as const),
  };
}

const cellStyles = new Map<string, ReturnType<typeof makeCellStyle>>();
/** A column's cell style, made once per column (a document draws hundreds of cells). */
export function cellStyle(key: string, numeric: boolean) {
  const id = `${key}:${numeric}`;
  let style = cellStyles.get(id);
  if (!style) {
    style = makeCellStyle(key, numeric);
    cellStyles.set(id, style);
  }
  return style;
}
