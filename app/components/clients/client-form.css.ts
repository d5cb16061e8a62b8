import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const grid = style({
  display: "grid",
  gap: `0 ${vars.space.xl}`,
  gridTemplateColumns: "repeat(auto-fit, minmax(18rem, 1fr))",
});
export const row = style({
  display: "grid",
  gap: `0 ${vars.space.md}`,
  gridTemplateColumns: "repeat(auto-fit, minmax(9rem, 1fr))",
});
export const legend = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  marginBottom: vars.space.sm,
});
export const table = style({
  width: "100%",
  borderCollapse: "collapse",
  background: vars.color.surface,
});
export const cell = style({
  textAlign: "left",
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: "top",
});
export const toolbar = style({
  display: "flex",
  gap: vars.space.md,
  alignItems: "flex-end",
  flexWrap: "wrap",
  marginBottom: vars.space.lg,
});
export const header = style({
  display: "flex",
  justifyContent: "space-between",
  alignItems: "center",
  gap: vars.space.md,
  flexWrap: "wrap",
});
/** The client a new one repeats: the link to it and «Добави въпреки това». */
export const duplicate = style({
  display: "flex",
  gap: vars.space.md,
  alignItems: "center",
  flexWrap: "wrap",
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.warningSoft,
  border: `1px solid ${vars.color.warning}`,
  marginBottom: vars.space.md,
});
