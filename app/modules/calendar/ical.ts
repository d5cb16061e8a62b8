import ical, {
  ICalAlarmType,
  ICalCalendarMethod,
  ICalEventTransparency,
  escape as icalEscape,
} from "ical-generator";

/*
 * An iCalendar file (RFC 5545) of all-day events, written by `ical-generator` (decision 075):
 * CRLF lines folded at 75 octets, TEXT escaped, DATE values for all-day events with DTEND the day
 * after, DTSTAMP in UTC, one VALARM a few days before. The library does not escape the calendar's
 * NAME / X-WR-CALNAME (10.2.0 writes them as given), so the name is escaped here.
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

/** A day as midnight UTC: the library writes an all-day DATE from the UTC date. */
const utcMidnight = (day: string) => new Date(`${day}T00:00:00Z`);

function nextDay(day: string): Date {
  const d = utcMidnight(day);
  d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

/** The calendar's text: a VCALENDAR with one VEVENT per event. */
export function icalendar(name: string, events: CalendarEvent[], now = new Date()): string {
  const calendar = ical({
    name: icalEscape(name, false),
    prodId: { company: "Smetka", product: "Tax calendar", language: "BG" },
    method: ICalCalendarMethod.PUBLISH,
    scale: "GREGORIAN",
    // REFRESH-INTERVAL and X-PUBLISHED-TTL: calendar programs fetch the feed every 12 hours.
    ttl: 12 * 60 * 60,
    x: { "X-WR-TIMEZONE": "Europe/Sofia" },
  });
  for (const e of events) {
    const event = calendar.createEvent({
      id: e.uid,
      allDay: true,
      start: utcMidnight(e.day),
      end: nextDay(e.day),
      stamp: now,
      summary: e.summary,
      description: e.description,
      url: e.url ?? null,
      transparency: ICalEventTransparency.TRANSPARENT,
    });
    if (e.alarmDaysBefore) {
      event.createAlarm({
        type: ICalAlarmType.display,
        // Seconds before the start: TRIGGER:-P3D.
        trigger: e.alarmDaysBefore * 24 * 60 * 60,
        description: e.summary,
      });
    }
  }
  // The library ends the last line without CRLF; RFC 5545 §3.1 ends every content line with it.
  return `${calendar.toString()}\r\n`;
}
