import type { Kysely } from "kysely";
import { create } from "xmlbuilder2";
import type { XMLBuilder } from "xmlbuilder2/lib/interfaces";
import type { DocumentWithLines } from "~/modules/invoices/documents.server";
import { pdfFileName, storedPdf } from "~/modules/invoices/render.server";
import {
  clientSnapshot,
  type PartySnapshot,
  type SupplierSnapshot,
  supplierSnapshot,
} from "~/modules/invoices/snapshots";
import { vatDateOf } from "~/modules/reference/vat";
import { vatGroundKind } from "~/modules/reference/vat.server";
import { AppError } from "~/utils/errors";
import { centsToDecimal } from "~/utils/money";
import type { Database, DocumentRow } from "~db/types";
import { buildEInvoice, type EInvoice, type EParty, endpointOf, vatId } from "./model";
import { type EInvoiceProfile, eInvoiceProfile, PEPPOL_ONLY_RULES } from "./profile";
import { checkUbl, type RuleBreach } from "./rules";
import { UBL_NS } from "./xml";

/*
 * The UBL 2.1 file of an issued invoice, debit note (an Invoice, type 383) or credit note (a
 * CreditNote, type 381, positive amounts), per EN 16931 — a Peppol BIS Billing 3.0 document when
 * both parties have a Peppol address, else a plain EN 16931 one (profile.ts, decision 048) —
 * written with xmlbuilder2 in the schema's element order, with the document's PDF inside. Before
 * it leaves it is read back and checked against the EN 16931 rules (rules.ts; a plain EN 16931
 * document skips Peppol's own): a file that breaks one is never served. CI runs the official CEN
 * and Peppol Schematron over every kind of document (tests/integration/ubl-schematron.test.ts).
 */

export const EINVOICE_MESSAGES = {
  notIssued:
    "Електронна фактура има само издадена фактура, дебитно или кредитно известие — не чернова, проформа или анулиран документ.",
  invalid: "Електронната фактура не може да бъде създадена: в документа липсват данни.",
} as const;

/** An e-invoice that would break EN 16931: 422 with what is missing, in Bulgarian. */
export class EInvoiceInvalidError extends AppError {
  override name = "EInvoiceInvalidError";
  constructor(public problems: RuleBreach[]) {
    super(EINVOICE_MESSAGES.invalid, 422);
  }
}

type Builder = XMLBuilder;

const cbc = (parent: Builder, name: string, text: string, attrs?: Record<string, string>) =>
  parent.ele(UBL_NS.cbc, `cbc:${name}`, attrs).txt(text).up();
const cac = (parent: Builder, name: string) => parent.ele(UBL_NS.cac, `cac:${name}`);

function writeParty(parent: Builder, wrapper: string, party: EParty) {
  const node = cac(cac(parent, wrapper), "Party");
  if (party.endpoint)
    cbc(node, "EndpointID", party.endpoint.id, { schemeID: party.endpoint.scheme });
  cbc(cac(node, "PartyName"), "Name", party.name);
  const address = cac(node, "PostalAddress");
  if (party.street) cbc(address, "StreetName", party.street);
  if (party.city) cbc(address, "CityName", party.city);
  if (party.postalCode) cbc(address, "PostalZone", party.postalCode);
  if (party.countryCode) cbc(cac(address, "Country"), "IdentificationCode", party.countryCode);
  if (party.vatId) {
    const scheme = cac(node, "PartyTaxScheme");
    cbc(scheme, "CompanyID", party.vatId);
    cbc(cac(scheme, "TaxScheme"), "ID", "VAT");
  }
  const legal = cac(node, "PartyLegalEntity");
  cbc(legal, "RegistrationName", party.name);
  if (party.legalId) cbc(legal, "CompanyID", party.legalId);
  if (party.email || party.phone) {
    const contact = cac(node, "Contact");
    if (party.phone) cbc(contact, "Telephone", party.phone);
    if (party.email) cbc(contact, "ElectronicMail", party.email);
  }
}

function writeCategory(parent: Builder, name: string, category: string, percent: number | null) {
  const node = cac(parent, name);
  cbc(node, "ID", category);
  if (percent !== null) cbc(node, "Percent", String(percent));
  return node;
}

/** Which e-invoice a model makes: Peppol when both parties have an EAS address (profile.ts). */
export const profileOfModel = (model: Pick<EInvoice, "supplier" | "customer">) =>
  eInvoiceProfile(model.supplier, model.customer);

/** The UBL XML of an e-invoice model (UTF-8, the UBL 2.1 element order). */
export function writeUbl(model: EInvoice): string {
  const profile = profileOfModel(model);
  const isCredit = model.kind === "credit_note";
  const money = (cents: number, currency = model.currency) =>
    [centsToDecimal(cents), { currencyID: currency }] as const;
  const root = create({ version: "1.0", encoding: "UTF-8" }).ele(
    isCredit ? UBL_NS.creditNote : UBL_NS.invoice,
    isCredit ? "CreditNote" : "Invoice",
    { "xmlns:cac": UBL_NS.cac, "xmlns:cbc": UBL_NS.cbc },
  );
  cbc(root, "CustomizationID", profile.customizationId);
  if (profile.profileId) cbc(root, "ProfileID", profile.profileId);
  cbc(root, "ID", model.number);
  cbc(root, "IssueDate", model.issueDate);
  if (isCredit) {
    if (model.taxPointDate) cbc(root, "TaxPointDate", model.taxPointDate);
    cbc(root, "CreditNoteTypeCode", "381");
    if (model.note) cbc(root, "Note", model.note);
  } else {
    if (model.dueDate) cbc(root, "DueDate", model.dueDate);
    cbc(
      root,
      "InvoiceTypeCode",
      model.kind === "debit_note" ? "383" : model.prepayment ? "386" : "380",
    );
    if (model.note) cbc(root, "Note", model.note);
    if (model.taxPointDate) cbc(root, "TaxPointDate", model.taxPointDate);
  }
  cbc(root, "DocumentCurrencyCode", model.currency);
  if (model.taxCurrency) cbc(root, "TaxCurrencyCode", model.taxCurrency);
  cbc(root, "BuyerReference", model.buyerReference);
  if (model.billingReference) {
    const reference = cac(cac(root, "BillingReference"), "InvoiceDocumentReference");
    cbc(reference, "ID", model.billingReference.number);
    if (model.billingReference.date) cbc(reference, "IssueDate", model.billingReference.date);
  }
  if (model.pdf) {
    const reference = cac(root, "AdditionalDocumentReference");
    cbc(reference, "ID", model.number);
    cbc(reference, "DocumentDescription", model.pdf.fileName.replace(/\.pdf$/, ""));
    cbc(cac(reference, "Attachment"), "EmbeddedDocumentBinaryObject", model.pdf.base64, {
      mimeCode: "application/pdf",
      filename: model.pdf.fileName,
    });
  }
  writeParty(root, "AccountingSupplierParty", model.supplier);
  writeParty(root, "AccountingCustomerParty", model.customer);
  if (model.delivery) {
    const delivery = cac(root, "Delivery");
    cbc(delivery, "ActualDeliveryDate", model.delivery.date);
    if (model.delivery.countryCode) {
      const address = cac(cac(delivery, "DeliveryLocation"), "Address");
      if (model.customer.street) cbc(address, "StreetName", model.customer.street);
      if (model.customer.city) cbc(address, "CityName", model.customer.city);
      if (model.customer.postalCode) cbc(address, "PostalZone", model.customer.postalCode);
      cbc(cac(address, "Country"), "IdentificationCode", model.delivery.countryCode);
    }
  }
  const means = cac(root, "PaymentMeans");
  cbc(means, "PaymentMeansCode", model.payment.code, { name: model.payment.name });
  if (isCredit && model.payment.dueDate) cbc(means, "PaymentDueDate", model.payment.dueDate);
  cbc(means, "PaymentID", model.payment.paymentId);
  if (model.payment.iban) {
    const account = cac(means, "PayeeFinancialAccount");
    cbc(account, "ID", model.payment.iban);
    if (model.payment.bankName) cbc(account, "Name", model.payment.bankName);
    if (model.payment.bic) cbc(cac(account, "FinancialInstitutionBranch"), "ID", model.payment.bic);
  }
  cbc(cac(root, "PaymentTerms"), "Note", model.paymentTerms);

  const taxTotal = cac(root, "TaxTotal");
  cbc(taxTotal, "TaxAmount", ...money(model.vatCents));
  for (const group of model.breakdown) {
    const subtotal = cac(taxTotal, "TaxSubtotal");
    cbc(subtotal, "TaxableAmount", ...money(group.baseCents));
    cbc(subtotal, "TaxAmount", ...money(group.vatCents));
    const category = writeCategory(subtotal, "TaxCategory", group.category, group.percent);
    if (group.reasonCode) cbc(category, "TaxExemptionReasonCode", group.reasonCode);
    if (group.reason) cbc(category, "TaxExemptionReason", group.reason);
    cbc(cac(category, "TaxScheme"), "ID", "VAT");
  }
  if (model.taxCurrency && model.vatInTaxCurrencyCents !== null) {
    cbc(
      cac(root, "TaxTotal"),
      "TaxAmount",
      ...money(model.vatInTaxCurrencyCents, model.taxCurrency),
    );
  }

  const totals = cac(root, "LegalMonetaryTotal");
  cbc(totals, "LineExtensionAmount", ...money(model.subtotalCents));
  cbc(totals, "TaxExclusiveAmount", ...money(model.subtotalCents));
  cbc(totals, "TaxInclusiveAmount", ...money(model.totalCents));
  if (model.prepaidCents > 0) cbc(totals, "PrepaidAmount", ...money(model.prepaidCents));
  cbc(totals, "PayableAmount", ...money(model.payableCents));

  for (const line of model.lines) {
    const node = cac(root, isCredit ? "CreditNoteLine" : "InvoiceLine");
    cbc(node, "ID", line.id);
    cbc(node, isCredit ? "CreditedQuantity" : "InvoicedQuantity", line.quantity, {
      unitCode: line.unitCode,
    });
    cbc(node, "LineExtensionAmount", ...money(line.netCents));
    const item = cac(node, "Item");
    cbc(item, "Name", line.name);
    cbc(
      cac(writeCategory(item, "ClassifiedTaxCategory", line.category, line.percent), "TaxScheme"),
      "ID",
      "VAT",
    );
    const price = cac(node, "Price");
    cbc(price, "PriceAmount", line.netPrice, { currencyID: model.currency });
    if (line.gross) {
      const discount = cac(price, "AllowanceCharge");
      cbc(discount, "ChargeIndicator", "false");
      cbc(discount, "Amount", line.gross.discount, { currencyID: model.currency });
      cbc(discount, "BaseAmount", line.gross.price, { currencyID: model.currency });
    }
  }
  return root.end({ prettyPrint: true });
}

/** The frozen supplier and client of an issued document (the live rows for a document without). */
async function partiesOf(db: Kysely<Database>, doc: DocumentWithLines) {
  let supplier = doc.supplierSnapshot as SupplierSnapshot | null;
  let client = doc.clientSnapshot as PartySnapshot | null;
  if (!supplier) {
    const company = await db
      .selectFrom("companies")
      .selectAll()
      .where("id", "=", doc.companyId)
      .executeTakeFirstOrThrow();
    supplier = supplierSnapshot(company);
  }
  if (!client) {
    const row = await db
      .selectFrom("clients")
      .selectAll()
      .where("companyId", "=", doc.companyId)
      .where("id", "=", doc.clientId)
      .executeTakeFirstOrThrow();
    client = clientSnapshot(row);
  }
  // Snapshots of documents issued before e-mail and phone were frozen lack them.
  return {
    supplier: { ...supplier, email: supplier.email ?? null, phone: supplier.phone ?? null },
    client: { ...client, email: client.email ?? null, phone: client.phone ?? null },
  };
}

/**
 * Which e-invoice a stored document makes (for the invoice page, without writing the file): the
 * parties' addresses worked out as the model does (model.ts `party`).
 */
export async function eInvoiceProfileOf(
  db: Kysely<Database>,
  doc: DocumentWithLines,
): Promise<EInvoiceProfile> {
  const { supplier, client } = await partiesOf(db, doc);
  const address = (p: { vatNumber: string | null; countryCode: string; email: string | null }) => ({
    endpoint: endpointOf(vatId(p.vatNumber, p.countryCode), p.email || null),
  });
  return eInvoiceProfile(address(supplier), address(client));
}

/** True for the documents that have an e-invoice: issued invoices, debit and credit notes. */
export const hasEInvoice = (doc: Pick<DocumentRow, "type" | "status">) =>
  doc.status === "issued" && doc.type !== "proforma";

/**
 * The e-invoice model of a stored document (withPdf: the PDF inside, rendered once and kept; or
 * `pdf`, its stored bytes the caller already read).
 */
export async function eInvoiceModel(
  db: Kysely<Database>,
  doc: DocumentWithLines,
  options: { withPdf: boolean; pdf?: Uint8Array } = { withPdf: true },
): Promise<EInvoice> {
  if (!hasEInvoice(doc) || !doc.number) throw new AppError(EINVOICE_MESSAGES.notIssued, 409);
  const [{ supplier, client }, kind, pdf] = await Promise.all([
    partiesOf(db, doc),
    vatGroundKind(db, doc.vatGround, vatDateOf(doc)),
    options.pdf ? { data: options.pdf } : options.withPdf ? storedPdf(db, doc) : null,
  ]);
  return buildEInvoice({
    doc: {
      ...doc,
      type: doc.type as EInvoice["kind"],
      number: doc.number,
      paidCents: Number(doc.paidCents),
      lines: doc.lines.map((line) => ({ ...line, netCents: Number(line.netCents) })),
    },
    supplier,
    client,
    groundKind: kind,
    pdf: pdf ? { fileName: pdfFileName(doc), data: pdf.data } : null,
  });
}

/**
 * The checked UBL file of a document; EInvoiceInvalidError (422) naming what breaks EN 16931.
 * `pdf`: the stored PDF already read (the company export), else it is read here.
 */
export async function eInvoiceXml(
  db: Kysely<Database>,
  doc: DocumentWithLines,
  pdf?: Uint8Array,
): Promise<string> {
  const model = await eInvoiceModel(db, doc, { withPdf: true, pdf });
  const xml = writeUbl(model);
  // A plain EN 16931 document needs no electronic address: Peppol's rules for them do not apply.
  const peppol = profileOfModel(model).kind === "peppol";
  const problems = checkUbl(xml).filter(
    (problem) => peppol || !PEPPOL_ONLY_RULES.includes(problem.id),
  );
  if (problems.length) throw new EInvoiceInvalidError(problems);
  return xml;
}
