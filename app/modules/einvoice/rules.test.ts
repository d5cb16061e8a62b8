import { describe, expect, it } from "vitest";
import { create } from "xmlbuilder2";
import type { PartySnapshot, SupplierSnapshot } from "~/modules/invoices/snapshots";
import type { VatGroundKind } from "~/modules/reference/vat";
import { lineNetCents, parseDecimal } from "~/utils/money";
import { buildEInvoice, type EInvoiceSource, endpointOf, unitCode, zeroCategory } from "./model";
import { checkUbl, RULES } from "./rules";
import { writeUbl } from "./ubl.server";
import { UBL_NS } from "./xml";

/*
 * Each EN 16931 rule of rules.ts: a good e-invoice passes it, and the same file mutated to break it
 * (through xmlbuilder2's DOM) is refused with the rule's id and its text in the standard.
 */

const supplier: SupplierSnapshot = {
  name: "Доставчик ЕООД",
  nameEn: null,
  eik: "175074752",
  vatNumber: "BG175074752",
  mol: null,
  address: "ул. Шипка 5",
  addressEn: null,
  city: "Пловдив",
  cityEn: null,
  postalCode: "4000",
  countryCode: "BG",
  email: "office@supplier.bg",
  phone: null,
  isVatRegistered: true,
  bankIban: "BG80BNBG96611020345678",
  bankName: "БНБ",
  bankNameEn: null,
  bankBic: "BNBGBGSD",
};
const client: PartySnapshot = {
  name: "Müller GmbH",
  nameEn: null,
  eik: null,
  vatNumber: "DE123456789",
  mol: null,
  address: "Friedrichstraße 1",
  addressEn: null,
  city: "Berlin",
  cityEn: null,
  postalCode: "10117",
  countryCode: "DE",
  email: "rechnung@mueller.de",
  phone: null,
};

/** A line of one unit at a price in cents, its net by the one rounding rule. */
const line = (priceCents: number, vatRate: number | null, discount = "0.00") => ({
  description: "Услуга",
  quantity: "1.000",
  unit: "бр.",
  unitPrice: (priceCents / 100).toFixed(4),
  discountPercent: discount,
  vatRate,
  netCents: lineNetCents(1000n, BigInt(priceCents) * 100n, parseDecimal(discount, 2)!),
});

function xmlOf(options: {
  lines: EInvoiceSource["lines"];
  kind?: VatGroundKind | null;
  ground?: string | null;
  type?: EInvoiceSource["type"];
  registered?: boolean;
}) {
  const doc: EInvoiceSource = {
    type: options.type ?? "invoice",
    number: "0000000042",
    issueDate: "2026-11-20",
    taxEventDate: null,
    dueDate: "2026-11-30",
    currency: "EUR",
    eurRate: null,
    vatGround: options.ground ?? null,
    paymentMethod: "bank",
    notes: null,
    reason: options.type === "credit_note" ? "Върната стока" : null,
    originalNumber: options.type === "credit_note" ? "0000000041" : null,
    originalDate: options.type === "credit_note" ? "2026-11-10" : null,
    paidCents: 0,
    lines: options.lines,
  };
  const registered = options.registered ?? true;
  return writeUbl(
    buildEInvoice({
      doc,
      supplier: registered ? supplier : { ...supplier, vatNumber: null, isVatRegistered: false },
      client,
      groundKind: options.kind ?? null,
      pdf: { fileName: "Фактура-0000000042.pdf", data: new TextEncoder().encode("%PDF-1.7") },
    }),
  );
}

const GOOD = {
  // 100.00 + 45.05 (50.05 less 10 %) at 20 % and 33.33 at 9 %: 178.38 + 32.01 = 210.39.
  standard: xmlOf({ lines: [line(10_000, 20), line(5_005, 20, "10.00"), line(3_333, 9)] }),
  credit: xmlOf({ type: "credit_note", lines: [line(10_000, 20)] }),
  reverse: xmlOf({
    kind: "reverse_charge",
    ground: "чл. 21, ал. 2 от ЗДДС",
    lines: [line(180_000, 0)],
  }),
  exempt: xmlOf({ kind: "exempt", ground: "чл. 45 от ЗДДС", lines: [line(60_000, null)] }),
  zero: xmlOf({ kind: "zero", ground: "чл. 140 от ЗДДС", lines: [line(60_000, 0)] }),
  ic: xmlOf({ kind: "intra_community", ground: "чл. 53, ал. 1 от ЗДДС", lines: [line(12_500, 0)] }),
  outside: xmlOf({
    registered: false,
    ground: "чл. 113, ал. 9 от ЗДДС",
    lines: [line(25_000, null)],
  }),
} as const;

type Dom = {
  all: (prefix: "cbc" | "cac", name: string) => Element[];
  one: (prefix: "cbc" | "cac", name: string, index?: number) => Element;
  make: (prefix: "cbc" | "cac", name: string, text?: string) => Element;
  add: (after: Element, prefix: "cbc" | "cac", name: string, text: string) => Element;
  remove: (element: Element) => void;
};

/** The file with `change` applied to its DOM (xmlbuilder2), written back. */
function mutate(xml: string, change: (dom: Dom) => void): string {
  const builder = create(xml);
  const document = builder.node as unknown as Document;
  const ns = (prefix: "cbc" | "cac") => UBL_NS[prefix];
  const dom: Dom = {
    all: (prefix, name) => [...document.getElementsByTagNameNS(ns(prefix), name)],
    one: (prefix, name, index = 0) => {
      const found = dom.all(prefix, name)[index];
      if (!found) throw new Error(`${prefix}:${name}[${index}] is not in the file`);
      return found;
    },
    make: (prefix, name, text) => {
      const element = document.createElementNS(ns(prefix), `${prefix}:${name}`);
      if (text !== undefined) element.textContent = text;
      return element;
    },
    add: (after, prefix, name, text) => {
      const element = dom.make(prefix, name, text);
      after.parentNode!.insertBefore(element, after.nextSibling);
      return element;
    },
    remove: (element) => element.parentNode!.removeChild(element),
  };
  change(dom);
  return builder.end();
}

const setText = (element: Element, text: string) => {
  element.textContent = text;
};
/** The VAT breakdown's category of the first subtotal. */
const subtotalCategory = (dom: Dom) => dom.one("cac", "TaxCategory");

const BREAKS: [string, keyof typeof GOOD, (dom: Dom) => void][] = [
  ["BR-01", "standard", (d) => d.remove(d.one("cbc", "CustomizationID"))],
  ["BR-02", "standard", (d) => setText(d.one("cbc", "ID"), " ")],
  ["BR-03", "standard", (d) => d.remove(d.one("cbc", "IssueDate"))],
  ["BR-04", "standard", (d) => d.remove(d.one("cbc", "InvoiceTypeCode"))],
  ["BR-04", "credit", (d) => d.remove(d.one("cbc", "CreditNoteTypeCode"))],
  ["BR-05", "standard", (d) => d.remove(d.one("cbc", "DocumentCurrencyCode"))],
  ["BR-06", "standard", (d) => d.remove(d.one("cbc", "RegistrationName", 0))],
  ["BR-07", "standard", (d) => d.remove(d.one("cbc", "RegistrationName", 1))],
  ["BR-08", "standard", (d) => d.remove(d.one("cac", "PostalAddress", 0))],
  ["BR-09", "standard", (d) => d.remove(d.one("cac", "Country", 0))],
  ["BR-10", "standard", (d) => d.remove(d.one("cac", "PostalAddress", 1))],
  ["BR-11", "standard", (d) => d.remove(d.one("cac", "Country", 1))],
  ["BR-12", "standard", (d) => d.remove(d.one("cac", "LegalMonetaryTotal").firstElementChild!)],
  ["BR-13", "standard", (d) => d.remove(d.one("cbc", "TaxExclusiveAmount"))],
  ["BR-14", "standard", (d) => d.remove(d.one("cbc", "TaxInclusiveAmount"))],
  ["BR-15", "standard", (d) => d.remove(d.one("cbc", "PayableAmount"))],
  ["BR-16", "standard", (d) => d.all("cac", "InvoiceLine").forEach(d.remove)],
  ["BR-16", "credit", (d) => d.all("cac", "CreditNoteLine").forEach(d.remove)],
  ["BR-21", "standard", (d) => d.remove(d.one("cac", "InvoiceLine").firstElementChild!)],
  ["BR-22", "standard", (d) => d.remove(d.one("cbc", "InvoicedQuantity"))],
  ["BR-22", "credit", (d) => d.remove(d.one("cbc", "CreditedQuantity"))],
  ["BR-23", "standard", (d) => d.one("cbc", "InvoicedQuantity").removeAttribute("unitCode")],
  ["BR-24", "standard", (d) => d.remove(d.one("cac", "InvoiceLine").children[2]!)],
  ["BR-25", "standard", (d) => d.remove(d.one("cac", "Item").firstElementChild!)],
  ["BR-26", "standard", (d) => d.remove(d.one("cbc", "PriceAmount"))],
  ["BR-27", "standard", (d) => setText(d.one("cbc", "PriceAmount"), "-100.00")],
  ["BR-CO-04", "standard", (d) => d.remove(d.one("cac", "ClassifiedTaxCategory"))],
  // One line's amount changed by a cent: the lines no longer add up to the total.
  ["BR-CO-10", "standard", (d) => setText(d.one("cac", "InvoiceLine").children[2]!, "100.01")],
  ["BR-CO-13", "standard", (d) => setText(d.one("cbc", "TaxExclusiveAmount"), "178.39")],
  ["BR-CO-14", "standard", (d) => setText(d.one("cac", "TaxTotal").firstElementChild!, "32.02")],
  ["BR-CO-15", "standard", (d) => setText(d.one("cbc", "TaxInclusiveAmount"), "210.40")],
  [
    "BR-CO-15",
    "standard",
    (d) =>
      d
        .add(d.one("cac", "TaxTotal").firstElementChild!, "cbc", "TaxAmount", "1.00")
        .setAttribute("currencyID", "EUR"),
  ],
  ["BR-CO-16", "standard", (d) => setText(d.one("cbc", "PayableAmount"), "0.01")],
  [
    "BR-CO-16",
    "standard",
    (d) => d.add(d.one("cbc", "TaxInclusiveAmount"), "cbc", "PrepaidAmount", "10.00"),
  ],
  ["BR-CO-18", "standard", (d) => d.all("cac", "TaxSubtotal").forEach(d.remove)],
  // 5.00 off the 20 % base (the binding tolerates less than 1.00).
  ["BR-S-08", "standard", (d) => setText(d.one("cbc", "TaxableAmount"), "150.05")],
  // A 9 % line sold at 20 %: no line is left at 9 % for its breakdown.
  ["BR-S-08", "standard", (d) => setText(d.all("cbc", "Percent").at(-1)!, "20")],
  ["BR-S-09", "standard", (d) => setText(d.one("cac", "TaxSubtotal").children[1]!, "30.02")],
  ["BR-AE-02", "reverse", (d) => d.remove(d.one("cac", "PartyTaxScheme", 1))],
  ["BR-AE-02", "reverse", (d) => d.remove(d.one("cac", "PartyTaxScheme", 0))],
  ["BR-AE-05", "reverse", (d) => setText(d.all("cbc", "Percent").at(-1)!, "20")],
  ["BR-AE-08", "reverse", (d) => setText(d.one("cbc", "TaxableAmount"), "1799.99")],
  ["BR-AE-09", "reverse", (d) => setText(d.one("cac", "TaxSubtotal").children[1]!, "0.01")],
  [
    "BR-AE-10",
    "reverse",
    (d) => {
      d.remove(d.one("cbc", "TaxExemptionReasonCode"));
      d.remove(d.one("cbc", "TaxExemptionReason"));
    },
  ],
  ["BR-E-10", "exempt", (d) => d.remove(d.one("cbc", "TaxExemptionReason"))],
  [
    "BR-Z-10",
    "zero",
    (d) => d.add(subtotalCategory(d).children[1]!, "cbc", "TaxExemptionReason", "чл. 140"),
  ],
  [
    "BR-O-02",
    "outside",
    (d) => {
      // The client's VAT number put back on a document not subject to VAT.
      const scheme = d.make("cac", "PartyTaxScheme");
      scheme.appendChild(d.make("cbc", "CompanyID", "DE123456789"));
      const tax = scheme.appendChild(d.make("cac", "TaxScheme"));
      tax.appendChild(d.make("cbc", "ID", "VAT"));
      const legal = d.one("cac", "PartyLegalEntity", 1);
      legal.parentNode!.insertBefore(scheme, legal);
    },
  ],
  [
    "BR-O-11",
    "outside",
    (d) => {
      const extra = d.one("cac", "TaxSubtotal").cloneNode(true) as Element;
      d.one("cac", "TaxSubtotal").parentNode!.appendChild(extra);
      setText(extra.getElementsByTagNameNS(UBL_NS.cbc, "ID")[0]!, "S");
    },
  ],
  ["BR-IC-02", "ic", (d) => d.remove(d.one("cac", "PartyTaxScheme", 1))],
  ["BR-IC-11", "ic", (d) => d.remove(d.one("cbc", "ActualDeliveryDate"))],
  ["BR-IC-12", "ic", (d) => d.remove(d.one("cac", "DeliveryLocation"))],
  ["PEPPOL-EN16931-R008", "standard", (d) => setText(d.one("cbc", "StreetName"), "")],
  ["PEPPOL-EN16931-R010", "standard", (d) => d.remove(d.one("cbc", "EndpointID", 1))],
  [
    "PEPPOL-EN16931-R020",
    "standard",
    (d) => d.one("cbc", "EndpointID", 0).removeAttribute("schemeID"),
  ],
  // Invoice: DueDate before the type code; CreditNote: TaxPointDate before it, Note after.
  [
    "UBL-ORDER",
    "standard",
    (d) => d.one("cbc", "DueDate").parentNode!.appendChild(d.one("cbc", "DueDate")),
  ],
  [
    "UBL-ORDER",
    "standard",
    (d) => {
      const type = d.one("cbc", "InvoiceTypeCode");
      type.parentNode!.insertBefore(type, d.one("cbc", "IssueDate"));
    },
  ],
  ["UBL-ORDER", "credit", (d) => d.add(d.one("cbc", "IssueDate"), "cbc", "DueDate", "2026-12-01")],
  [
    "UBL-ORDER",
    "credit",
    (d) => {
      const note = d.one("cbc", "Note");
      note.parentNode!.insertBefore(note, d.one("cbc", "CreditNoteTypeCode"));
    },
  ],
];

describe("EN 16931 rules on the UBL file", () => {
  it("every good file passes every rule", () => {
    for (const [name, xml] of Object.entries(GOOD)) {
      expect(checkUbl(xml), name).toEqual([]);
    }
  });

  it("every rule has a test that breaks it", () => {
    const tested = new Set(BREAKS.map(([id]) => id));
    expect(RULES.map((rule) => rule.id).filter((id) => !tested.has(id))).toEqual([]);
  });

  it.each(
    BREAKS.map(
      ([id, base, change], i) => [`${id} (${base}, #${i + 1})`, id, base, change] as const,
    ),
  )("%s: the mutated file breaks it, with the standard's text", (_label, id, base, change) => {
    const broken = checkUbl(mutate(GOOD[base], change));
    const rule = RULES.find((r) => r.id === id)!;
    expect(broken.map((b) => b.id)).toContain(id);
    expect(broken.find((b) => b.id === id)).toEqual({
      id,
      text: rule.text,
      message: rule.message,
    });
  });

  it("quotes the standard exactly", () => {
    const text = (id: string) => RULES.find((r) => r.id === id)?.text;
    expect(text("BR-CO-10")).toBe(
      "[BR-CO-10]-Sum of Invoice line net amount (BT-106) = Σ Invoice line net amount (BT-131).",
    );
    expect(text("BR-E-10")).toBe(
      '[BR-E-10]-A VAT breakdown (BG-23) with VAT Category code (BT-118) "Exempt from VAT" shall have a VAT exemption reason code (BT-121) or a VAT exemption reason text (BT-120).',
    );
    expect(text("BR-Z-10")).toBe(
      '[BR-Z-10]-A VAT breakdown (BG-23) with VAT Category code (BT-118) "Zero rated" shall not have a VAT exemption reason code (BT-121) or VAT exemption reason text (BT-120).',
    );
  });

  it("refuses what is not a UBL invoice, and any DOCTYPE", () => {
    expect(() => checkUbl("<Invoice/>")).toThrow();
    expect(() =>
      checkUbl('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>'),
    ).toThrow();
    expect(() => checkUbl(GOOD.standard.replace("</cbc:ID>", "</cbc:IDX>"))).toThrow();
  });
});

describe("the e-invoice model", () => {
  it("maps Bulgarian units to UN/ECE Rec 20", () => {
    expect(
      ["бр.", "бр", "час", "ч.", "мес.", "кг", "м", "л", "кв.м", "к-т", "услуга"].map(unitCode),
    ).toEqual(["H87", "H87", "HUR", "HUR", "MON", "KGM", "MTR", "LTR", "MTK", "SET", "C62"]);
  });

  it("gives each party its Peppol electronic address: the VAT number's scheme, else the e-mail", () => {
    expect(endpointOf("BG175074752", "a@b.bg")).toEqual({ scheme: "9926", id: "BG175074752" });
    expect(endpointOf("DE123456789", null)).toEqual({ scheme: "9930", id: "DE123456789" });
    expect(endpointOf("EL123456789", null)).toEqual({ scheme: "9933", id: "EL123456789" });
    expect(endpointOf(null, "a@b.bg")).toEqual({ scheme: "EM", id: "a@b.bg" });
    expect(endpointOf(null, null)).toBeNull();
  });

  it("derives the category of a line without VAT from the ground's kind", () => {
    expect(zeroCategory(false, "exempt", false)).toBe("O");
    expect(zeroCategory(true, "reverse_charge", false)).toBe("AE");
    expect(zeroCategory(true, "intra_community", false)).toBe("K");
    expect(zeroCategory(true, "export", false)).toBe("G");
    expect(zeroCategory(true, "exempt", false)).toBe("E");
    expect(zeroCategory(true, "zero", false)).toBe("Z");
    expect(zeroCategory(true, "outside_scope", false)).toBe("O");
    // O cannot stand beside VAT-charged lines (BR-O-11): an exemption instead.
    expect(zeroCategory(true, "outside_scope", true)).toBe("E");
    expect(zeroCategory(true, null, false)).toBe("E");
  });

  it("writes a discounted line's net price exactly, with the gross price and the discount", () => {
    expect(GOOD.standard).toContain('<cbc:PriceAmount currencyID="EUR">45.045</cbc:PriceAmount>');
    expect(GOOD.standard).toContain('<cbc:Amount currencyID="EUR">5.005</cbc:Amount>');
    expect(GOOD.standard).toContain('<cbc:BaseAmount currencyID="EUR">50.05</cbc:BaseAmount>');
    expect(GOOD.standard).toContain(
      '<cbc:LineExtensionAmount currencyID="EUR">45.05</cbc:LineExtensionAmount>',
    );
    expect(GOOD.standard).toContain(
      '<cbc:TaxInclusiveAmount currencyID="EUR">210.39</cbc:TaxInclusiveAmount>',
    );
  });

  it("a zero rate's ground goes in the note, not in an exemption reason", () => {
    expect(GOOD.zero).toContain("<cbc:Note>Основание за нулева ставка: чл. 140 от ЗДДС</cbc:Note>");
    expect(GOOD.zero).not.toContain("TaxExemptionReason");
  });
});
