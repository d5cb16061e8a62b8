const dateFormat = new Intl.DateTimeFormat("bg-BG", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: "Europe/Sofia",
});

/** A date as Bulgarians write it: 22.11.2026 г. */
export function formatDate(value: string | Date): string {
  return `${dateFormat.format(typeof value === "string" ? new Date(value) : value)} г.`;
}
