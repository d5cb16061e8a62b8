const dateParts = new Intl.DateTimeFormat("en-CA", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: "Europe/Sofia",
});

/**
 * A date as Bulgarians write it: 22.11.2026 г. Built from its parts (Sofia's calendar day), not
 * from bg-BG's own format, which already ends in "г." and differs between ICU versions — the
 * server and every browser print the same characters.
 */
export function formatDate(value: string | Date): string {
  const date = typeof value === "string" ? new Date(value) : value;
  const parts = Object.fromEntries(dateParts.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.day}.${parts.month}.${parts.year} г.`;
}
