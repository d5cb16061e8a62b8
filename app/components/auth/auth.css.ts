import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const page = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  padding: `${vars.space.xl} ${vars.space.md}`,
  flex: 1,
});
export const logo = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  fontSize: vars.fontSize.xl,
  fontWeight: 700,
  color: vars.color.brand,
  textDecoration: "none",
  marginBottom: vars.space.lg,
});
export const card = style({
  width: "100%",
  maxWidth: "34rem",
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.xl,
  "@media": { "screen and (max-width: 480px)": { padding: vars.space.md } },
});
export const links = style({
  display: "flex",
  justifyContent: "space-between",
  gap: vars.space.md,
  flexWrap: "wrap",
  marginBottom: vars.space.md,
  fontSize: vars.fontSize.sm,
});
export const actions = style({
  display: "flex",
  justifyContent: "space-between",
  gap: vars.space.md,
  marginTop: vars.space.lg,
});
export const full = style({ width: "100%" });
export const progress = style({ width: "100%", height: "0.5rem", accentColor: vars.color.brand });
/** The step's heading: «Стъпка N от 3» on its own line above the step's title. */
export const stepHeading = style({ outline: "none" });
export const stepLabel = style({
  display: "block",
  fontSize: vars.fontSize.sm,
  fontWeight: "normal",
  color: vars.color.textMuted,
  margin: `${vars.space.xs} 0`,
});
export const stepTitle = style({ display: "block" });
export const row = style({
  display: "grid",
  gap: `0 ${vars.space.md}`,
  gridTemplateColumns: "repeat(auto-fit, minmax(12rem, 1fr))",
});
export const consent = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  textAlign: "center",
  maxWidth: "34rem",
  marginTop: vars.space.lg,
});
