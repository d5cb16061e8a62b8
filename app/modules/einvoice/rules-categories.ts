import { divRound } from "~/utils/money";
import {
  absolute,
  breakdowns,
  buyerVat,
  categoryId,
  categorySum,
  cents,
  hasLineCategory,
  hasReason,
  lineCategory,
  linesOf,
  type Rule,
  rate,
  sellerVat,
} from "./rule-doc";
import { first, textAt } from "./xml";

/*
 * The EN 16931 rules of the VAT categories (S standard rated, AE reverse charge, E exempt, Z zero
 * rated, O not subject, K intra-Community): each breakdown's taxable amount and VAT, and the
 * parties' VAT numbers and exemption reasons each category needs. Part of RULES (rules.ts).
 */

/** The VAT categories' rules, in the standard's order. */
export const CATEGORY_RULES: Rule[] = [
  {
    id: "BR-S-08",
    text: '[BR-S-08]-For each different value of VAT category rate (BT-119) where the VAT category code (BT-118) is "Standard rated", the VAT category taxable amount (BT-116) in a VAT breakdown (BG-23) shall equal the sum of Invoice line net amounts (BT-131) plus the sum of document level charge amounts (BT-99) minus the sum of document level allowance amounts (BT-92) where the VAT category code (BT-151, BT-102, BT-95) is "Standard rated" and the VAT rate (BT-152, BT-103, BT-96) equals the VAT category rate (BT-119).',
    message: "Данъчната основа по ставка не е равна на сбора от редовете с тази ставка.",
    broken: (d) =>
      breakdowns(d, "S").some((subtotal) => {
        const percent = rate(first(subtotal, "cac:TaxCategory", "cbc:Percent"));
        const taxable = cents(first(subtotal, "cbc:TaxableAmount"));
        const hasSource =
          linesOf(d, "S", percent).length > 0 ||
          d.allowanceCharges.some(
            (ac) =>
              categoryId(first(ac, "cac:TaxCategory")) === "S" &&
              rate(first(ac, "cac:TaxCategory", "cbc:Percent")) === percent,
          );
        const sum = categorySum(d, "S", percent);
        if (percent === null || taxable === null || sum === null || !hasSource) return true;
        // The UBL binding tolerates less than one unit either way.
        return absolute(taxable - sum) >= 100n;
      }),
  },
  {
    id: "BR-S-09",
    text: '[BR-S-09]-The VAT category tax amount (BT-117) in a VAT breakdown (BG-23) where VAT category code (BT-118) is "Standard rated" shall equal the VAT category taxable amount (BT-116) multiplied by the VAT category rate (BT-119).',
    message: "ДДС по ставка не е равен на данъчната основа по ставката.",
    broken: (d) =>
      breakdowns(d, "S").some((subtotal) => {
        const percent = rate(first(subtotal, "cac:TaxCategory", "cbc:Percent"));
        const taxable = cents(first(subtotal, "cbc:TaxableAmount"));
        const tax = cents(first(subtotal, "cbc:TaxAmount"));
        if (percent === null || taxable === null || tax === null) return true;
        const expected = divRound(absolute(taxable) * percent, 1_000_000n);
        return absolute(absolute(tax) - expected) >= 100n;
      }),
  },
  {
    id: "BR-AE-02",
    text: '[BR-AE-02]-An Invoice that contains an Invoice line (BG-25) where the Invoiced item VAT category code (BT-151) is "Reverse charge" shall contain the Seller VAT Identifier (BT-31), the Seller Tax registration identifier (BT-32) and/or the Seller tax representative VAT identifier (BT-63) and the Buyer VAT identifier (BT-48) and/or the Buyer legal registration identifier (BT-47).',
    message:
      "Обратно начисляване: нужни са ДДС номерът на доставчика и ДДС номерът или ЕИК на клиента.",
    broken: (d) =>
      hasLineCategory(d, "AE") &&
      !(
        sellerVat(d) &&
        (buyerVat(d) || Boolean(textAt(d.buyer, "cac:PartyLegalEntity", "cbc:CompanyID")))
      ),
  },
  {
    id: "BR-AE-05",
    text: '[BR-AE-05]-In an Invoice line (BG-25) where the Invoiced item VAT category code (BT-151) is "Reverse charge" the Invoiced item VAT rate (BT-152) shall be 0 (zero).',
    message: "Обратно начисляване: ставката на реда трябва да е 0 %.",
    broken: (d) => linesOf(d, "AE").some((l) => rate(first(lineCategory(l), "cbc:Percent")) !== 0n),
  },
  {
    id: "BR-AE-08",
    text: '[BR-AE-08]-In a VAT breakdown (BG-23) where the VAT category code (BT-118) is "Reverse charge" the VAT category taxable amount (BT-116) shall equal the sum of Invoice line net amounts (BT-131) minus the sum of Document level allowance amounts (BT-92) plus the sum of Document level charge amounts (BT-99) where the VAT category codes (BT-151, BT-95, BT-102) are "Reverse charge".',
    message: "Обратно начисляване: данъчната основа не е равна на сбора от редовете.",
    broken: (d) =>
      breakdowns(d, "AE").some((s) => {
        const taxable = cents(first(s, "cbc:TaxableAmount"));
        const sum = categorySum(d, "AE");
        return taxable === null || sum === null || taxable !== sum;
      }),
  },
  {
    id: "BR-AE-09",
    text: '[BR-AE-09]-The VAT category tax amount (BT-117) in a VAT breakdown (BG-23) where the VAT category code (BT-118) is "Reverse charge" shall be 0 (zero).',
    message: "Обратно начисляване: ДДС трябва да е 0.",
    broken: (d) => breakdowns(d, "AE").some((s) => cents(first(s, "cbc:TaxAmount")) !== 0n),
  },
  {
    id: "BR-AE-10",
    text: '[BR-AE-10]-A VAT breakdown (BG-23) with VAT Category code (BT-118) "Reverse charge" shall have a VAT exemption reason code (BT-121), meaning "Reverse charge" or the VAT exemption reason text (BT-120) "Reverse charge" (or the equivalent standard text in another language).',
    message: "Обратно начисляване: липсва основанието («Обратно начисляване»).",
    broken: (d) => breakdowns(d, "AE").some((s) => !hasReason(s)),
  },
  {
    id: "BR-E-10",
    text: '[BR-E-10]-A VAT breakdown (BG-23) with VAT Category code (BT-118) "Exempt from VAT" shall have a VAT exemption reason code (BT-121) or a VAT exemption reason text (BT-120).',
    message: "Освободена доставка: липсва основанието за освобождаване (член от ЗДДС).",
    broken: (d) => breakdowns(d, "E").some((s) => !hasReason(s)),
  },
  {
    id: "BR-Z-10",
    text: '[BR-Z-10]-A VAT breakdown (BG-23) with VAT Category code (BT-118) "Zero rated" shall not have a VAT exemption reason code (BT-121) or VAT exemption reason text (BT-120).',
    message: "Нулева ставка: основанието се посочва в бележката, не като причина за освобождаване.",
    broken: (d) => breakdowns(d, "Z").some(hasReason),
  },
  {
    id: "BR-O-02",
    text: '[BR-O-02]-An Invoice that contains an Invoice line (BG-25) where the Invoiced item VAT category code (BT-151) is "Not subject to VAT" shall not contain the Seller VAT identifier (BT-31), the Seller tax representative VAT identifier (BT-63) or the Buyer VAT identifier (BT-48).',
    message:
      "Доставка, която не подлежи на облагане: документът не може да съдържа ДДС номер на доставчика или на клиента.",
    broken: (d) => hasLineCategory(d, "O") && (sellerVat(d) || buyerVat(d)),
  },
  {
    id: "BR-O-11",
    text: '[BR-O-11]-An Invoice that contains a VAT breakdown group (BG-23) with a VAT category code (BT-118) "Not subject to VAT" shall not contain other VAT breakdown groups (BG-23).',
    message:
      "Доставка, която не подлежи на облагане, не може да е в един документ с облагаеми доставки.",
    broken: (d) => breakdowns(d, "O").length > 0 && d.subtotals.length > breakdowns(d, "O").length,
  },
  {
    id: "BR-IC-02",
    text: '[BR-IC-02]-An Invoice that contains an Invoice line (BG-25) where the Invoiced item VAT category code (BT-151) is "Intra-community supply" shall contain the Seller VAT Identifier (BT-31) or the Seller tax representative VAT identifier (BT-63) and the Buyer VAT identifier (BT-48).',
    message: "Вътреобщностна доставка: нужни са ДДС номерата на доставчика и на клиента.",
    broken: (d) => hasLineCategory(d, "K") && !(sellerVat(d) && buyerVat(d)),
  },
  {
    id: "BR-IC-11",
    text: '[BR-IC-11]-In an Invoice with a VAT breakdown (BG-23) where the VAT category code (BT-118) is "Intra-community supply" the Actual delivery date (BT-72) or the Invoicing period (BG-14) shall not be blank.',
    message: "Вътреобщностна доставка: липсва датата на доставката.",
    broken: (d) =>
      breakdowns(d, "K").length > 0 &&
      !textAt(d.root, "cac:Delivery", "cbc:ActualDeliveryDate") &&
      !first(d.root, "cac:InvoicePeriod"),
  },
  {
    id: "BR-IC-12",
    text: '[BR-IC-12]-In an Invoice with a VAT breakdown (BG-23) where the VAT category code (BT-118) is "Intra-community supply" the Deliver to country code (BT-80) shall not be blank.',
    message: "Вътреобщностна доставка: липсва държавата, в която се доставя.",
    broken: (d) =>
      breakdowns(d, "K").length > 0 &&
      !textAt(
        d.root,
        "cac:Delivery",
        "cac:DeliveryLocation",
        "cac:Address",
        "cac:Country",
        "cbc:IdentificationCode",
      ),
  },
];
