import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const page = style({ padding: `${vars.space.lg} 0` });
export const grid = style({
  display: "grid",
  gap: vars.space.lg,
  gridTemplateColumns: "repeat(auto-fit, minmax(18rem, 1fr))",
});
export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.lg,
  // As a grid's item a card may be narrower than its table, which then scrolls in its frame
  // (a grid item's min-width is its content's otherwise: a customer's full page was 251 px too
  // wide at 375 px once the demo customer had clients).
  minWidth: 0,
});
export const warning = style([
  card,
  {
    background: vars.color.warningSoft,
    marginBottom: vars.space.lg,
    borderColor: vars.color.warning,
  },
]);
export const list = style({
  display: "grid",
  gridTemplateColumns: "max-content 1fr",
  gap: `${vars.space.xs} ${vars.space.md}`,
});
globalStyle(`${list} dd`, { margin: 0, overflowWrap: "anywhere" });
globalStyle(`${list} dt`, { color: vars.color.textMuted });
/** Lines one under another (e-mails, reminders, files): a long address breaks, never widens the page. */
export const lines = style({
  margin: 0,
  paddingLeft: vars.space.lg,
  display: "grid",
  gap: vars.space.xs,
  overflowWrap: "anywhere",
});
export const steps = style({ paddingLeft: vars.space.lg, lineHeight: 2 });
export const done = style({ color: vars.color.success });
export const cardTitle = style({ marginTop: 0, fontSize: vars.fontSize.lg });
