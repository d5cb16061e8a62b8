/** Account rules the pages show as well as the server applies (no .server: the browser needs them). */

/** Days between asking for deletion and the deletion itself. */
export const DELETION_DAYS = 30;
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_ERROR = "Логото трябва да е изображение PNG или JPEG до 1 MB";

/**
 * Why an owner's deletion is refused (409) while a company the login owns has other members: a
 * company always has an owner (decision 028). The page shows it with the way out (the team page).
 */
export const OWNER_DELETION = (companyName: string) =>
  `Фирмата «${companyName}» има и други членове. Премахнете ги или прехвърлете собствеността на някого от тях (Настройки → Екип), преди да изтриете профила си.`;

/** The way out of that refusal: the team page, where members are removed or ownership handed over. */
export const OWNER_DELETION_LINK = {
  to: "/settings/team",
  text: "Към «Екип»: премахнете члена или прехвърлете собствеността",
} as const;
