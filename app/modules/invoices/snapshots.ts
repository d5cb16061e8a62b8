import type { Client, Company } from "~db/types";
import type { PrintParty, PrintSupplier } from "./print";

/*
 * The supplier and the client as an issued document keeps them (documents.server's issueDocument
 * freezes them; a draft's preview, its PDF and its e-invoice show them as they are now).
 */

/** A party as printed, with how to reach it: what it was when the document was issued. */
export interface PartySnapshot extends PrintParty {
  email: string | null;
  phone: string | null;
}
export interface SupplierSnapshot extends PrintSupplier {
  email: string | null;
  phone: string | null;
}

/** The company as a document's supplier. */
export function supplierSnapshot(company: Company): SupplierSnapshot {
  return {
    name: company.name,
    nameEn: company.nameEn,
    eik: company.eik,
    vatNumber: company.isVatRegistered ? company.vatNumber : null,
    mol: null,
    address: company.address,
    addressEn: company.addressEn,
    city: company.city,
    cityEn: company.cityEn,
    postalCode: company.postalCode,
    countryCode: company.countryCode,
    email: company.email,
    phone: company.phone || null,
    isVatRegistered: company.isVatRegistered,
    bankIban: company.bankIban,
    bankName: company.bankName,
    bankNameEn: company.bankNameEn,
    bankBic: company.bankBic,
    documentFooter: company.documentFooter,
    issuerNameEn: company.issuerNameEn,
  };
}

/** The client as a document's recipient. */
export function clientSnapshot(client: Client): PartySnapshot {
  return {
    name: client.name,
    nameEn: client.nameEn,
    eik: client.eik,
    vatNumber: client.vatNumber,
    mol: client.mol,
    address: client.address,
    addressEn: client.addressEn,
    city: client.city,
    cityEn: client.cityEn,
    postalCode: client.postalCode,
    countryCode: client.countryCode,
    email: client.emails[0] ?? null,
    phone: client.phone,
  };
}
