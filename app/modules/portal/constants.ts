import type { DocumentEmailsKind, DocumentType } from "~db/types";

/*
 * The client portal's words and limits (issue #47 item 2, decision 069). Browser-safe.
 */

/** At most a year (a leap year's day included) from the day the link is made. */
export const PORTAL_MAX_DAYS = 366;

/** The expiries offered on the client's page; "" is «друга дата» (the date field). */
export const PORTAL_EXPIRY_CHOICES = [
  { value: "7", label: "7 дни" },
  { value: "30", label: "30 дни" },
  { value: "90", label: "90 дни" },
  { value: "365", label: "1 година" },
  { value: "", label: "До дата…" },
] as const;

export const PORTAL_MESSAGES = {
  expiryRequired: "Изберете срок или дата, до която връзката е валидна",
  expiryPast: "Датата трябва да е след днешната",
  expiryTooLate: "Връзката може да е валидна най-много една година",
  /** Staff limited to the documents they made would show the client others' documents. */
  notAllowed:
    "Връзки към портала правят само собственикът, счетоводителят и служителите, които виждат всички документи на фирмата",
  linkNotFound: "Връзката не е намерена",
  alreadyRevoked: "Връзката вече е отменена",
  /** The one answer to an unknown, expired or revoked link: which one is never said. */
  invalid:
    "Връзката не е валидна. Помолете фирмата, която ви я е изпратила, за нова връзка към вашите документи.",
  limited: "Твърде много заявки. Опитайте отново след малко.",
} as const;

export type PortalLinkState = "live" | "expired" | "revoked";

export const PORTAL_LINK_STATES: Record<PortalLinkState, string> = {
  live: "Активна",
  expired: "Изтекла",
  revoked: "Отменена",
};

/** The portal's languages: Bulgarian, and English for a client who gets English documents. */
export type PortalLang = "bg" | "en";

/** The e-mail a portal link was made for (an invoice's «Плати с карта», an offer's answer). */
export interface PortalLinkEmail {
  id: string;
  kind: DocumentEmailsKind;
  /** The document's type (invoice, proforma…), or null for an offer's e-mail. */
  documentType: DocumentType | null;
  /** The document's or the offer's number (null for a draft's). */
  number: string | null;
  /** The e-mail's recipients. */
  to: string;
}
