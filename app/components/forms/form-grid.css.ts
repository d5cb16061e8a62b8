import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/* A form's columns: fields in a grid, a row of short fields, a fieldset's legend. */

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
