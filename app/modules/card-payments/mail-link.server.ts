import type { AppLoadContext } from "@remix-run/node";
import type { Kysely } from "kysely";
import type { MailPayLink } from "~/modules/mail/templates.server";
import { emailPortalHref, mailLinkDay } from "~/modules/portal/mail-link.server";
import { formatMoney } from "~/utils/money";
import type { Database, DocumentType } from "~db/types";
import { payableDocument, takesCards } from "./checkout.server";
import { PAY_BY_CARD } from "./constants";

/*
 * «Плати с карта» in a document's e-mail (issue #47 item 3, decision 071): when the company takes
 * cards and the document is one the portal lets its client pay — issued, of the client, with an
 * amount due (documents.due_cents, as the portal and the EPC QR code) — in any currency the
 * portal takes, the e-mail carries a button to a portal link made for that e-mail
 * (portal/mail-link.server.ts `emailPortalHref`, shared with the offers' e-mail), opened at the
 * document's «Плати с карта».
 * The button leads to the portal, never starts a payment by itself: a mail scanner following
 * links pays nothing.
 */

export { MAIL_LINK_DAYS, mailLinkDay } from "~/modules/portal/mail-link.server";

interface MailedDocument {
  id: string;
  companyId: string;
  clientId: string;
  type: DocumentType;
  status: string;
  currency: string;
  dueCents: number | string;
  dueDate: string | null;
  language: string;
}

/**
 * The «Плати с карта» link of one e-mail of a document, or null: the company takes no cards,
 * the document has nothing to pay by card, or the company revoked the e-mail's link meanwhile.
 */
export async function emailCardLink(
  deps: {
    db: Kysely<Database>;
    config: Pick<AppLoadContext["config"], "appUrl" | "sessionSecret" | "billing">;
  },
  doc: MailedDocument,
  emailId: string,
): Promise<MailPayLink | null> {
  if (doc.status !== "issued" || Number(doc.dueCents) <= 0) {
    return null;
  }
  const { db } = deps;
  if (!(await takesCards(db, doc.companyId, deps.config))) return null;
  const payable = await payableDocument(db, doc, doc.id);
  if (!payable) return null;
  const href = await emailPortalHref(deps, {
    companyId: doc.companyId,
    clientId: doc.clientId,
    emailId,
    day: mailLinkDay(doc.dueDate),
    anchor: `pay-${doc.id}`,
  });
  if (!href) return null;
  const english = doc.language === "en";
  const amount = formatMoney(Number(payable.dueCents), payable.currency, english ? "en" : "bg");
  return {
    href,
    label: english ? "Pay by card" : PAY_BY_CARD,
    lead: english
      ? `You can pay the ${amount} due by card:`
      : `Можете да платите дължимите ${amount} с карта:`,
  };
}
