import { formatMoney } from "~/utils/money";

/** A plan's price as the server computed it (subscriptions/tax-invoices.server.ts planPrices). */
export interface PlanPriceView {
  grossCents: number;
  netCents: number;
  vatRate: number | null;
}

/**
 * A paid plan's monthly price saying whether VAT is in it (issue #31 item 3): «39,00 EUR на месец
 * с ДДС (32,50 EUR без ДДС)», or that the operator charges none.
 */
export function planPriceText(price: PlanPriceView): { main: string; vat: string } {
  const main = `${formatMoney(price.grossCents, "EUR")} на месец`;
  return price.vatRate === null
    ? { main, vat: "без ДДС (операторът не е регистриран по ДДС)" }
    : {
        main: `${main} с ДДС`,
        vat: `${formatMoney(price.netCents, "EUR")} без ДДС, ДДС ${price.vatRate} %`,
      };
}
