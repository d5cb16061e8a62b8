import { type RecipeVariants, recipe } from "@vanilla-extract/recipes";
import { vars } from "~/styles/theme.css";

export const button = recipe({
  base: {
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    gap: vars.space.sm,
    minHeight: "2.75rem",
    padding: `0 ${vars.space.lg}`,
    borderRadius: vars.radius.md,
    border: "2px solid transparent",
    fontFamily: "inherit",
    fontSize: vars.fontSize.md,
    fontWeight: vars.fontWeight.semibold,
    textDecoration: "none",
    cursor: "pointer",
    transition: "background-color 120ms ease, border-color 120ms ease",
    selectors: {
      "&:disabled, &[aria-disabled='true']": { opacity: 0.6, cursor: "not-allowed" },
    },
  },
  variants: {
    tone: {
      primary: {
        background: vars.color.brand,
        color: vars.color.onBrand,
        selectors: { "&:hover": { background: vars.color.brandHover, color: vars.color.onBrand } },
      },
      secondary: {
        background: vars.color.surface,
        color: vars.color.brand,
        borderColor: vars.color.brand,
        selectors: { "&:hover": { background: vars.color.brandSoft, color: vars.color.brand } },
      },
      // For dark backgrounds (the landing hero): a white button and an outlined one.
      inverse: {
        background: vars.color.surface,
        color: vars.color.brand,
        selectors: { "&:hover": { background: vars.color.brandSoft, color: vars.color.brand } },
      },
      outlineInverse: {
        background: "transparent",
        color: vars.color.onBrand,
        borderColor: vars.color.onBrand,
        selectors: {
          "&:hover": { background: "rgba(255,255,255,0.12)", color: vars.color.onBrand },
        },
      },
      quiet: {
        background: "transparent",
        color: vars.color.brand,
        selectors: { "&:hover": { background: vars.color.brandSoft, color: vars.color.brand } },
      },
    },
    size: {
      md: {},
      lg: { minHeight: "3.25rem", fontSize: vars.fontSize.lg, padding: `0 ${vars.space.xl}` },
    },
  },
  defaultVariants: { tone: "primary", size: "md" },
});

export type ButtonVariants = RecipeVariants<typeof button>;
