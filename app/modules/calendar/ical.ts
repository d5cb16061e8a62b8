/*
 * An iCalendar file (RFC 5545) of all-day events, written by hand (decision 075: the feed needs
 * one component and a dozen properties, and no library is in the lockfile): CRLF line endings,
 * lines folded at 75 octets without splitting a UTF-8 character (§3.1), TEXT escaped (§3.3.11),
 * DATE values for all-day events with DTEND the day after (§3.6.1), DTSTAMP in UTC, one VALARM.
 */

export interface CalendarEvent {
  /** Globally unique and stable: the same deadline keeps its UID across downloads. */
  uid: string;
  /** yyyy-mm-dd: the all-day event's day. */
  day: string;
  summary: string;
  description: string;
  url?: string;
  /** Days before the day the alarm rings. */
  alarmDaysBefore?: number;
}

/** TEXT as §3.3.11 escapes it: backslash, semicolon, comma and new lines. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

const encoder = new TextEncoder();

/** A content line folded at 75 octets (§3.1), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    // The first line holds 75 octets; the next ones 74 after their leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const date = (day: string) => day.replaceAll("-", "");

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** A moment in UTC as §3.3.5 writes it: 20261129T140000Z. */
export const utcStamp = (at: Date) => `${at.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;

/** The calendar's text: a VCALENDAR with one VEVENT per event. */
export function icalendar(name: string, events: CalendarEvent[], now = new Date()): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Smetka//Tax calendar//BG",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(name)}`,
    "X-WR-TIMEZONE:Europe/Sofia",
    "REFRESH-INTERVAL;VALUE=DURATION:PT12H",
    "X-PUBLISHED-TTL:PT12H",
  ];
  const stamp = utcStamp(now);
  for (const e of events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${e.uid}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${date(e.day)}`,
      `DTEND;VALUE=DATE:${date(nextDay(e.day))}`,
      `SUMMARY:${escapeText(e.summary)}`,
      `DESCRIPTION:${escapeText(e.description)}`,
      ...(e.url ? [`URL:${e.url}`] : []),
      "TRANSP:TRANSPARENT",
    );
    if (e.alarmDaysBefore) {
      lines.push(
        "BEGIN:VALARM",
        "ACTION:DISPLAY",
        `DESCRIPTION:${escapeText(e.summary)}`,
        `TRIGGER:-P${e.alarmDaysBefore}D`,
        "END:VALARM",
      );
    }
    lines.push("END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
