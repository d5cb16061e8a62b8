import { countryByCode } from "~/modules/reference/countries";
import type { getProfile } from "./service.server";

/**
 * GET /api/profile: the profile form's fields under the names PUT /api/profile takes (the
 * company's English details among them, issue #41 item 5), an empty text as "" so that what is
 * read can be put back; `company` is null without a company or without the role's settings
 * (decision 028).
 */
export function profileJson(p: Awaited<ReturnType<typeof getProfile>>) {
  return {
    email: p.email,
    firstName: p.firstName,
    lastName: p.lastName,
    company:
      p.companyId === null
        ? null
        : {
            id: p.companyId,
            eik: p.eik,
            companyName: p.companyName,
            companyNameEn: p.companyNameEn ?? "",
            companyAddress: p.companyAddress,
            companyAddressEn: p.companyAddressEn ?? "",
            companyCity: p.companyCity,
            companyCityEn: p.companyCityEn ?? "",
            companyIssuerNameEn: p.companyIssuerNameEn ?? "",
            postalCode: p.postalCode,
            country: countryByCode(p.countryCode ?? "BG")?.nameBg ?? p.countryCode,
            companyPhone: p.companyPhone ?? "",
            isVatRegistered: p.isVatRegistered,
            vatNumber: p.vatNumber ?? "",
            companyBankAccount: p.companyBankAccount ?? "",
            companyBankName: p.companyBankName ?? "",
            companyBankNameEn: p.companyBankNameEn ?? "",
            companyBankBic: p.companyBankBic ?? "",
            useEnglishInvoices: p.useEnglishInvoices,
          },
  };
}
