import { style } from "@vanilla-extract/css";

/** An amount's cell: right-aligned, digits of the same width. */
export const amount = style({ textAlign: "right", fontVariantNumeric: "tabular-nums" });
