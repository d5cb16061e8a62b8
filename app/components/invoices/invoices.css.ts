import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/* The document as it prints (preview and document page): an A4-like sheet. */
export const sheet = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  padding: "clamp(1rem, 4vw, 2.5rem)",
  maxWidth: "52rem",
  fontSize: vars.fontSize.sm,
  lineHeight: 1.45,
});
export const sheetHeader = style({
  display: "flex",
  justifyContent: "space-between",
  gap: vars.space.md,
  alignItems: "flex-start",
  marginBottom: vars.space.md,
});
export const sheetTitle = style({
  fontSize: vars.fontSize.xl,
  color: vars.color.brand,
  margin: 0,
  lineHeight: 1.2,
});
export const number = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  margin: 0,
});
export const mark = style({ fontWeight: vars.fontWeight.bold, margin: `${vars.space.xs} 0 0` });
export const markAlert = style([mark, { color: vars.color.danger }]);
export const logo = style({ maxWidth: "10rem", maxHeight: "4rem", objectFit: "contain" });
export const meta = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(16rem, 1fr))",
  gap: `0 ${vars.space.md}`,
  margin: `0 0 ${vars.space.md}`,
});
globalStyle(`${meta} dt`, { display: "inline", color: vars.color.textMuted });
globalStyle(`${meta} dd`, { display: "inline", margin: 0 });
export const parties = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(16rem, 1fr))",
  gap: vars.space.md,
  marginBottom: vars.space.md,
});
export const party = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  padding: vars.space.sm,
});
export const partyHeading = style({
  fontSize: vars.fontSize.sm,
  textTransform: "uppercase",
  color: vars.color.brand,
  margin: 0,
});
export const partyName = style({ fontWeight: vars.fontWeight.bold, margin: `${vars.space.xs} 0` });
export const plainList = style({ margin: 0, padding: 0, listStyle: "none" });
export const muted = style({ color: vars.color.textMuted });
export const table = style({ width: "100%", borderCollapse: "collapse" });
globalStyle(`${table} th, ${table} td`, {
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: "left",
  verticalAlign: "top",
});
globalStyle(`${table} thead th`, { background: vars.color.brandSoft, fontSize: vars.fontSize.sm });
export const num = style({ textAlign: "right", whiteSpace: "nowrap" });
globalStyle(`${table} th${num}, ${table} td${num}`, { textAlign: "right" });
// A figure's cell in any list (ui/list.css's cell aligns left): right, whatever order the bundle
// gives the two files' rules.
globalStyle(`th${num}, td${num}`, { textAlign: "right" });
// A long heading over a column of figures wraps, so the figures, not the words, set its width.
globalStyle(`thead th${num}`, { whiteSpace: "normal" });
export const totals = style({ marginLeft: "auto", maxWidth: "24rem", marginTop: vars.space.md });
globalStyle(`${totals} div`, {
  display: "flex",
  justifyContent: "space-between",
  gap: vars.space.md,
});
globalStyle(`${totals} dd`, { margin: 0, whiteSpace: "nowrap" });
export const totalStrong = style({
  borderTop: `2px solid ${vars.color.brand}`,
  marginTop: vars.space.xs,
  paddingTop: vars.space.xs,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.md,
});
export const facts = style({
  display: "grid",
  gridTemplateColumns: "minmax(8rem, max-content) 1fr",
  gap: `${vars.space.xs} ${vars.space.md}`,
  marginTop: vars.space.lg,
  // A phone stacks each fact under its label: «Словом», the IBAN and the BIC keep their words
  // whole instead of a letter or two a line beside a wide label (issue #41 item 6).
  "@media": { "screen and (max-width: 40rem)": { gridTemplateColumns: "1fr", rowGap: 0 } },
});
globalStyle(`${facts} dt`, { color: vars.color.textMuted });
globalStyle(`${facts} dd`, { margin: 0, overflowWrap: "break-word" });
globalStyle(`${facts} dd`, {
  "@media": { "screen and (max-width: 40rem)": { marginBottom: vars.space.xs } },
});
/** The EPC QR code for paying by bank transfer and its words (decision 068). */
export const payment = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.md,
  marginTop: vars.space.lg,
});

export const paymentCode = style({
  width: "8rem",
  height: "8rem",
  flex: "none",
  background: "#ffffff",
});

export const signatures = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "space-between",
  gap: vars.space.lg,
  marginTop: vars.space.xl,
});
globalStyle(`${signatures} p`, {
  flex: 1,
  borderTop: `1px solid ${vars.color.textMuted}`,
  paddingTop: vars.space.xs,
  margin: 0,
});

/* Editor */
export const lineRow = style({
  display: "grid",
  gridTemplateColumns: "minmax(12rem, 3fr) repeat(5, minmax(5.5rem, 1fr)) auto",
  gap: vars.space.sm,
  alignItems: "start",
  borderBottom: `1px solid ${vars.color.border}`,
  padding: `${vars.space.sm} 0`,
  "@media": {
    "screen and (max-width: 900px)": { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" },
  },
});
export const lineNet = style({ alignSelf: "center", textAlign: "right", fontWeight: 600 });
export const layout = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) 18rem",
  gap: vars.space.lg,
  alignItems: "start",
  "@media": { "screen and (max-width: 1000px)": { gridTemplateColumns: "minmax(0, 1fr)" } },
});
// minWidth 0: the column is as wide as its track, whatever a card inside it holds.
export const aside = style({ display: "grid", gap: vars.space.md, minWidth: 0 });
export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  marginTop: vars.space.md,
});
export const badge = style({
  display: "inline-block",
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  background: vars.color.brandSoft,
  color: vars.color.brand,
  whiteSpace: "nowrap",
});
export const badgeWarn = style([
  badge,
  { background: vars.color.warningSoft, color: vars.color.warning },
]);
export const badgeDanger = style([
  badge,
  { background: vars.color.dangerSoft, color: vars.color.danger },
]);
export const badgeOk = style([
  badge,
  { background: vars.color.successSoft, color: vars.color.success },
]);
export const badgeMuted = style([badge, { background: "#eceeed", color: vars.color.textMuted }]);
export const summary = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.lg,
  margin: `${vars.space.md} 0`,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
globalStyle(`${summary} dl`, { margin: 0 });
globalStyle(`${summary} dd`, { margin: 0, fontWeight: 700 });
globalStyle(`${summary} dt`, { color: vars.color.textMuted, fontSize: vars.fontSize.sm });
