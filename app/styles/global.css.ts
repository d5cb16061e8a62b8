import { globalFontFace, globalStyle } from "@vanilla-extract/css";
import { vars } from "./theme.css";

// Noto Sans is served from /fonts (no CDN); the browser loads only the subsets a page uses.
const CYRILLIC = "U+0301, U+0400-045F, U+0490-0491, U+04B0-04B1, U+2116";
const LATIN =
  "U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD";

for (const weight of [400, 600, 700]) {
  for (const [subset, unicodeRange] of [
    ["cyrillic", CYRILLIC],
    ["latin", LATIN],
  ] as const) {
    globalFontFace("Noto Sans", {
      src: `url(/fonts/noto-sans-${subset}-${weight}-normal.woff2) format("woff2")`,
      fontWeight: weight,
      fontStyle: "normal",
      fontDisplay: "swap",
      unicodeRange,
    });
  }
}

globalStyle("*, *::before, *::after", { boxSizing: "border-box" });

globalStyle("html", {
  fontFamily: vars.font.body,
  fontSize: "100%",
  lineHeight: 1.5,
  color: vars.color.text,
  background: vars.color.background,
  WebkitTextSizeAdjust: "100%",
});

globalStyle("body", {
  margin: 0,
  minHeight: "100vh",
  display: "flex",
  flexDirection: "column",
  // A word longer than the line (an e-mail address, an IBAN) breaks instead of widening the page.
  overflowWrap: "break-word",
});

globalStyle("h1, h2, h3", { lineHeight: 1.2, margin: `0 0 ${vars.space.md}` });

globalStyle("p", { margin: `0 0 ${vars.space.md}` });

globalStyle("a", { color: vars.color.brand, textUnderlineOffset: "0.15em" });

globalStyle("a:hover", { color: vars.color.brandHover });

// A visible focus ring for keyboard users everywhere.
globalStyle(":focus-visible", {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: "2px",
});

globalStyle("img, svg", { maxWidth: "100%" });

// Text for screen readers only.
globalStyle(".visually-hidden", {
  position: "absolute",
  width: "1px",
  height: "1px",
  padding: 0,
  margin: "-1px",
  overflow: "hidden",
  clip: "rect(0, 0, 0, 0)",
  whiteSpace: "nowrap",
  border: 0,
});

globalStyle(".skip-link", {
  position: "absolute",
  left: vars.space.md,
  top: "-4rem",
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  zIndex: 100,
});

globalStyle(".skip-link:focus", { top: vars.space.md });

// Hidden until it has keyboard focus (the spec's hidden «Потвърди с код» link stays reachable).
globalStyle(".visually-hidden-focusable:not(:focus):not(:focus-within)", {
  position: "absolute",
  width: "1px",
  height: "1px",
  padding: 0,
  margin: "-1px",
  overflow: "hidden",
  clip: "rect(0, 0, 0, 0)",
  whiteSpace: "nowrap",
  border: 0,
});
