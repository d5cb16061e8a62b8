import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const row = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.sm,
  marginTop: `calc(-1 * ${vars.space.sm})`,
  marginBottom: vars.space.md,
});

export const status = style({ margin: 0, fontSize: vars.fontSize.sm, flex: "1 1 12rem" });
