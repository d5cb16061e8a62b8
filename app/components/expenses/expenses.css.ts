import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const section = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.lg,
  marginBottom: vars.space.lg,
  background: vars.color.surface,
});

export const legend = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  padding: `0 ${vars.space.xs}`,
});

export const row = style({
  display: "grid",
  gap: `0 ${vars.space.md}`,
  gridTemplateColumns: "repeat(auto-fit, minmax(12rem, 1fr))",
});

export const amounts = style({ width: "100%", borderCollapse: "collapse" });
globalStyle(`${amounts} th, ${amounts} td`, {
  padding: vars.space.xs,
  textAlign: "left",
  verticalAlign: "top",
});
globalStyle(`${amounts} tfoot th, ${amounts} tfoot td`, {
  borderTop: `2px solid ${vars.color.border}`,
  fontWeight: vars.fontWeight.bold,
});

export const radioRow = style({
  display: "flex",
  gap: vars.space.lg,
  flexWrap: "wrap",
  marginBottom: vars.space.md,
});

export const thumbs = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(9rem, 1fr))",
  gap: vars.space.md,
  listStyle: "none",
  padding: 0,
  margin: `0 0 ${vars.space.md}`,
});

export const thumb = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.sm,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  overflowWrap: "anywhere",
});

export const thumbImage = style({
  width: "100%",
  height: "7rem",
  objectFit: "cover",
  borderRadius: vars.radius.sm,
  background: vars.color.background,
});

export const dropzone = style({
  border: `2px dashed ${vars.color.textMuted}`,
  borderRadius: vars.radius.md,
  padding: vars.space.lg,
  textAlign: "center",
  marginBottom: vars.space.md,
  selectors: {
    "&[data-over='true']": { borderColor: vars.color.brand, background: vars.color.brandSoft },
  },
});

export const duplicate = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.warningSoft,
  border: `1px solid ${vars.color.warning}`,
  marginBottom: vars.space.md,
});
