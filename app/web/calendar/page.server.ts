import { type AppLoadContext, json } from "@remix-run/node";
import { recordAct } from "~/modules/auth/acts.server";
import { can } from "~/modules/auth/capabilities";
import type { CompanyUser } from "~/modules/auth/session.server";
import { CALENDAR_FORMS, CALENDAR_MESSAGES } from "~/modules/calendar/constants";
import { createFeed, revokeFeed } from "~/modules/calendar/feeds.server";
import { setRecipients, stopReminders } from "~/modules/calendar/reminders.server";
import { AppError } from "~/utils/errors";
import { refuseUnknownIntent, refuseWithAppError } from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";

/*
 * The answers of /calendar's forms (decision 075): a new secret address of the feed (shown in
 * this answer only), stopping it, the owner's choice of who gets reminders, a member stopping
 * their own.
 */

/** The feed's address for a token. */
export const feedUrl = (appUrl: string, token: string) => `${appUrl}/calendar/feed/${token}.ics`;

const MAX_RECIPIENTS = 200;

/** Answers the page's intents. */
export async function calendarAnswer(
  context: Pick<AppLoadContext, "db" | "clientIp" | "config">,
  user: CompanyUser,
  form: FormData,
) {
  const intent = form.get("intent");
  const formId =
    intent === "recipients" || intent === "stop-mine"
      ? CALENDAR_FORMS.recipients
      : CALENDAR_FORMS.feed;
  try {
    switch (intent) {
      case "feed-new": {
        const token = await createFeed(context.db, user.companyId, user.id);
        await recordAct(context, user, "calendar.feed", { type: "calendar" });
        // The token is in this answer only: nothing may keep it. No form id: not a refusal.
        return json(
          { feedUrl: feedUrl(context.config.appUrl, token) },
          { headers: { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" } },
        );
      }
      case "feed-revoke":
        await revokeFeed(context.db, user.companyId, user.id);
        await recordAct(context, user, "calendar.feed-revoke", { type: "calendar" });
        return redirectWithToast("/calendar#feed", CALENDAR_MESSAGES.feedRevoked);
      case "recipients": {
        if (!can(user, "team")) throw new AppError(CALENDAR_MESSAGES.onlyOwnReminders, 403);
        const chosen = form.getAll("recipient").map(String);
        if (chosen.length > MAX_RECIPIENTS) throw new AppError(CALENDAR_MESSAGES.notMember, 400);
        await setRecipients(context.db, user.companyId, chosen);
        await recordAct(
          context,
          user,
          "calendar.reminders",
          { type: "calendar" },
          { chosen: chosen.length },
        );
        return redirectWithToast("/calendar#reminders", CALENDAR_MESSAGES.recipientsSaved);
      }
      case "stop-mine":
        await stopReminders(context.db, user.companyId, user.id);
        await recordAct(
          context,
          user,
          "calendar.reminders",
          { type: "calendar" },
          { stopped: true },
        );
        return redirectWithToast("/calendar#reminders", CALENDAR_MESSAGES.recipientsSaved);
      default:
        return refuseUnknownIntent(CALENDAR_FORMS.feed);
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refuseWithAppError(formId, error, {});
  }
}
