import type { LoaderFunctionArgs } from "@remix-run/node";
import { hit, LIMITS } from "~/modules/auth/rate-limit.server";
import { calendarPage } from "~/modules/calendar/calendar.server";
import { amountText, deadlineLine, REMINDER_DAYS_BEFORE } from "~/modules/calendar/constants";
import { findFeed } from "~/modules/calendar/feeds.server";
import { icalendar } from "~/modules/calendar/ical";
import { todayInSofia } from "~/utils/dates";

const FILE = /^([A-Za-z0-9_-]{20,100})\.ics$/;

/** The feed's answers: the token in the address goes nowhere, nothing is kept on the way. */
const HEADERS = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex, nofollow",
} as const;

const refusal = (status: number, text: string) =>
  new Response(text, {
    status,
    headers: { ...HEADERS, "Content-Type": "text/plain; charset=utf-8" },
  });

/**
 * GET /calendar/feed/{token}.ics (issue #49, decision 075): the company's deadlines of the next
 * year as an iCalendar file (RFC 5545) for a calendar program's subscription, through a member's
 * secret address; no session. An unknown, stopped or former member's address: the same 404.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const limit = await hit(context.db, `calendar-feed:ip:${context.clientIp}`, LIMITS.calendarFeed);
  if (!limit.allowed) return refusal(429, "Твърде много заявки. Опитайте отново след малко.");
  const token = FILE.exec(params.file ?? "")?.[1];
  const feed = token ? await findFeed(context.db, token) : undefined;
  if (!feed) return refusal(404, "Няма такъв календар или адресът е спрян.");
  const today = todayInSofia();
  const { deadlines } = await calendarPage(context.db, feed.companyId, today, 366, 3);
  const host = new URL(context.config.appUrl).host;
  const body = icalendar(
    `Данъчен календар: ${feed.name}`,
    deadlines.map((d) => ({
      uid: `${d.key}.${feed.companyId}@${host}`,
      day: d.due,
      summary: deadlineLine(d.title, d.periodLabel),
      description: [
        d.what,
        d.amount ? amountText(d.amount) : null,
        d.moved ? `Срокът е преместен: ${d.moved}` : null,
        d.note,
        `Основание: ${d.source}`,
      ]
        .filter(Boolean)
        .join("\n"),
      url: `${context.config.appUrl}${d.href ?? "/calendar"}`,
      alarmDaysBefore: REMINDER_DAYS_BEFORE,
    })),
  );
  return new Response(body, {
    headers: {
      ...HEADERS,
      "Content-Type": "text/calendar; charset=utf-8",
    },
  });
}
