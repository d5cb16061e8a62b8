import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const field = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  marginBottom: vars.space.md,
});

export const label = style({ fontWeight: vars.fontWeight.semibold, fontSize: vars.fontSize.sm });

export const input = style({
  font: "inherit",
  minHeight: "2.75rem",
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.textMuted}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  width: "100%",
  selectors: {
    "&[aria-invalid='true']": { borderColor: vars.color.danger, borderWidth: "2px" },
  },
});

export const inputRow = style({ display: "flex", gap: vars.space.sm, alignItems: "stretch" });

export const hint = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const error = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.danger,
  fontWeight: 600,
});

export const ok = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.success,
  fontWeight: 600,
});

export const checkboxRow = style({
  display: "flex",
  gap: vars.space.sm,
  alignItems: "flex-start",
  marginBottom: vars.space.md,
});

globalStyle(`${checkboxRow} input`, {
  width: "1.25rem",
  height: "1.25rem",
  marginTop: "0.15rem",
  accentColor: vars.color.brand,
  flexShrink: 0,
});

export const honeypot = style({
  position: "absolute",
  left: "-10000px",
  width: "1px",
  height: "1px",
  overflow: "hidden",
});

export const botBox = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.background,
  marginBottom: vars.space.xs,
});

export const formError = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  fontWeight: 600,
  marginBottom: vars.space.md,
});

export const fieldset = style({ border: "none", padding: 0, margin: `0 0 ${vars.space.md}` });

export const legend = style({
  fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.sm,
  marginBottom: vars.space.xs,
});
