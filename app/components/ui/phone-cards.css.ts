import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

// A phone's width (the same as scroll-table's): the table gives way to one card a row.
const PHONE = "screen and (max-width: 40rem)";

/** What only a wider screen (and print) shows: the table. */
export const wideTable = style({ "@media": { [PHONE]: { display: "none" } } });

/** The cards: only on a phone. */
export const cards = style({
  display: "none",
  listStyle: "none",
  margin: `0 0 ${vars.space.md}`,
  padding: 0,
  "@media": { [PHONE]: { display: "grid", gap: vars.space.sm } },
});

export const cardsTitle = style({
  display: "none",
  fontSize: vars.fontSize.md,
  margin: `${vars.space.md} 0 ${vars.space.sm}`,
  "@media": { [PHONE]: { display: "block" } },
});

export const card = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  padding: vars.space.sm,
  background: vars.color.surface,
});

export const cardTotal = style([card, { background: vars.color.brandSoft }]);

export const cardTitle = style({
  fontWeight: vars.fontWeight.semibold,
  margin: `0 0 ${vars.space.xs}`,
  overflowWrap: "break-word",
});

export const fields = style({ margin: 0, display: "grid", gap: "0.15rem" });
globalStyle(`${fields} > div`, {
  display: "flex",
  justifyContent: "space-between",
  gap: vars.space.sm,
});
globalStyle(`${fields} dt`, { color: vars.color.textMuted });
globalStyle(`${fields} dd`, { margin: 0, textAlign: "right", overflowWrap: "break-word" });
export const numeric = style({ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" });
