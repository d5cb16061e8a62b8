/*
 * Team and accountant access (issue #29, decision 028): what the team's pages and calls say.
 * Browser-safe: no zod, no server code.
 */

import { countOf } from "~/utils/plural";

/** How long an invitation's link works. */
export const INVITATION_DAYS = 14;

export const TEAM_MESSAGES = {
  role: "Изберете роля",
  notMember: "Членът не е намерен",
  invitationNotFound: "Поканата не е намерена",
  alreadyMember: "Този имейл вече е член на фирмата",
  ownRole: "Не можете да промените собствената си роля",
  aboveOwn: "Не можете да дадете роля, по-висока от вашата",
  rankedAbove: "Не можете да променяте член с роля, равна на вашата или по-висока",
  ownerStays:
    "Собственикът не може да напусне фирмата или да бъде премахнат: първо прехвърлете собствеността",
  onlyOwnerTransfers: "Само собственикът може да прехвърли собствеността",
  invitationUsed: "Поканата вече е използвана",
  invitationExpired: "Поканата е изтекла: помолете за нова",
  invitationRevoked: "Поканата е оттеглена",
  loginExists: "Вече има профил с този имейл: влезте в него, за да приемете поканата",
  otherEmail: "Потвърдете, че приемате поканата с профила, с който сте влезли",
  noCompany: "Нямате достъп до тази фирма",
  switchImpersonating: "В клиентски изглед фирмата не се сменя: отворете изгледа на член от нея",
  seats: (seats: number) =>
    `Планът на фирмата позволява ${countOf(seats, "място", "места")} (без счетоводителите), а те са заети. Изберете по-висок план или премахнете член.`,
  seatsAtAcceptance: (seats: number) =>
    `Поканата не може да бъде приета: планът на фирмата вече позволява само ${countOf(seats, "място", "места")} (без счетоводителите) и те са заети. Помолете собственика да избере по-висок план или да освободи място.`,
} as const;

/** The forms' ids on /settings/team (one answer each). */
export const TEAM_FORMS = { invite: "invite", member: "member", invitation: "invitation" } as const;

/** «Поканен» and what else an invitation can be. */
export const INVITATION_STATES = {
  live: "Поканен",
  accepted: "Приета",
  expired: "Изтекла",
  revoked: "Оттеглена",
} as const;
export type InvitationState = keyof typeof INVITATION_STATES;
