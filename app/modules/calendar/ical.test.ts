import { describe, expect, it } from "vitest";
import { escapeText, foldLine, icalendar } from "./ical";

const octets = (s: string) => new TextEncoder().encode(s).length;

describe("the iCalendar writer (RFC 5545, decision 075)", () => {
  it("folds a Cyrillic line at 75 octets without splitting a character, and unfolds to the same", () => {
    const line = `SUMMARY:${"Справка-декларация по ДДС и дневниците за ноември 2026 ".repeat(3)}`;
    const folded = foldLine(line);
    const physical = folded.split("\r\n");
    expect(physical.length).toBeGreaterThan(3);
    for (const [i, part] of physical.entries()) {
      expect(octets(part)).toBeLessThanOrEqual(75);
      if (i > 0) expect(part.startsWith(" ")).toBe(true);
      expect(part).not.toContain("\uFFFD");
    }
    expect(folded.replace(/\r\n /g, "")).toBe(line);
  });

  it("escapes the characters TEXT may not hold bare", () => {
    expect(escapeText("a;b,c\\d\ne")).toBe("a\\;b\\,c\\\\d\\ne");
  });

  it("writes all-day events with DTEND the next day, DTSTAMP in UTC, an alarm, CRLF lines", () => {
    const text = icalendar(
      "Календар",
      [
        {
          uid: "vat-return:2026-11.x@smetka.bg",
          day: "2026-12-31",
          summary: "ДДС",
          description: "Сума: 1,00",
          alarmDaysBefore: 3,
        },
      ],
      new Date("2026-11-29T10:00:00Z"),
    );
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/\n/);
    const lines = text.split("\r\n");
    expect(lines).toContain("DTSTART;VALUE=DATE:20261231");
    expect(lines).toContain("DTEND;VALUE=DATE:20270101");
    expect(lines).toContain("DTSTAMP:20261129T100000Z");
    expect(lines).toContain("TRIGGER:-P3D");
    expect(lines).toContain("DESCRIPTION:Сума: 1\\,00");
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
  });
});
