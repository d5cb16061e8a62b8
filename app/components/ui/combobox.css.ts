import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const root = style({ position: "relative" });

export const menu = style({
  position: "absolute",
  zIndex: 20,
  top: "calc(100% + 2px)",
  left: 0,
  right: 0,
  maxHeight: "16rem",
  overflowY: "auto",
  margin: 0,
  padding: vars.space.xs,
  listStyle: "none",
  background: vars.color.surface,
  border: `1px solid ${vars.color.textMuted}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  selectors: { "&:empty": { display: "none" } },
});

export const option = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  cursor: "pointer",
});

export const active = style({
  background: vars.color.brand,
  color: vars.color.onBrand,
});

export const empty = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  color: vars.color.textMuted,
});
