import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const alert = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.danger}`,
  background: vars.color.dangerSoft,
  color: vars.color.text,
  marginBottom: vars.space.md,
});

export const message = style({ margin: `0 0 ${vars.space.sm}`, fontWeight: 600 });

export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  alignItems: "center",
});
