import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const wrap = style({
  overflowX: "auto",
  maxWidth: "100%",
  selectors: {
    "&:focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
});
