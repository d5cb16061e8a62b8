import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

const MOBILE = "screen and (max-width: 767.98px)";
const DESKTOP = "screen and (min-width: 768px)";
/** A desktop narrower than 1 280 px: the brand shows its logo alone (decision 032). */
const NARROW_DESKTOP = "screen and (min-width: 768px) and (max-width: 1279.98px)";

export const header = style({ background: vars.color.brand, color: vars.color.onBrand });

export const bar = style({
  maxWidth: vars.width.content,
  margin: "0 auto",
  padding: `${vars.space.sm} ${vars.space.md}`,
  display: "flex",
  alignItems: "center",
  gap: vars.space.md,
});

export const brand = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  color: vars.color.onBrand,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.lg,
  textDecoration: "none",
  selectors: { "&:hover": { color: vars.color.onBrand } },
});

/** The brand's name beside the logo (the link's label says it when only the logo shows). */
export const brandName = style({ "@media": { [NARROW_DESKTOP]: { display: "none" } } });

export const desktopNav = style({
  flex: 1,
  minWidth: 0,
  "@media": { [MOBILE]: { display: "none" } },
});

/** The menu's items on one row (decision 032): what does not fit the spec's header is in «Още». */
export const navList = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  alignItems: "center",
  gap: vars.space.xs,
  flexWrap: "nowrap",
});

/**
 * The back office's menu (nine sections, the staff's own tool) wraps rather than run under the
 * profile's button; the customers' bar is the one kept to one line (decision 032).
 */
export const adminNavList = style([navList, { flexWrap: "wrap", rowGap: 0 }]);

export const navLink = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  position: "relative",
  // The spec's sections, «Още», the company and the profile's menu on one line from 1 024 px
  // (issue #29; #31 item 2, decision 032).
  padding: `${vars.space.sm} 0.5rem`,
  whiteSpace: "nowrap",
  borderRadius: vars.radius.md,
  color: vars.color.onBrand,
  textDecoration: "none",
  fontWeight: vars.fontWeight.semibold,
  selectors: {
    "&:hover": { background: "rgba(255,255,255,0.12)", color: vars.color.onBrand },
    "&[aria-current='page']": { background: "rgba(255,255,255,0.2)" },
  },
});

export const lock = style({ width: "0.75rem", height: "0.75rem", flexShrink: 0, opacity: 0.85 });

/** «Още»: the sections beyond the spec's header, a native menu (no JavaScript needed). */
export const more = style({ position: "relative" });

export const moreSummary = style([
  navLink,
  {
    listStyle: "none",
    cursor: "pointer",
    selectors: {
      "&::-webkit-details-marker": { display: "none" },
      "&::after": { content: '"▾"', fontSize: vars.fontSize.sm },
      // The section shown is one of «Още»'s: the button is marked as the current section.
      [`${more}:has([aria-current='page']) > &`]: { background: "rgba(255,255,255,0.2)" },
    },
  },
]);

export const morePanel = style({
  position: "absolute",
  left: 0,
  top: "calc(100% + 0.25rem)",
  minWidth: "12rem",
  listStyle: "none",
  margin: 0,
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  padding: vars.space.sm,
  zIndex: 20,
});

export const moreLink = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.xs,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  textDecoration: "none",
  whiteSpace: "nowrap",
  selectors: {
    "&:hover": { background: vars.color.brandSoft, color: vars.color.text },
    "&[aria-current='page']": { background: vars.color.brandSoft, fontWeight: 600 },
  },
});

/** The red dot on «Заплати» when this month's salaries are missing. */
export const dot = style({
  width: "0.5rem",
  height: "0.5rem",
  borderRadius: "50%",
  background: "#d32f2f",
  flexShrink: 0,
});

export const menu = style({
  position: "relative",
  flexShrink: 0,
  "@media": { [MOBILE]: { display: "none" } },
});

export const summary = style({
  listStyle: "none",
  cursor: "pointer",
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: "1px solid rgba(255,255,255,0.5)",
  fontWeight: vars.fontWeight.semibold,
  selectors: { "&::-webkit-details-marker": { display: "none" } },
});

/** The drawer's «Меню» toggle stays above the open panel, so it can close it. */
export const drawerSummary = style([summary, { position: "relative", zIndex: 47 }]);

export const menuPanel = style({
  position: "absolute",
  right: 0,
  top: "calc(100% + 0.25rem)",
  minWidth: "14rem",
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  padding: vars.space.sm,
  zIndex: 20,
});

export const menuItem = style({
  display: "block",
  width: "100%",
  textAlign: "left",
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  textDecoration: "none",
  background: "transparent",
  border: "none",
  font: "inherit",
  cursor: "pointer",
  selectors: { "&:hover": { background: vars.color.brandSoft, color: vars.color.text } },
});

/** The profile menu's button: the person, and under them the company the session works in. */
export const summaryName = style({
  display: "block",
  maxWidth: "11rem",
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
});

export const summaryCompany = style({
  display: "block",
  maxWidth: "12rem",
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.normal,
  lineHeight: 1.2,
});

/** On a phone the company's name stays in the bar beside «Меню» (cut to fit 375 px). */
export const companyMobile = style({
  margin: "0 0 0 auto",
  minWidth: 0,
  maxWidth: "11rem",
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  fontSize: vars.fontSize.sm,
  "@media": { [DESKTOP]: { display: "none" } },
});

/** The switch between companies, at the top of the profile's menu. */
export const switcher = style({
  borderBottom: `1px solid ${vars.color.border}`,
  marginBottom: vars.space.sm,
  paddingBottom: vars.space.sm,
});

export const switcherTitle = style({
  margin: `0 0 ${vars.space.xs}`,
  padding: `0 ${vars.space.md}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const drawer = style({
  marginLeft: "auto",
  position: "relative",
  zIndex: 46,
  "@media": { [DESKTOP]: { display: "none" } },
  // After the company's name, which already takes the free space on a phone.
  selectors: { [`${companyMobile} ~ &`]: { marginLeft: 0 } },
});

export const drawerPanel = style({
  position: "fixed",
  top: 0,
  left: 0,
  bottom: 0,
  width: "min(16rem, 70vw)",
  background: vars.color.brand,
  padding: vars.space.lg,
  overflowY: "auto",
  // Above the floating feedback button; the «Меню» toggle (which closes it) stays above the panel.
  zIndex: 45,
  boxShadow: "4px 0 24px rgba(0,0,0,0.3)",
});

globalStyle(`${drawerPanel} ul`, { flexDirection: "column" });

export const drawerClose = style({
  display: "inline-block",
  marginBottom: vars.space.md,
  color: vars.color.onBrand,
});

export const main = style({
  flex: 1,
  width: "100%",
  maxWidth: vars.width.content,
  margin: "0 auto",
  padding: vars.space.md,
});

const banner = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  textAlign: "center",
  fontWeight: 600,
});
export const bannerDanger = style([
  banner,
  { background: vars.color.danger, color: vars.color.onBrand },
]);
export const bannerWarning = style([
  banner,
  { background: vars.color.warningSoft, color: vars.color.warning },
]);
export const bannerInfo = style([
  banner,
  { background: vars.color.brandSoft, color: vars.color.brand },
]);

export const bannerButton = style({
  marginLeft: vars.space.md,
  font: "inherit",
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  border: "2px solid currentColor",
  background: "transparent",
  color: "inherit",
  cursor: "pointer",
});

export const footer = style({
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
});

export const footerInner = style({
  maxWidth: vars.width.content,
  margin: "0 auto",
  padding: `${vars.space.md}`,
  display: "flex",
  gap: vars.space.md,
  flexWrap: "wrap",
  justifyContent: "space-between",
});

export const footerLinks = style({
  display: "flex",
  gap: vars.space.md,
  listStyle: "none",
  margin: 0,
  padding: 0,
});

// The «?» button floats in the empty margin beside the content only where there is such a margin;
// on narrower screens it sits in the page's flow above the footer, so it never covers content.
export const fab = style({
  position: "relative",
  maxWidth: vars.width.content,
  margin: `0 auto ${vars.space.md}`,
  padding: `0 ${vars.space.md}`,
  zIndex: 40,
  "@media": {
    "screen and (min-width: 84rem)": {
      position: "fixed",
      left: vars.space.md,
      bottom: vars.space.md,
      margin: 0,
      padding: 0,
    },
  },
});

export const fabButton = style({
  listStyle: "none",
  width: "3.25rem",
  height: "3.25rem",
  borderRadius: vars.radius.pill,
  background: vars.color.brand,
  color: vars.color.onBrand,
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  cursor: "pointer",
  boxShadow: vars.shadow.card,
  selectors: { "&::-webkit-details-marker": { display: "none" } },
});

export const fabMenu = style({
  position: "absolute",
  left: 0,
  bottom: "calc(100% + 0.5rem)",
  minWidth: "12rem",
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  padding: vars.space.sm,
});
