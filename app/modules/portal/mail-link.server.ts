import type { AppLoadContext } from "@remix-run/node";
import type { Kysely } from "kysely";
import { addDays, todayInSofia } from "~/utils/dates";
import type { Database } from "~db/types";
import { PORTAL_MAX_DAYS } from "./constants";
import { mailPortalLink } from "./links.server";

/*
 * A link into the client's portal carried by one e-mail (decisions 071 and 077): the token is
 * derived from the e-mail's id (`mailPortalLink`), so sending the same e-mail again gives the same
 * link and no other e-mail can guess it. Used by a document's «Плати с карта» and by an offer's
 * «Отговорете на офертата»; the link only opens the portal — it never pays or answers by itself.
 */

/** How long an e-mail's portal link stays valid: this many days after the due date (or send). */
export const MAIL_LINK_DAYS = 30;

/** The last day of an e-mail's link: a month after the given day, at least a month after today. */
export function mailLinkDay(dueDate: string | null, today = todayInSofia()): string {
  const from = dueDate && dueDate > today ? dueDate : today;
  const day = addDays(from, MAIL_LINK_DAYS);
  const latest = addDays(today, PORTAL_MAX_DAYS);
  return day > latest ? latest : day;
}

/**
 * The portal address an e-mail of the company to its client carries, opened at `anchor`
 * (`#pay-<id>`, `#offer-<id>`), or null when the company revoked the e-mail's link meanwhile.
 */
export async function emailPortalHref(
  deps: {
    db: Kysely<Database>;
    config: Pick<AppLoadContext["config"], "appUrl" | "sessionSecret">;
  },
  input: { companyId: string; clientId: string; emailId: string; day: string; anchor: string },
): Promise<string | null> {
  const token = await mailPortalLink(deps.db, deps.config.sessionSecret, {
    companyId: input.companyId,
    clientId: input.clientId,
    emailId: input.emailId,
    day: input.day,
  });
  return token ? `${deps.config.appUrl}/portal/${token}#${input.anchor}` : null;
}
