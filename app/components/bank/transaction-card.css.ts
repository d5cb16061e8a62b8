import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  marginBottom: vars.space.md,
  overflowWrap: "anywhere",
});
export const title = style({ margin: 0, fontSize: vars.fontSize.lg });
export const credit = style({ color: vars.color.success });
export const debit = style({ color: vars.color.danger });
export const meta = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  margin: `${vars.space.xs} 0`,
});
export const reason = style({ margin: `${vars.space.sm} 0`, fontFamily: "inherit" });
export const error = style({
  color: vars.color.danger,
  background: vars.color.dangerSoft,
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
});
export const suggestion = style({
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: vars.space.sm,
  marginTop: vars.space.sm,
});
export const more = style({ marginTop: vars.space.sm });
export const manual = style({
  display: "flex",
  gap: vars.space.md,
  alignItems: "flex-end",
  flexWrap: "wrap",
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: vars.space.sm,
  marginTop: vars.space.sm,
});
export const list = style({ margin: 0, paddingLeft: vars.space.lg });
export const counts = style({ display: "flex", gap: vars.space.md, flexWrap: "wrap" });
