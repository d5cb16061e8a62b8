import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

// The Radix viewport: its list is the fixed area (the region around it has no box of its own).
// Newest first: Radix appends each new toast at the end of the list.
export const list = style({
  position: "fixed",
  zIndex: 60,
  top: vars.space.sm,
  left: vars.space.sm,
  right: vars.space.sm,
  outline: "none",
  pointerEvents: "none",
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexDirection: "column-reverse",
  gap: vars.space.sm,
  "@media": {
    "screen and (min-width: 768px)": {
      top: "auto",
      left: "auto",
      bottom: vars.space.lg,
      right: vars.space.lg,
      width: "24rem",
    },
  },
});

const base = style({
  pointerEvents: "auto",
  display: "flex",
  gap: vars.space.md,
  alignItems: "flex-start",
  justifyContent: "space-between",
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  borderLeft: "6px solid",
  background: vars.color.surface,
  // A swipe to the right follows the pointer; short of 50 px the toast slides back.
  selectors: {
    '&[data-swipe="move"]': { transform: "translateX(var(--radix-toast-swipe-move-x))" },
    '&[data-swipe="cancel"]': {
      transform: "translateX(0)",
      transition: "transform 200ms ease-out",
    },
  },
});

export const toast = styleVariants({
  success: [base, { borderLeftColor: vars.color.success }],
  error: [base, { borderLeftColor: vars.color.danger, background: vars.color.dangerSoft }],
  info: [base, { borderLeftColor: vars.color.brand }],
});

export const body = style({ minWidth: 0 });
export const title = style({ fontWeight: vars.fontWeight.bold, margin: 0 });
export const description = style({ margin: 0, fontSize: vars.fontSize.sm });
export const close = style({
  border: "none",
  background: "transparent",
  cursor: "pointer",
  fontSize: vars.fontSize.lg,
  lineHeight: 1,
  padding: vars.space.xs,
  color: vars.color.text,
});
