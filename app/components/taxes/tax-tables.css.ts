import { style } from "@vanilla-extract/css";
import { cell } from "~/components/ui/list.css";

/* The tax tables' cells (decision 076): amounts right-aligned on one line, headings bold. */

export const amount = style([cell, { textAlign: "right", whiteSpace: "nowrap" }]);
export const heading = style([cell, { fontWeight: "bold", paddingTop: "1rem" }]);
export const strongRow = style([cell, { fontWeight: "bold" }]);
