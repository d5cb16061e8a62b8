import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const locked = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  minHeight: "2.75rem",
  padding: `0 ${vars.space.md}`,
  border: `2px dashed ${vars.color.textMuted}`,
  borderRadius: vars.radius.md,
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: "none",
  background: "transparent",
  ":hover": { borderColor: vars.color.brand, color: vars.color.brand },
});
export const lock = style({ width: "1rem", height: "1rem", flexShrink: 0 });
export const badge = style({
  fontSize: vars.fontSize.sm,
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.warningSoft,
  color: vars.color.warning,
});
