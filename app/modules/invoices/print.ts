import { countryByCode } from "~/modules/reference/countries";
import { unitInEnglish } from "~/modules/reference/units";
import { printDate } from "~/utils/dates";
import {
  computeTotals,
  convertCents,
  formatCents,
  formatPrice,
  formatScaled,
  parseDecimal,
  type Totals,
} from "~/utils/money";
import { hasCyrillic, transliterate } from "~/utils/transliterate";
import { advanceSubtitle } from "./advances";
import { PAYMENT_METHODS, PAYMENT_METHODS_EN } from "./constants";
import { printable } from "./print-text";
import { amountInWords } from "./words";

/**
 * What a document prints, as text: one model for the HTML preview, the document page and the
 * PDF, so the three can never disagree. Languages: bg, en, or bilingual ("Фактура / Invoice").
 */

export type PrintLanguage = "bg" | "en" | "bilingual";

const LABELS = {
  invoice: ["ФАКТУРА", "INVOICE"],
  proforma: ["ПРОФОРМА ФАКТУРА", "PROFORMA INVOICE"],
  credit_note: ["КРЕДИТНО ИЗВЕСТИЕ", "CREDIT NOTE"],
  debit_note: ["ДЕБИТНО ИЗВЕСТИЕ", "DEBIT NOTE"],
  original: ["ОРИГИНАЛ", "ORIGINAL"],
  draft: ["ПРОЕКТ — НЕИЗДАДЕН ДОКУМЕНТ", "DRAFT — NOT ISSUED"],
  cancelled: ["АНУЛИРАН", "CANCELLED"],
  number: ["№", "No."],
  issueDate: ["Дата на издаване", "Date of issue"],
  taxEventDate: ["Дата на данъчното събитие", "Date of supply"],
  placeOfIssue: ["Място на издаване", "Place of issue"],
  dueDate: ["Падеж", "Due date"],
  supplier: ["Доставчик", "Supplier"],
  recipient: ["Получател", "Recipient"],
  eik: ["ЕИК", "Company ID"],
  vatNumber: ["ДДС №", "VAT No."],
  mol: ["МОЛ", "Manager"],
  address: ["Адрес", "Address"],
  lineNo: ["№", "No."],
  description: ["Описание", "Description"],
  unit: ["Мярка", "Unit"],
  quantity: ["Количество", "Quantity"],
  unitPrice: ["Ед. цена", "Unit price"],
  discount: ["Отстъпка", "Discount"],
  vat: ["ДДС", "VAT"],
  amount: ["Стойност", "Amount"],
  noVat: ["Без ДДС", "No VAT"],
  base: ["Данъчна основа", "Tax base"],
  subtotal: ["Обща данъчна основа", "Total tax base"],
  totalVat: ["Общо ДДС", "Total VAT"],
  total: ["Сума за плащане", "Amount due"],
  totalNote: ["Сума по известието", "Amount of the note"],
  vatGround: ["Основание за неначисляване на ДДС", "Reason for not charging VAT"],
  reverseCharge: ["Обратно начисляване", "Reverse charge"],
  words: ["Словом", "In words"],
  paymentMethod: ["Начин на плащане", "Payment method"],
  bank: ["Банка", "Bank"],
  author: ["Съставил", "Issued by"],
  receiver: ["Получил", "Received by"],
  toInvoice: ["Към фактура", "To invoice"],
  of: ["от", "of"],
  reason: ["Основание", "Reason"],
  rate: ["Курс", "Exchange rate"],
  eurBase: ["Данъчна основа в евро", "Tax base in euro"],
  notes: ["Забележки", "Notes"],
  cancelReason: ["Причина за анулиране", "Reason for cancellation"],
  fromProforma: ["По проформа", "Based on proforma"],
  payByQr: ["Плащане с QR код", "Pay by QR code"],
  scanQr: [
    "Сканирайте кода с приложението на банката си: сумата, IBAN и основанието се попълват сами.",
    "Scan the code with your banking app: the amount, IBAN and reference fill themselves in.",
  ],
  amountDue: ["Дължимо", "Amount due"],
} as const;
type LabelKey = keyof typeof LABELS;

export interface PrintParty {
  name: string;
  nameEn: string | null;
  eik: string | null;
  vatNumber: string | null;
  mol: string | null;
  address: string;
  addressEn: string | null;
  city: string;
  cityEn: string | null;
  postalCode: string | null;
  countryCode: string;
}

export interface PrintSupplier extends PrintParty {
  isVatRegistered: boolean;
  bankIban: string | null;
  bankName: string | null;
  bankNameEn: string | null;
  bankBic: string | null;
  /** The company's footer; absent in snapshots of documents issued before footers existed. */
  documentFooter?: string | null;
  /**
   * Who issues the company's documents, in Latin letters (printed after «Issued by»); absent in
   * snapshots of documents issued before it existed.
   */
  issuerNameEn?: string | null;
}

export interface PrintDocument {
  type: keyof typeof DOCUMENT_TITLE_KEYS;
  status: "draft" | "issued" | "cancelled";
  number: string | null;
  language: PrintLanguage;
  issueDate: string;
  taxEventDate: string | null;
  dueDate: string | null;
  placeOfIssue: string | null;
  currency: string;
  eurRate: string | null;
  vatGround: string | null;
  /**
   * The ground's kind in the grounds table: "reverse_charge" (чл. 21, ал. 2, чл. 82, ал. 2,
   * чл. 163а — the recipient owes the tax) prints «Обратно начисляване» / «Reverse charge».
   */
  vatGroundKind?: string | null;
  /** The ground's English wording in the grounds table (issue #41 item 5); absent: none. */
  vatGroundEn?: string | null;
  paymentMethod: keyof typeof PAYMENT_METHODS;
  authorName: string | null;
  recipientName: string | null;
  notes: string | null;
  originalNumber: string | null;
  originalDate: string | null;
  reason: string | null;
  cancelReason: string | null;
  /** An invoice for an advance payment (decision 074): its title says so. */
  advance?: boolean;
  /**
   * The VAT of a price that had it in it (the operator's invoices for the subscription, decision
   * 032): printed as it was charged instead of computed from the base; absent on documents.
   */
  vatIncludedCents?: number;
  lines: {
    description: string;
    quantity: string;
    unit: string;
    unitPrice: string;
    discountPercent: string;
    vatRate: number | null;
    netCents: number;
  }[];
}

const DOCUMENT_TITLE_KEYS = {
  invoice: "invoice",
  proforma: "proforma",
  credit_note: "credit_note",
  debit_note: "debit_note",
} as const;

export interface PrintModel {
  language: PrintLanguage;
  title: string;
  mark: string;
  markTone: "original" | "draft" | "cancelled";
  number: string;
  meta: { label: string; value: string }[];
  parties: { heading: string; name: string; rows: { label: string; value: string }[] }[];
  columns: { key: string; label: string; numeric: boolean }[];
  rows: Record<string, string>[];
  totals: { label: string; value: string; strong?: boolean }[];
  currency: string;
  facts: { label: string; value: string }[];
  signatures: { label: string; value: string }[];
  /** The company's text at the bottom of the page, as typed. */
  footer: string | null;
  /**
   * The EPC QR code for paying what is due by bank transfer (decision 068): its dark modules as
   * an SVG path in module units and its size, with the words beside it; absent when none applies.
   */
  payment?: PrintPayment | null;
}

export interface PrintPayment {
  size: number;
  path: string;
  title: string;
  lines: string[];
}

/** The words beside a document's payment QR code, in its language(s). */
export function paymentWords(
  language: PrintLanguage,
  dueCents: number,
  iban: string,
): Pick<PrintPayment, "title" | "lines"> {
  const pick = (key: "payByQr" | "scanQr" | "amountDue") => {
    const [bg, en] = LABELS[key];
    return language === "bg" ? [bg] : language === "en" ? [en] : [bg, en];
  };
  const locale = language === "en" ? "en" : "bg";
  return {
    title: pick("payByQr").join(" / "),
    lines: [
      ...pick("scanQr"),
      `${pick("amountDue").join(" / ")}: ${formatCents(dueCents, locale)} EUR · IBAN ${iban}`,
    ],
  };
}

/** Totals whose VAT was charged within the price (one rate): the VAT as charged, the base as is. */
function withIncludedVat(totals: Totals, vatCents: number | undefined): Totals {
  if (vatCents === undefined) return totals;
  return {
    groups: totals.groups.map((group) => ({ ...group, vatCents: group.rate ? vatCents : 0 })),
    subtotalCents: totals.subtotalCents,
    vatCents,
    totalCents: totals.subtotalCents + vatCents,
  };
}

export function buildPrintModel(
  doc: PrintDocument,
  supplier: PrintSupplier,
  client: PrintParty,
): PrintModel {
  const lang = doc.language;
  const en = lang === "en";
  const label = (key: LabelKey) => {
    const [bg, english] = LABELS[key];
    return lang === "bg" ? bg : lang === "en" ? english : `${bg} / ${english}`;
  };
  /** A text with its English: the English alone, or both side by side on a bilingual document. */
  const inLanguage = (bg: string, english: string | null | undefined) => {
    if (lang === "bg" || !english || english === bg) return bg;
    return en ? english : `${bg} / ${english}`;
  };
  const locale = en ? "en" : "bg";
  const money = (cents: number) => formatCents(cents, locale);
  const vatShown = supplier.isVatRegistered;

  // The place of issue is the company's city unless typed otherwise: in English, its English name.
  const place = (typed: string) => {
    const cityEn = supplier.cityEn?.trim();
    if (!cityEn || lang === "bg" || typed.trim() !== supplier.city.trim()) return typed;
    return en ? cityEn : cityEn === typed.trim() ? typed : `${typed} / ${cityEn}`;
  };
  const totals = withIncludedVat(computeTotals(doc.lines), doc.vatIncludedCents);
  const meta = [
    { label: label("issueDate"), value: printDate(doc.issueDate) },
    ...(doc.taxEventDate && doc.taxEventDate !== doc.issueDate
      ? [{ label: label("taxEventDate"), value: printDate(doc.taxEventDate) }]
      : []),
    ...(doc.placeOfIssue ? [{ label: label("placeOfIssue"), value: place(doc.placeOfIssue) }] : []),
    ...(doc.dueDate ? [{ label: label("dueDate"), value: printDate(doc.dueDate) }] : []),
    ...(doc.originalNumber && doc.originalDate
      ? [
          {
            label: label("toInvoice"),
            value: `№ ${doc.originalNumber} ${label("of")} ${printDate(doc.originalDate)}`,
          },
        ]
      : []),
    ...(doc.reason ? [{ label: label("reason"), value: doc.reason }] : []),
  ];

  const party = (
    heading: string,
    p: PrintParty,
    extra: { label: string; value: string }[] = [],
  ) => {
    const country = countryByCode(p.countryCode);
    const name = en && p.nameEn ? p.nameEn : p.name;
    const fullAddress = (english: boolean) => {
      const city = english && p.cityEn ? p.cityEn : p.city;
      const countryName = country ? (english ? country.nameEn : country.nameBg) : p.countryCode;
      const place = [p.postalCode ? `${p.postalCode} ${city}` : city, countryName]
        .filter(Boolean)
        .join(", ");
      return `${english && p.addressEn ? p.addressEn : p.address}, ${place}`;
    };
    // Bilingual: the English address beside the Bulgarian one when the party has one.
    const address =
      lang === "bilingual" && p.addressEn
        ? `${fullAddress(false)} / ${fullAddress(true)}`
        : fullAddress(en);
    return {
      heading,
      name:
        lang === "bilingual" && p.nameEn && p.nameEn !== p.name ? `${p.name} / ${p.nameEn}` : name,
      rows: [
        ...(p.eik ? [{ label: label("eik"), value: p.eik }] : []),
        ...(p.vatNumber ? [{ label: label("vatNumber"), value: p.vatNumber }] : []),
        { label: label("address"), value: address },
        ...(p.mol ? [{ label: label("mol"), value: p.mol }] : []),
        ...extra,
      ],
    };
  };

  const columns = [
    { key: "no", label: label("lineNo"), numeric: true },
    { key: "description", label: label("description"), numeric: false },
    { key: "unit", label: label("unit"), numeric: false },
    { key: "quantity", label: label("quantity"), numeric: true },
    { key: "unitPrice", label: label("unitPrice"), numeric: true },
    ...(doc.lines.some((l) => Number(l.discountPercent) > 0)
      ? [{ key: "discount", label: label("discount"), numeric: true }]
      : []),
    ...(vatShown ? [{ key: "vat", label: label("vat"), numeric: true }] : []),
    { key: "amount", label: `${label("amount")} (${doc.currency})`, numeric: true },
  ];
  const rows = doc.lines.map((line, index) => ({
    no: String(index + 1),
    description: line.description,
    unit: inLanguage(line.unit, unitInEnglish(line.unit)),
    quantity: formatScaled(parseDecimal(line.quantity, 3) ?? 0n, 3, locale),
    unitPrice: formatPrice(parseDecimal(line.unitPrice, 4) ?? 0n, locale),
    discount: `${formatScaled(parseDecimal(line.discountPercent, 2) ?? 0n, 2, locale)} %`,
    vat: line.vatRate === null ? label("noVat") : `${line.vatRate} %`,
    amount: money(line.netCents),
  }));

  const totalRows: PrintModel["totals"] = [];
  if (vatShown) {
    for (const group of totals.groups) {
      const name = group.rate === null ? label("noVat") : `${group.rate} %`;
      totalRows.push({ label: `${label("base")} ${name}`, value: money(group.baseCents) });
      if (group.rate !== null && group.rate > 0) {
        totalRows.push({ label: `${label("vat")} ${name}`, value: money(group.vatCents) });
      }
    }
    totalRows.push({ label: label("subtotal"), value: money(totals.subtotalCents) });
    totalRows.push({ label: label("totalVat"), value: money(totals.vatCents) });
  }
  const isNote = doc.type === "credit_note" || doc.type === "debit_note";
  totalRows.push({
    label: `${label(isNote ? "totalNote" : "total")} (${doc.currency})`,
    value: money(totals.totalCents),
    strong: true,
  });

  const facts: PrintModel["facts"] = [];
  if (doc.eurRate) {
    facts.push({ label: label("rate"), value: `1 ${doc.currency} = ${doc.eurRate} EUR` });
    facts.push({
      label: label("eurBase"),
      value: `${formatCents(convertCents(totals.subtotalCents, doc.eurRate), locale)} EUR`,
    });
  }
  const zeroOrNone = doc.lines.some((l) => l.vatRate === 0 || l.vatRate === null);
  if (doc.vatGround && (zeroOrNone || !vatShown)) {
    // The recipient owes the tax: the words the VAT Directive (art. 226, point 11a) and ЗДДС
    // (чл. 114, ал. 1, т. 12) ask for, in the document's language(s), before the ground.
    const reverse = doc.vatGroundKind === "reverse_charge";
    const ground = inLanguage(doc.vatGround, doc.vatGroundEn);
    facts.push({
      label: label("vatGround"),
      value: reverse ? `${label("reverseCharge")} — ${ground}` : ground,
    });
  }
  const words =
    lang === "bilingual"
      ? `${amountInWords(totals.totalCents, doc.currency, "bg")} / ${amountInWords(totals.totalCents, doc.currency, "en")}`
      : amountInWords(totals.totalCents, doc.currency, lang);
  facts.push({ label: label("words"), value: words });
  const method =
    lang === "en"
      ? PAYMENT_METHODS_EN[doc.paymentMethod]
      : lang === "bilingual"
        ? `${PAYMENT_METHODS[doc.paymentMethod]} / ${PAYMENT_METHODS_EN[doc.paymentMethod]}`
        : PAYMENT_METHODS[doc.paymentMethod];
  facts.push({ label: label("paymentMethod"), value: method });
  if (doc.paymentMethod === "bank" && supplier.bankIban) {
    const bankName = en && supplier.bankNameEn ? supplier.bankNameEn : supplier.bankName;
    facts.push({ label: "IBAN", value: supplier.bankIban });
    if (supplier.bankBic) facts.push({ label: "BIC", value: supplier.bankBic });
    if (bankName) facts.push({ label: label("bank"), value: bankName });
  }
  if (doc.notes) facts.push({ label: label("notes"), value: doc.notes });
  if (doc.status === "cancelled" && doc.cancelReason) {
    facts.push({ label: label("cancelReason"), value: doc.cancelReason });
  }

  // Who issued it, in Latin on an English document: the company's own spelling, else the name
  // transliterated (the Transliteration Act), so «Issued by» never prints Cyrillic.
  const author = doc.authorName ?? "";
  const authorEn = !hasCyrillic(author)
    ? author
    : supplier.issuerNameEn?.trim() || transliterate(author);

  // No control or invisible character reaches the preview or the PDF (an address typed with
  // «\r\n» printed a box); the PDF also replaces what its fonts lack (pdf.server.tsx).
  return printable<PrintModel>({
    language: lang,
    title: doc.advance
      ? `${label(DOCUMENT_TITLE_KEYS[doc.type])} — ${advanceSubtitle(lang)}`
      : label(DOCUMENT_TITLE_KEYS[doc.type]),
    mark: label(
      doc.status === "draft" ? "draft" : doc.status === "cancelled" ? "cancelled" : "original",
    ),
    markTone:
      doc.status === "draft" ? "draft" : doc.status === "cancelled" ? "cancelled" : "original",
    number: doc.number ? `${label("number")} ${doc.number}` : "",
    meta,
    parties: [party(label("supplier"), supplier), party(label("recipient"), client)],
    columns,
    rows,
    totals: totalRows,
    currency: doc.currency,
    facts,
    signatures: [
      { label: label("author"), value: inLanguage(author, authorEn) },
      { label: label("receiver"), value: doc.recipientName ?? "" },
    ],
    footer: supplier.documentFooter?.trim() || null,
  });
}
