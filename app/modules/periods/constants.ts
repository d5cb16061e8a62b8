import { formatDate } from "~/utils/dates";
import { monthLabel } from "~/utils/periods";

/*
 * Locked periods (issue #45 item 6, decision 058): the messages the pages and the API show.
 * Browser-safe: the pages name a locked month with the same words as the server's 409.
 */

/** A locked month as the pages and the refusals name it. */
export interface PeriodLock {
  month: string;
  lockedAt: Date | string;
  lockedByName: string;
}

/** «Периодът ноември 2026 е заключен от Мария Петрова на 28.11.2026.» */
export function lockedSentence(lock: PeriodLock): string {
  const day = formatDate(lock.lockedAt).replace(/ г\.$/, "");
  return `Периодът ${monthLabel(lock.month)} е заключен от ${lock.lockedByName} на ${day}.`;
}

/** The 409 of a write into a locked month: which month, who locked it, where a correction goes. */
export function lockedMessage(lock: PeriodLock): string {
  return `${lockedSentence(lock)} Корекцията се записва в отворен период.`;
}

export const PERIOD_MESSAGES = {
  month: "Месецът е във вида гггг-ММ, например 2026-11",
  reason: "Посочете причина за отключването (поне 3 знака)",
  alreadyLocked: (month: string) => `Периодът ${monthLabel(month)} вече е заключен`,
  notLocked: (month: string) => `Периодът ${monthLabel(month)} не е заключен`,
  locked: (month: string) => `Периодът ${monthLabel(month)} е заключен`,
  unlocked: (month: string) => `Периодът ${monthLabel(month)} е отключен`,
} as const;
