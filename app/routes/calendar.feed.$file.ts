import type { LoaderFunctionArgs } from "@remix-run/node";
import { hit, LIMITS } from "~/modules/auth/rate-limit.server";
import { feedCalendar } from "~/modules/calendar/feeds.server";

const FILE = /^([A-Za-z0-9_-]{20,100})\.ics$/;

/** The feed's answers: the token in the address goes nowhere, nothing is kept on the way. */
const HEADERS = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "same-origin",
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
  const body = token ? await feedCalendar(context.db, token, context.config.appUrl) : undefined;
  if (body === undefined) return refusal(404, "Няма такъв календар или адресът е спрян.");
  return new Response(body, {
    headers: {
      ...HEADERS,
      "Content-Type": "text/calendar; charset=utf-8",
    },
  });
}
