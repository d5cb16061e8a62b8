import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const overlay = style({
  position: "fixed",
  inset: 0,
  zIndex: 50,
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  background: "rgba(24, 65, 54, 0.92)",
  color: vars.color.onBrand,
});

export const box = style({ textAlign: "center", padding: vars.space.xl });
export const title = style({
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  margin: 0,
});
export const text = style({ marginTop: vars.space.sm });
