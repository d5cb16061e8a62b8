import { createGlobalTheme } from "@vanilla-extract/css";

/** Design tokens: the brand green #184136, neutrals, spacing and type scales. */
export const vars = createGlobalTheme(":root", {
  color: {
    brand: "#184136",
    brandHover: "#0f2d25",
    brandSoft: "#e6efec",
    onBrand: "#ffffff",
    text: "#1b1f1d",
    textMuted: "#4a5551",
    background: "#f7f8f7",
    surface: "#ffffff",
    border: "#d5dbd8",
    focus: "#1a73e8",
    danger: "#b42318",
    dangerSoft: "#fdecea",
    warning: "#8a5a00",
    warningSoft: "#fff6db",
    success: "#1e6b45",
    successSoft: "#e5f4ec",
  },
  font: {
    body: "'Noto Sans', system-ui, -apple-system, 'Segoe UI', Arial, sans-serif",
  },
  fontSize: {
    sm: "0.875rem",
    md: "1rem",
    lg: "1.125rem",
    xl: "1.5rem",
    xxl: "2.25rem",
  },
  fontWeight: { normal: "400", semibold: "600", bold: "700" },
  space: {
    xs: "0.25rem",
    sm: "0.5rem",
    md: "1rem",
    lg: "1.5rem",
    xl: "2.5rem",
    xxl: "4rem",
  },
  radius: { sm: "4px", md: "8px", lg: "14px", pill: "999px" },
  shadow: {
    card: "0 1px 2px rgba(16, 24, 20, 0.06), 0 4px 16px rgba(16, 24, 20, 0.06)",
  },
  width: { content: "72rem", narrow: "40rem" },
});
