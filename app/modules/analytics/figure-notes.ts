/*
 * What /analytics' cost figure includes (issue #41 item 14), beside the query that makes it
 * (summary.server.ts: expense_month_categories' total less the creditable VAT, and the
 * salaries' total cost). Browser-safe: the page shows it under the figure.
 */
export const ANALYTICS_COST_NOTE =
  "Разходите са без ДДС, който ползвате като данъчен кредит (ДДС без право на кредит остава в разхода), по датата на документа, платени и неплатени, с извадени кредитни известия. Заплатите са общият разход на работодателя (бруто и осигуровките за негова сметка) за всички заплати на месеца, и черновите.";
