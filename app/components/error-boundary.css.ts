import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const box = style({
  maxWidth: vars.width.narrow,
  margin: `${vars.space.xxl} auto`,
  padding: vars.space.xl,
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  textAlign: "center",
});

export const code = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.brand,
  margin: 0,
});

export const translation = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  marginTop: 0,
});
