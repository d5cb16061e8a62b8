/*
 * Offers' words (issue #48 item 1, decision 077). Browser-safe: no zod, no server code.
 */

export const OFFER_STATUSES = {
  open: "Изпратена",
  accepted: "Приета",
  declined: "Отказана",
  withdrawn: "Оттеглена",
} as const;
export type OfferStatusKey = keyof typeof OFFER_STATUSES;

/** An open offer past its «Валидна до» day: shown so, and no longer accepted. */
export const OFFER_EXPIRED = "Изтекла";

/** What an accepted offer becomes: a draft of one of these. */
export const OFFER_BECOMES = {
  invoice: "Фактура",
  proforma: "Проформа фактура",
} as const;
export type OfferBecomesKey = keyof typeof OFFER_BECOMES;

/** The list's «Състояние» filter. */
export const OFFER_FILTERS = {
  open: "Изпратени",
  expired: "Изтекли",
  accepted: "Приети",
  declined: "Отказани",
  withdrawn: "Оттеглени",
} as const;
export type OfferFilter = keyof typeof OFFER_FILTERS;

export const OFFER_FORM = "offer";

/** The most lines one offer takes (as a document). */
export const MAX_OFFER_LINES = 200;

export const OFFER_MESSAGES = {
  validUntil: "Въведете дата, до която офертата е валидна",
  validBeforeIssue: "Датата «Валидна до» не може да е преди датата на офертата",
  becomes: "Изберете какво става офертата при приемане",
  notFound: "Офертата не е намерена",
  /** A second acceptance, or one that lost the race to the first. */
  alreadyAccepted: "Офертата вече е приета: от нея е направен документ. Втори не се прави.",
  alreadyDeclined: "Офертата вече е отказана",
  withdrawn: "Офертата е оттеглена от фирмата",
  expired: (day: string) => `Офертата е валидна до ${day} и вече не може да бъде приета`,
  notOpen: "Офертата вече не е отворена: променя се само изпратена оферта",
  answerNote: "Бележката може да е най-много 500 знака",
  accepted: (kind: string) =>
    `Офертата е приета. Фирмата ще ви изпрати документа (${kind.toLowerCase()}).`,
  declined: "Офертата е отказана. Благодарим за отговора.",
  notSendable: "Изпраща се само отворена оферта, която е още валидна",
  counterExhausted: "Номерацията на офертите е изчерпана (9999999999)",
} as const;

/** The portal's answers after a POST, by the `offer` query value of the redirect. */
export const PORTAL_OFFER_ANSWERS = ["accepted", "declined"] as const;
export type PortalOfferAnswer = (typeof PORTAL_OFFER_ANSWERS)[number];

/** How many line rows a form's values have: the highest «lines.N.…» index + 1 (at least one). */
export function lineCount(values: Record<string, unknown>) {
  let count = 1;
  for (const key of Object.keys(values)) {
    const match = /^lines\.(\d{1,3})\./.exec(key);
    if (match) count = Math.max(count, Number(match[1]) + 1);
  }
  return Math.min(count, MAX_OFFER_LINES);
}
