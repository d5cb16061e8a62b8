import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/* The client portal's page (decision 069): its frame, the summary and each document's QR code. */

export const frame = style({
  maxWidth: vars.width.content,
  margin: "0 auto",
  padding: `${vars.space.lg} ${vars.space.md}`,
});
export const summary = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  padding: vars.space.md,
  marginBottom: vars.space.lg,
});
export const amount = style({ textAlign: "right", whiteSpace: "nowrap" });
export const overdue = style({ color: vars.color.danger, fontWeight: vars.fontWeight.bold });
export const payList = style({
  listStyle: "none",
  padding: 0,
  display: "grid",
  gap: vars.space.md,
});
export const payItem = style({ display: "flex", gap: vars.space.md, alignItems: "center" });
export const qr = style({ width: 160, height: 160, background: "#fff", flex: "none" });
