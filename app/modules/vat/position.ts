/**
 * «ДДС за внасяне» (кл. 50) and «ДДС за възстановяване» (кл. 60) of a period from its output VAT
 * (кл. 20) and its VAT credit (кл. 40): the one computation the VAT report (returnFigures) and
 * /analytics (each month's VAT position) share (issue #25). Both take the credit from the same
 * documents: purchase tax documents only — a касов бон carries none (VAT_CREDIT_DOCUMENT_TYPES).
 */
export function vatPosition(outputVatCents: number, creditCents: number) {
  const positionCents = outputVatCents - creditCents;
  return {
    /** Positive: to pay; negative: to refund. */
    positionCents,
    toPayCents: Math.max(positionCents, 0),
    toRefundCents: Math.max(-positionCents, 0),
  };
}
