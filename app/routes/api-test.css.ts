import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const page = style({
  maxWidth: vars.width.narrow,
  margin: `${vars.space.xl} auto`,
  padding: vars.space.xl,
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
});

const banner = style({ padding: vars.space.md, borderRadius: vars.radius.md, fontWeight: 600 });
export const ok = style([
  banner,
  { background: vars.color.successSoft, color: vars.color.success },
]);
export const error = style([
  banner,
  { background: vars.color.dangerSoft, color: vars.color.danger },
]);

export const list = style({
  display: "grid",
  gridTemplateColumns: "max-content 1fr",
  gap: `${vars.space.sm} ${vars.space.lg}`,
  margin: `${vars.space.lg} 0`,
});

globalStyle(`${list} dd`, { margin: 0 });

export const actions = style({
  display: "flex",
  gap: vars.space.lg,
  alignItems: "center",
  flexWrap: "wrap",
});
