import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const tabs = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
  marginBottom: vars.space.lg,
  borderBottom: `2px solid ${vars.color.border}`,
});

export const tab = style({
  flex: "1 1 auto",
  textAlign: "center",
  padding: vars.space.sm,
  fontWeight: 600,
  textDecoration: "none",
  color: vars.color.textMuted,
  borderBottom: "3px solid transparent",
  marginBottom: "-2px",
  selectors: {
    "&[aria-current='page']": { color: vars.color.brand, borderBottomColor: vars.color.brand },
  },
});
