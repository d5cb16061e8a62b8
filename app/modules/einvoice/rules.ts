import { categoryId, cents, docOf, lineCategory, optional, type Rule } from "./rule-doc";
import { CATEGORY_RULES } from "./rules-categories";
import { all, first, kids, parseXml, textAt, UBL_NS, type XmlElement } from "./xml";

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
  ...CATEGORY_RULES,
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
