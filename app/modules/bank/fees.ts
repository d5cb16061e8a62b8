/*
 * A bank's own fee on a statement (issue #41 item 14): a debit whose text says «такса»,
 * «комисиона»/«комисионна» or «fee». The card offers «Създай разход в „Банкови такси“» for it;
 * the server checks the same. Browser-safe.
 */
// «такси» alone is also «taxi» (a payment to «Такси Експрес ООД»): the plural counts only as
// «банкови такси».
const FEE_WORDS =
  /(?:^|[^\p{L}])(?:такс[ау]|банкови\s+такси|комисион(?:н)?[аи]?|fees?|charges?)(?=[^\p{L}]|$)/iu;

/** Whether a movement is a bank fee: a debit whose reason names a fee (not its payee's name). */
export function isBankFee(tx: {
  direction: string;
  reason: string | null;
  counterpartyName?: string | null;
}): boolean {
  if (tx.direction !== "debit") return false;
  return FEE_WORDS.test(tx.reason ?? "");
}
