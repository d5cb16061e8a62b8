import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/*
 * The payments to НАП as they print (issue #27 item 3): on paper only the sheet — the app's menu,
 * banners, footer, the month's form and the links are left out — black on white, the table whole.
 */

export const sheet = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.lg,
  marginTop: vars.space.lg,
  "@media": {
    print: {
      border: "none",
      padding: 0,
      margin: 0,
      position: "absolute",
      top: 0,
      left: 0,
      width: "100%",
      color: "#000",
      background: "#fff",
    },
  },
});

/** Shown on screen only (the month's form, the links, the download). */
export const screenOnly = style({ "@media": { print: { display: "none" } } });

/** The parties: label and value in two columns. */
export const parties = style({
  display: "grid",
  gridTemplateColumns: "max-content 1fr",
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: `0 0 ${vars.space.md}`,
});
globalStyle(`${parties} dt`, { fontWeight: 600 });
globalStyle(`${parties} dd`, { margin: 0, overflowWrap: "anywhere" });

export const table = style({ width: "100%", borderCollapse: "collapse" });
globalStyle(`${table} caption`, {
  textAlign: "left",
  fontWeight: 600,
  marginBottom: vars.space.sm,
});
globalStyle(`${table} th, ${table} td`, {
  border: `1px solid ${vars.color.border}`,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  textAlign: "left",
  verticalAlign: "top",
});
globalStyle(`${table} tfoot th, ${table} tfoot td`, { fontWeight: 700 });
export const num = style({ textAlign: "right", whiteSpace: "nowrap" });
globalStyle(`${table} ${num}`, { textAlign: "right" });
export const iban = style({ fontFamily: "monospace", whiteSpace: "nowrap" });

/* On paper: only the sheet. Everything else on the page is hidden, the sheet keeps its place. */
globalStyle(`body:has(${sheet}) *`, { "@media": { print: { visibility: "hidden" } } });
// As specific as the rule above and later, so the sheet and what is in it win.
globalStyle(`body:has(${sheet}) ${sheet}, body:has(${sheet}) ${sheet} *`, {
  "@media": { print: { visibility: "visible" } },
});
globalStyle(`${table} th, ${table} td`, {
  "@media": { print: { border: "1px solid #000", color: "#000" } },
});
globalStyle(`${table} tr`, { "@media": { print: { breakInside: "avoid" } } });
