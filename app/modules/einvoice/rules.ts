import { divRound, parseDecimal } from "~/utils/money";
import { all, first, kids, parseXml, textAt, UBL_NS, type XmlElement, XmlError } from "./xml";

/*
 * The EN 16931 business rules that matter for Bulgarian invoices, checked on the UBL file as it
 * leaves (read back from its text), since the official Schematron needs Java. Each rule carries its
 * id and the standard's exact text (the CEN artefacts, EN16931-model.sch), and what it means for the
 * person in Bulgarian. The conditions follow the UBL binding (EN16931-UBL-model.sch), tolerances
 * included.
 */

export interface RuleBreach {
  id: string;
  /** The rule's text in the standard. */
  text: string;
  /** What is wrong, for the person, in Bulgarian. */
  message: string;
}

/** The document as the rules see it. */
interface Doc {
  root: XmlElement;
  lines: XmlElement[];
  seller: XmlElement | undefined;
  buyer: XmlElement | undefined;
  totals: XmlElement | undefined;
  subtotals: XmlElement[];
  allowanceCharges: XmlElement[];
}

interface Rule {
  id: string;
  text: string;
  message: string;
  /** True when the document breaks the rule. */
  broken: (doc: Doc) => boolean;
}

/** Cents of an amount with at most two decimals; null when it is absent or not one. */
const cents = (element: XmlElement | undefined): bigint | null =>
  element ? parseDecimal(element.text.trim(), 2) : null;

/** A rate as a number scaled by 10^4 (20 → 200000); null when absent or not a number. */
const rate = (element: XmlElement | undefined): bigint | null =>
  element ? parseDecimal(element.text.trim(), 4) : null;

const isVat = (category: XmlElement) =>
  textAt(category, "cac:TaxScheme", "cbc:ID")?.toUpperCase() === "VAT";
const categoryId = (category: XmlElement | undefined) =>
  category?.children.find((c) => c.ns === UBL_NS.cbc && c.name === "ID")?.text.trim();

/** The VAT category of a line (cac:Item/cac:ClassifiedTaxCategory). */
const lineCategory = (line: XmlElement) =>
  all(line, "cac:Item", "cac:ClassifiedTaxCategory").find(isVat);

/** The VAT breakdowns (cac:TaxSubtotal/cac:TaxCategory) of one category code. */
const breakdowns = (doc: Doc, code: string) =>
  doc.subtotals.filter((s) => {
    const category = first(s, "cac:TaxCategory");
    return category && isVat(category) && categoryId(category) === code;
  });

const linesOf = (doc: Doc, code: string, percent?: bigint | null) =>
  doc.lines.filter((line) => {
    const category = lineCategory(line);
    if (categoryId(category) !== code) return false;
    return percent === undefined || rate(first(category, "cbc:Percent")) === percent;
  });

/** Σ line nets + charges − allowances of a category (and rate): null when an amount is unreadable. */
function categorySum(doc: Doc, code: string, percent?: bigint | null): bigint | null {
  let sum = 0n;
  for (const line of linesOf(doc, code, percent)) {
    const net = cents(first(line, "cbc:LineExtensionAmount"));
    if (net === null) return null;
    sum += net;
  }
  for (const ac of doc.allowanceCharges) {
    const category = first(ac, "cac:TaxCategory");
    if (categoryId(category) !== code) continue;
    if (percent !== undefined && rate(first(category, "cbc:Percent")) !== percent) continue;
    const amount = cents(first(ac, "cbc:Amount"));
    if (amount === null) return null;
    sum += textAt(ac, "cbc:ChargeIndicator") === "true" ? amount : -amount;
  }
  return sum;
}

const hasLineCategory = (doc: Doc, code: string) => linesOf(doc, code).length > 0;
const sellerVat = (doc: Doc) =>
  all(doc.seller, "cac:PartyTaxScheme").some((s) => isVat(s) && textAt(s, "cbc:CompanyID")) ||
  all(doc.root, "cac:TaxRepresentativeParty", "cac:PartyTaxScheme").some(
    (s) => isVat(s) && textAt(s, "cbc:CompanyID"),
  );
const buyerVat = (doc: Doc) =>
  all(doc.buyer, "cac:PartyTaxScheme").some((s) => isVat(s) && textAt(s, "cbc:CompanyID"));
const hasReason = (subtotal: XmlElement) =>
  Boolean(
    textAt(subtotal, "cac:TaxCategory", "cbc:TaxExemptionReason") ||
      textAt(subtotal, "cac:TaxCategory", "cbc:TaxExemptionReasonCode"),
  );
/** The total of a totals element's child; 0 when absent (document allowances and charges). */
const optional = (doc: Doc, name: `cbc:${string}`) =>
  first(doc.totals, name) ? cents(first(doc.totals, name)) : 0n;

const absolute = (value: bigint) => (value < 0n ? -value : value);

/** Invoice and CreditNote: their top-level elements, in the order of the UBL 2.1 schema. */
export const UBL_ORDER = {
  Invoice:
    "UBLExtensions UBLVersionID CustomizationID ProfileID ProfileExecutionID ID CopyIndicator UUID IssueDate IssueTime DueDate InvoiceTypeCode Note TaxPointDate DocumentCurrencyCode TaxCurrencyCode PricingCurrencyCode PaymentCurrencyCode PaymentAlternativeCurrencyCode AccountingCostCode AccountingCost LineCountNumeric BuyerReference InvoicePeriod OrderReference BillingReference DespatchDocumentReference ReceiptDocumentReference StatementDocumentReference OriginatorDocumentReference ContractDocumentReference AdditionalDocumentReference ProjectReference Signature AccountingSupplierParty AccountingCustomerParty PayeeParty BuyerCustomerParty SellerSupplierParty TaxRepresentativeParty Delivery DeliveryTerms PaymentMeans PaymentTerms PrepaidPayment AllowanceCharge TaxExchangeRate PricingExchangeRate PaymentExchangeRate PaymentAlternativeExchangeRate TaxTotal WithholdingTaxTotal LegalMonetaryTotal InvoiceLine".split(
      " ",
    ),
  CreditNote:
    "UBLExtensions UBLVersionID CustomizationID ProfileID ProfileExecutionID ID CopyIndicator UUID IssueDate IssueTime TaxPointDate CreditNoteTypeCode Note DocumentCurrencyCode TaxCurrencyCode PricingCurrencyCode PaymentCurrencyCode PaymentAlternativeCurrencyCode AccountingCostCode AccountingCost LineCountNumeric BuyerReference InvoicePeriod DiscrepancyResponse OrderReference BillingReference DespatchDocumentReference ReceiptDocumentReference ContractDocumentReference AdditionalDocumentReference StatementDocumentReference OriginatorDocumentReference Signature AccountingSupplierParty AccountingCustomerParty PayeeParty BuyerCustomerParty SellerSupplierParty TaxRepresentativeParty Delivery DeliveryTerms PaymentMeans PaymentTerms TaxExchangeRate PricingExchangeRate PaymentExchangeRate PaymentAlternativeExchangeRate AllowanceCharge TaxTotal LegalMonetaryTotal CreditNoteLine".split(
      " ",
    ),
} as const;

/** True when an element is empty: no text and no child elements (and so no attribute-only data). */
function hasEmptyElement(element: XmlElement): boolean {
  if (!element.children.length) return !element.text.trim();
  return element.children.some(hasEmptyElement);
}

/** The rules, in the standard's order of families. */
export const RULES: Rule[] = [
  {
    id: "BR-01",
    text: "[BR-01]-An Invoice shall have a Specification identifier (BT-24).",
    message: "Липсва идентификаторът на спецификацията (CustomizationID).",
    broken: (d) => !textAt(d.root, "cbc:CustomizationID"),
  },
  {
    id: "BR-02",
    text: "[BR-02]-An Invoice shall have an Invoice number (BT-1).",
    message: "Липсва номерът на документа.",
    broken: (d) => !textAt(d.root, "cbc:ID"),
  },
  {
    id: "BR-03",
    text: "[BR-03]-An Invoice shall have an Invoice issue date (BT-2).",
    message: "Липсва датата на издаване.",
    broken: (d) => !textAt(d.root, "cbc:IssueDate"),
  },
  {
    id: "BR-04",
    text: "[BR-04]-An Invoice shall have an Invoice type code (BT-3).",
    message: "Липсва кодът на вида документ.",
    broken: (d) =>
      !textAt(d.root, "cbc:InvoiceTypeCode") && !textAt(d.root, "cbc:CreditNoteTypeCode"),
  },
  {
    id: "BR-05",
    text: "[BR-05]-An Invoice shall have an Invoice currency code (BT-5).",
    message: "Липсва валутата на документа.",
    broken: (d) => !textAt(d.root, "cbc:DocumentCurrencyCode"),
  },
  {
    id: "BR-06",
    text: "[BR-06]-An Invoice shall contain the Seller name (BT-27).",
    message: "Липсва името на доставчика.",
    broken: (d) => !textAt(d.seller, "cac:PartyLegalEntity", "cbc:RegistrationName"),
  },
  {
    id: "BR-07",
    text: "[BR-07]-An Invoice shall contain the Buyer name (BT-44).",
    message: "Липсва името на клиента.",
    broken: (d) => !textAt(d.buyer, "cac:PartyLegalEntity", "cbc:RegistrationName"),
  },
  {
    id: "BR-08",
    text: "[BR-08]-An Invoice shall contain the Seller postal address. ",
    message: "Липсва адресът на доставчика.",
    broken: (d) => !first(d.seller, "cac:PostalAddress"),
  },
  {
    id: "BR-09",
    text: "[BR-09]-The Seller postal address (BG-5) shall contain a Seller country code (BT-40).",
    message: "В адреса на доставчика липсва държава (двубуквен код по ISO 3166).",
    broken: (d) =>
      Boolean(first(d.seller, "cac:PostalAddress")) &&
      !textAt(d.seller, "cac:PostalAddress", "cac:Country", "cbc:IdentificationCode"),
  },
  {
    id: "BR-10",
    text: "[BR-10]-An Invoice shall contain the Buyer postal address (BG-8).",
    message: "Липсва адресът на клиента.",
    broken: (d) => !first(d.buyer, "cac:PostalAddress"),
  },
  {
    id: "BR-11",
    text: "[BR-11]-The Buyer postal address shall contain a Buyer country code (BT-55).",
    message: "В адреса на клиента липсва държава (двубуквен код по ISO 3166).",
    broken: (d) =>
      Boolean(first(d.buyer, "cac:PostalAddress")) &&
      !textAt(d.buyer, "cac:PostalAddress", "cac:Country", "cbc:IdentificationCode"),
  },
  {
    id: "BR-12",
    text: "[BR-12]-An Invoice shall have the Sum of Invoice line net amount (BT-106).",
    message: "Липсва сумата на редовете.",
    broken: (d) => !first(d.totals, "cbc:LineExtensionAmount"),
  },
  {
    id: "BR-13",
    text: "[BR-13]-An Invoice shall have the Invoice total amount without VAT (BT-109).",
    message: "Липсва общата сума без ДДС.",
    broken: (d) => !first(d.totals, "cbc:TaxExclusiveAmount"),
  },
  {
    id: "BR-14",
    text: "[BR-14]-An Invoice shall have the Invoice total amount with VAT (BT-112).",
    message: "Липсва общата сума с ДДС.",
    broken: (d) => !first(d.totals, "cbc:TaxInclusiveAmount"),
  },
  {
    id: "BR-15",
    text: "[BR-15]-An Invoice shall have the Amount due for payment (BT-115).",
    message: "Липсва сумата за плащане.",
    broken: (d) => !first(d.totals, "cbc:PayableAmount"),
  },
  {
    id: "BR-16",
    text: "[BR-16]-An Invoice shall have at least one Invoice line (BG-25)",
    message: "Документът няма нито един ред.",
    broken: (d) => d.lines.length === 0,
  },
  {
    id: "BR-21",
    text: "[BR-21]-Each Invoice line (BG-25) shall have an Invoice line identifier (BT-126).",
    message: "Липсва номер на ред.",
    broken: (d) => d.lines.some((l) => !textAt(l, "cbc:ID")),
  },
  {
    id: "BR-22",
    text: "[BR-22]-Each Invoice line (BG-25) shall have an Invoiced quantity (BT-129).",
    message: "Липсва количество на ред.",
    broken: (d) =>
      d.lines.some((l) => !first(l, "cbc:InvoicedQuantity") && !first(l, "cbc:CreditedQuantity")),
  },
  {
    id: "BR-23",
    text: "[BR-23]-An Invoice line (BG-25) shall have an Invoiced quantity unit of measure code (BT-130).",
    message: "Липсва мярка (код по UN/ECE Rec 20) на ред.",
    broken: (d) =>
      d.lines.some(
        (l) =>
          !(first(l, "cbc:InvoicedQuantity") ?? first(l, "cbc:CreditedQuantity"))?.attrs.unitCode,
      ),
  },
  {
    id: "BR-24",
    text: "[BR-24]-Each Invoice line (BG-25) shall have an Invoice line net amount (BT-131).",
    message: "Липсва стойност на ред.",
    broken: (d) => d.lines.some((l) => !first(l, "cbc:LineExtensionAmount")),
  },
  {
    id: "BR-25",
    text: "[BR-25]-Each Invoice line (BG-25) shall contain the Item name (BT-153).",
    message: "Липсва описание на ред.",
    broken: (d) => d.lines.some((l) => !textAt(l, "cac:Item", "cbc:Name")),
  },
  {
    id: "BR-26",
    text: "[BR-26]-Each Invoice line (BG-25) shall contain the Item net price (BT-146).",
    message: "Липсва единична цена на ред.",
    broken: (d) => d.lines.some((l) => !first(l, "cac:Price", "cbc:PriceAmount")),
  },
  {
    id: "BR-27",
    text: "[BR-27]-The Item net price (BT-146) shall NOT be negative.",
    message: "Единичната цена на ред е отрицателна.",
    broken: (d) =>
      d.lines.some((l) => {
        const price = textAt(l, "cac:Price", "cbc:PriceAmount");
        return price !== undefined && Number(price) < 0;
      }),
  },
  {
    id: "BR-CO-04",
    text: "[BR-CO-04]-Each Invoice line (BG-25) shall be categorized with an Invoiced item VAT category code (BT-151).",
    message: "Ред без категория ДДС.",
    broken: (d) => d.lines.some((l) => !categoryId(lineCategory(l))),
  },
  {
    id: "BR-CO-10",
    text: "[BR-CO-10]-Sum of Invoice line net amount (BT-106) = Σ Invoice line net amount (BT-131).",
    message: "Сумата на редовете не е равна на сбора от стойностите им.",
    broken: (d) => {
      const total = cents(first(d.totals, "cbc:LineExtensionAmount"));
      let sum = 0n;
      for (const line of d.lines) {
        const net = cents(first(line, "cbc:LineExtensionAmount"));
        if (net === null) return true;
        sum += net;
      }
      return total === null || total !== sum;
    },
  },
  {
    id: "BR-CO-13",
    text: "[BR-CO-13]-Invoice total amount without VAT (BT-109) = Σ Invoice line net amount (BT-131) - Sum of allowances on document level (BT-107) + Sum of charges on document level (BT-108).",
    message: "Общата сума без ДДС не е равна на сумата на редовете.",
    broken: (d) => {
      const exclusive = cents(first(d.totals, "cbc:TaxExclusiveAmount"));
      const lines = cents(first(d.totals, "cbc:LineExtensionAmount"));
      const allowances = optional(d, "cbc:AllowanceTotalAmount");
      const charges = optional(d, "cbc:ChargeTotalAmount");
      if (exclusive === null || lines === null || allowances === null || charges === null)
        return true;
      return exclusive !== lines - allowances + charges;
    },
  },
  {
    id: "BR-CO-14",
    text: "[BR-CO-14]-Invoice total VAT amount (BT-110) = Σ VAT category tax amount (BT-117).",
    message: "Общият ДДС не е равен на сбора от ДДС по ставки.",
    broken: (d) =>
      kids(d.root, "cac:TaxTotal").some((total) => {
        const subtotals = kids(total, "cac:TaxSubtotal");
        if (!subtotals.length) return false;
        const amount = cents(first(total, "cbc:TaxAmount"));
        let sum = 0n;
        for (const subtotal of subtotals) {
          const tax = cents(first(subtotal, "cbc:TaxAmount"));
          if (tax === null) return true;
          sum += tax;
        }
        return amount === null || amount !== sum;
      }),
  },
  {
    id: "BR-CO-15",
    text: "[BR-CO-15]-Invoice total amount with VAT (BT-112) = Invoice total amount without VAT (BT-109) + Invoice total VAT amount (BT-110).",
    message: "Сумата с ДДС не е равна на сумата без ДДС плюс ДДС.",
    broken: (d) => {
      const currency = textAt(d.root, "cbc:DocumentCurrencyCode");
      const taxes = all(d.root, "cac:TaxTotal", "cbc:TaxAmount").filter(
        (t) => t.attrs.currencyID === currency,
      );
      if (taxes.length !== 1) return true;
      const inclusive = cents(first(d.totals, "cbc:TaxInclusiveAmount"));
      const exclusive = cents(first(d.totals, "cbc:TaxExclusiveAmount"));
      const tax = cents(taxes[0]);
      if (inclusive === null || exclusive === null || tax === null) return true;
      return inclusive !== exclusive + tax;
    },
  },
  {
    id: "BR-CO-16",
    text: "[BR-CO-16]-Amount due for payment (BT-115) = Invoice total amount with VAT (BT-112) -Paid amount (BT-113) +Rounding amount (BT-114).",
    message: "Сумата за плащане не е равна на сумата с ДДС минус платеното.",
    broken: (d) => {
      const payable = cents(first(d.totals, "cbc:PayableAmount"));
      const inclusive = cents(first(d.totals, "cbc:TaxInclusiveAmount"));
      const prepaid = optional(d, "cbc:PrepaidAmount");
      const rounding = optional(d, "cbc:PayableRoundingAmount");
      if (payable === null || inclusive === null || prepaid === null || rounding === null)
        return true;
      return payable !== inclusive - prepaid + rounding;
    },
  },
  {
    id: "BR-CO-18",
    text: "[BR-CO-18]-An Invoice shall at least have one VAT breakdown group (BG-23).",
    message: "Липсва разбивката на ДДС по ставки.",
    broken: (d) => d.subtotals.length === 0,
  },
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
  {
    id: "PEPPOL-EN16931-R008",
    text: "Document MUST not contain empty elements.",
    message: "Документът съдържа празни полета.",
    broken: (d) => hasEmptyElement(d.root),
  },
  {
    id: "PEPPOL-EN16931-R010",
    text: "Buyer electronic address MUST be provided",
    message: "Клиентът няма електронен адрес: нужен е ДДС номер или имейл на клиента.",
    broken: (d) =>
      !textAt(d.buyer, "cbc:EndpointID") || !first(d.buyer, "cbc:EndpointID")?.attrs.schemeID,
  },
  {
    id: "PEPPOL-EN16931-R020",
    text: "Seller electronic address MUST be provided",
    message: "Доставчикът няма електронен адрес: нужен е ДДС номер или имейл на фирмата.",
    broken: (d) =>
      !textAt(d.seller, "cbc:EndpointID") || !first(d.seller, "cbc:EndpointID")?.attrs.schemeID,
  },
  {
    id: "UBL-ORDER",
    text: "The elements of an Invoice or CreditNote shall follow the sequence of the UBL 2.1 schema (UBL-Invoice-2.1.xsd, UBL-CreditNote-2.1.xsd).",
    message: "Полетата на файла не са в реда, който изисква схемата UBL 2.1.",
    broken: (d) => {
      const order: readonly string[] = UBL_ORDER[d.root.name as keyof typeof UBL_ORDER] ?? [];
      let last = -1;
      for (const child of d.root.children) {
        const index = order.indexOf(child.name);
        const ubl =
          child.ns === UBL_NS.cac || child.ns === UBL_NS.cbc || child.name === "UBLExtensions";
        if (!ubl || index < last || index < 0) return true;
        last = index;
      }
      return false;
    },
  },
];

/** The document of a UBL root: XmlError when it is neither a UBL Invoice nor a CreditNote. */
function docOf(root: XmlElement): Doc {
  const isInvoice = root.ns === UBL_NS.invoice && root.name === "Invoice";
  const isCredit = root.ns === UBL_NS.creditNote && root.name === "CreditNote";
  if (!isInvoice && !isCredit) throw new XmlError("not a UBL Invoice or CreditNote");
  return {
    root,
    lines: kids(root, isCredit ? "cac:CreditNoteLine" : "cac:InvoiceLine"),
    seller: first(root, "cac:AccountingSupplierParty", "cac:Party"),
    buyer: first(root, "cac:AccountingCustomerParty", "cac:Party"),
    totals: first(root, "cac:LegalMonetaryTotal"),
    subtotals: all(root, "cac:TaxTotal", "cac:TaxSubtotal"),
    allowanceCharges: kids(root, "cac:AllowanceCharge"),
  };
}

/** The rules a parsed UBL document breaks (empty when it passes them all). */
export function checkTree(root: XmlElement): RuleBreach[] {
  const doc = docOf(root);
  return RULES.filter((rule) => rule.broken(doc)).map(({ id, text, message }) => ({
    id,
    text,
    message,
  }));
}

/** The rules a UBL file breaks, read back from its text. */
export function checkUbl(xml: string): RuleBreach[] {
  return checkTree(parseXml(xml));
}
