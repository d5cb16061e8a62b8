import { formatMoney } from "~/utils/money";

/*
 * The calendar's words and figures, browser-safe (the page and the dashboard's card read them).
 */

/** How many days before a deadline its e-mail reminder goes (and the feed's alarm rings). */
export const REMINDER_DAYS_BEFORE = 3;

/** The roles that see the calendar's amounts and may be chosen for its reminders. */
export const CALENDAR_ROLES = ["owner", "accountant", "viewer"] as const;

export const CALENDAR_FORMS = {
  feed: "calendar-feed",
  recipients: "calendar-recipients",
} as const;

export const CALENDAR_MESSAGES = {
  feedMade: "Адресът на календара е създаден",
  feedMadeHint:
    "Копирайте го сега в календарната си програма (Google Calendar, Outlook, Apple Календар): показва се само веднъж.",
  feedRevoked: "Адресът на календара е спрян",
  noFeed: "Нямате действащ адрес на календара.",
  recipientsSaved: "Напомнянията са запазени",
  notMember: "Този човек не е член на фирмата с достъп до календара.",
  onlyOwnReminders: "Можете да спрете само своите напомняния.",
};

/** «ноември 2026» in the feed and the mail: the deadline's one line. */
export const deadlineLine = (title: string, periodLabel: string) =>
  periodLabel ? `${title} за ${periodLabel}` : title;

/** «ДДС за внасяне: 1 234,56 EUR» (with «до момента» while the period runs). */
export function amountText(amount: {
  cents: number;
  currency: string;
  label: string;
  partial: boolean;
}): string {
  return `${amount.label}${amount.partial ? " до момента" : ""}: ${formatMoney(amount.cents, amount.currency)}`;
}
