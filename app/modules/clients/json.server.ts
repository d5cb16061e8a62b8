import { countryByCode } from "~/modules/reference/countries";
import { z } from "~/utils/zod-openapi.server";
import { CLIENT_KINDS, VAT_TREATMENTS } from "./constants";
import type { getClient } from "./queries.server";
import { clientSchema } from "./schema";

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

const orNull = z.string().nullable();
/** What `clientJson` answers, as the OpenAPI document shows it (decision 056). */
export const clientJsonSchema = z
  .object({
    id: z.string().uuid(),
    kind: z.enum(Object.keys(CLIENT_KINDS) as [keyof typeof CLIENT_KINDS]),
    name: z.string(),
    nameEn: orNull,
    eik: orNull.describe("ЕИК/Булстат (9 or 13 digits), or a person's ЕГН/ЛНЧ (10)"),
    vatNumber: orNull.describe("BG + 9, 10 or 13 digits; a company's is BG + its 9-digit ЕИК"),
    mol: orNull,
    address: z.string(),
    addressEn: orNull,
    city: z.string(),
    cityEn: orNull,
    postalCode: orNull,
    countryCode: z.string().describe("ISO 3166-1 alpha-2"),
    country: z.string().describe("The country's Bulgarian name"),
    emails: z.array(z.string()),
    phone: orNull,
    currency: z.string(),
    language: z.enum(["bg", "en"]),
    paymentTermDays: z.number().int(),
    vatTreatment: z.enum(Object.keys(VAT_TREATMENTS) as [keyof typeof VAT_TREATMENTS]),
    archived: z.boolean(),
    createdAt: z.string().datetime(),
  })
  .openapi("Client");

/** The body of POST /api/clients as the OpenAPI document names it: the schema the route parses with. */
export const clientInputJsonSchema = clientSchema.openapi("ClientInput");
