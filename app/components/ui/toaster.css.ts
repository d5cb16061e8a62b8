import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const region = style({
  position: "fixed",
  zIndex: 60,
  top: vars.space.sm,
  left: vars.space.sm,
  right: vars.space.sm,
  outline: "none",
  pointerEvents: "none",
  "@media": {
    "screen and (min-width: 768px)": {
      top: "auto",
      left: "auto",
      bottom: vars.space.lg,
      right: vars.space.lg,
      width: "24rem",
    },
  },
});

export const list = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
});

const base = style({
  pointerEvents: "auto",
  display: "flex",
  gap: vars.space.md,
  alignItems: "flex-start",
  justifyContent: "space-between",
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  borderLeft: "6px solid",
  background: vars.color.surface,
});

export const toast = styleVariants({
  success: [base, { borderLeftColor: vars.color.success }],
  error: [base, { borderLeftColor: vars.color.danger, background: vars.color.dangerSoft }],
  info: [base, { borderLeftColor: vars.color.brand }],
});

export const title = style({ fontWeight: vars.fontWeight.bold, margin: 0 });
export const description = style({ margin: 0, fontSize: vars.fontSize.sm });
export const close = style({
  border: "none",
  background: "transparent",
  cursor: "pointer",
  fontSize: vars.fontSize.lg,
  lineHeight: 1,
  padding: vars.space.xs,
  color: vars.color.text,
});
