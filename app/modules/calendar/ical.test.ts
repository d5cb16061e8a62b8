import nodeIcal, { type VEvent } from "node-ical";
import { describe, expect, it } from "vitest";
import { type CalendarEvent, icalendar } from "./ical";

/*
 * The feed's writer (ical-generator, decision 075) read back by an independent parser
 * (node-ical): what a calendar program imports is what was meant — every event's day, summary,
 * description and UID, the alarm, and the octet limit of RFC 5545's lines.
 */

const octets = (s: string) => new TextEncoder().encode(s).length;

const EVENTS: CalendarEvent[] = [
  {
    uid: "vat-return:2026-11.00000000-0000-4000-8000-000000000001@smetka.bg",
    day: "2026-12-31",
    summary: `Справка-декларация по ДДС и дневниците за ноември 2026, ${"дълго ".repeat(12)}`,
    description: "ДДС за внасяне: 1 234,56 EUR\nОснование: ЗДДС чл. 125; чл. 89 \\ x",
    url: "https://smetka.bg/reports/vat?month=2026-11",
    alarmDaysBefore: 3,
  },
  {
    uid: "corporate-return:2025.00000000-0000-4000-8000-000000000001@smetka.bg",
    day: "2026-06-30",
    summary: "Годишна данъчна декларация по чл. 92 ЗКПО",
    description: "Основание: ЗКПО чл. 92, ал. 1",
  },
];

function parse(text: string) {
  const parsed = nodeIcal.sync.parseICS(text);
  const events = Object.values(parsed).filter((c): c is VEvent => c?.type === "VEVENT");
  return { parsed, events };
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** node-ical gives a date-only value as local midnight: its calendar day in the local zone. */
const localDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;

describe("the iCalendar writer (RFC 5545, decision 075)", () => {
  const text = icalendar(
    "Данъчен календар: ЕТ „Иван Петров“, София; клон",
    EVENTS,
    new Date("2026-11-29T10:00:00Z"),
  );

  it("writes CRLF lines of at most 75 octets that unfold to whole UTF-8 text", () => {
    expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n")) {
      expect(octets(line)).toBeLessThanOrEqual(75);
      expect(line).not.toContain("\uFFFD");
    }
    expect(text).toContain("PRODID:-//Smetka//Tax calendar//BG");
    expect(text).toContain("METHOD:PUBLISH");
  });

  it("parses back in node-ical: each event's day (all-day), summary, description, UID, alarm", () => {
    const { parsed, events } = parse(text);
    expect(parsed.vcalendar?.["WR-CALNAME"]).toBe(
      "Данъчен календар: ЕТ „Иван Петров“, София; клон",
    );
    expect(events).toHaveLength(EVENTS.length);
    for (const want of EVENTS) {
      const got = events.find((e) => e.uid === want.uid);
      expect(got, want.uid).toBeDefined();
      expect(got!.datetype).toBe("date");
      expect(got!.start.dateOnly).toBe(true);
      expect(localDay(got!.start)).toBe(want.day);
      expect(got!.summary).toBe(want.summary);
      expect(got!.description).toBe(want.description);
      expect(got!.dtstamp && day(got!.dtstamp)).toBe("2026-11-29");
    }
    const first = events.find((e) => e.uid === EVENTS[0]!.uid)!;
    expect(localDay(first.end!)).toBe("2027-01-01");
    // URL;VALUE=URI: node-ical gives the value with its parameter.
    const url: unknown = first.url;
    expect(typeof url === "object" && url !== null && "val" in url ? url.val : url).toBe(
      EVENTS[0]!.url,
    );
    expect(first.alarms?.map((a) => [a.action, a.trigger])).toEqual([["DISPLAY", "-P3D"]]);
    expect(events.find((e) => e.uid === EVENTS[1]!.uid)!.alarms ?? []).toEqual([]);
  });

  it("an empty calendar is still a calendar a program imports", () => {
    const { parsed, events } = parse(icalendar("Календар", []));
    expect(events).toEqual([]);
    expect(parsed.vcalendar).toBeDefined();
  });
});
