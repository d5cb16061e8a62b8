import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const wrap = style({
  overflowX: "auto",
  maxWidth: "100%",
  // The frame is the containing block of what is positioned inside the table (the visually
  // hidden captions and labels are `position: absolute`): otherwise they escape the scrolling
  // frame at the table's far edge and make the whole page as wide as the table (issue #25).
  position: "relative",
  selectors: {
    "&:focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
});

// A phone's width: a list keeps its key columns on screen and leaves the others out.
const PHONE = "screen and (max-width: 40rem)";

// On a phone the figures are a little smaller and the cells closer, so more columns fit.
globalStyle(`${wrap} table`, { "@media": { [PHONE]: { fontSize: vars.fontSize.sm } } });
globalStyle(`${wrap} th, ${wrap} td`, {
  "@media": { [PHONE]: { paddingLeft: vars.space.xs, paddingRight: vars.space.xs } },
});

/** A column a phone leaves out (its facts are repeated in a `phoneOnly` line of a key cell). */
export const wideOnly = style({ "@media": { [PHONE]: { display: "none" } } });

/** A line shown only on a phone: what the columns it leaves out said. */
export const phoneOnly = style({
  display: "none",
  "@media": {
    [PHONE]: {
      display: "block",
      fontSize: vars.fontSize.sm,
      fontWeight: vars.fontWeight.normal,
      color: vars.color.textMuted,
      whiteSpace: "normal",
    },
  },
});
