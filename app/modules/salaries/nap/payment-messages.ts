/* The payments' words (no server code: the payments page imports them). */

export const PAYMENT_MESSAGES = {
  noAccount: (fund: string) =>
    `Няма сметка на НАП за ${fund} към датата на плащане: администраторът трябва да я въведе`,
  badIban: (fund: string, iban: string) =>
    `Сметката на НАП за ${fund} (${iban}) не минава проверката на IBAN (контролните цифри, mod 97): администраторът трябва да я поправи`,
  notReady: "Платежните нареждания не са готови: поправете първо изброеното",
} as const;
