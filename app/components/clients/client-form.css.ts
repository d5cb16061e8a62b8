import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The client a new one repeats: the link to it and «Добави въпреки това». */
export const duplicate = style({
  display: "flex",
  gap: vars.space.md,
  alignItems: "center",
  flexWrap: "wrap",
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.warningSoft,
  border: `1px solid ${vars.color.warning}`,
  marginBottom: vars.space.md,
});
