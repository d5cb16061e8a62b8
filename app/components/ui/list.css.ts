import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/* The one list style: a list's table and cells, the toolbar above it, the header row with its
 * title and actions. */

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
