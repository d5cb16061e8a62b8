import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const hero = style({ background: vars.color.brand, color: vars.color.onBrand });

export const heroInner = style({
  maxWidth: vars.width.content,
  margin: "0 auto",
  padding: `${vars.space.xxl} ${vars.space.md}`,
});

export const heroTitle = style({
  fontSize: "clamp(1.75rem, 4vw, 2.75rem)",
  maxWidth: "22ch",
});

export const lead = style({ fontSize: vars.fontSize.lg, maxWidth: "60ch" });

export const actions = style({
  display: "flex",
  gap: vars.space.md,
  flexWrap: "wrap",
  marginTop: vars.space.lg,
});

export const section = style({
  maxWidth: vars.width.content,
  margin: "0 auto",
  padding: `${vars.space.xl} ${vars.space.md}`,
});

export const grid = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(16rem, 1fr))",
  gap: vars.space.lg,
});

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.lg,
});

export const note = style({ marginTop: vars.space.lg, color: vars.color.textMuted });

/** A plan's price on its card (issue #31 item 3). */
export const price = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  margin: `${vars.space.xs} 0`,
});
