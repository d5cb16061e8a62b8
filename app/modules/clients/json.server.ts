import { countryByCode } from "~/modules/reference/countries";
import type { getClient } from "./queries.server";

type ClientRow = NonNullable<Awaited<ReturnType<typeof getClient>>>;

/** A client as the JSON API shows it. */
export function clientJson(client: ClientRow) {
  return {
    id: client.id,
    kind: client.kind,
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
    country: countryByCode(client.countryCode)?.nameBg ?? client.countryCode,
    emails: client.emails,
    phone: client.phone,
    currency: client.currency,
    language: client.language,
    paymentTermDays: client.paymentTermDays,
    vatTreatment: client.vatTreatment,
    archived: client.archivedAt !== null,
    createdAt: client.createdAt,
  };
}
