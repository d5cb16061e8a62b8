import { z } from "zod";
import { MESSAGES } from "~/modules/accounts/constants";
import { postalCodeError } from "~/modules/accounts/schema";
import { bgIdError, bgVatError } from "~/modules/reference/bg-identifiers";
import { countryByName, DEFAULT_COUNTRY } from "~/modules/reference/countries";
import { CURRENCIES } from "~/modules/reference/currencies";
import { boundedText } from "~/utils/schema";
import { CLIENT_KINDS, CLIENT_MESSAGES, EU_VAT, MAX_EMAILS, VAT_TREATMENTS } from "./constants";

export { CLIENT_KINDS, CLIENT_MESSAGES, EU_VAT, MAX_EMAILS, VAT_TREATMENTS } from "./constants";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const text = (max = 200) =>
  boundedText(max)
    .optional()
    .transform((value) => value || null);
const required = (message: string, max = 200) => boundedText(max, message);

/** One client, as the form and POST /api/clients give it. */
export const clientSchema = z
  .object({
    kind: z.enum(Object.keys(CLIENT_KINDS) as [keyof typeof CLIENT_KINDS], {
      errorMap: () => ({ message: "Моля, изберете вид на клиента" }),
    }),
    name: required(CLIENT_MESSAGES.name),
    nameEn: text(),
    eik: text(13),
    vatNumber: boundedText(30)
      .optional()
      .transform((value) => value?.replace(/[\s.-]/g, "").toUpperCase() || null),
    mol: text(),
    address: required(CLIENT_MESSAGES.address),
    addressEn: text(),
    city: required(CLIENT_MESSAGES.city, 100),
    cityEn: text(100),
    postalCode: text(10),
    country: boundedText(100)
      .optional()
      .transform((value) => value || DEFAULT_COUNTRY),
    // Several addresses, separated by commas, semicolons or spaces; an array from JSON.
    emails: z
      .union([
        boundedText(1000),
        z.array(boundedText(254)).max(MAX_EMAILS, CLIENT_MESSAGES.tooManyEmails),
      ])
      .optional()
      .transform((value) =>
        (Array.isArray(value) ? value : (value ?? "").split(/[\s,;]+/))
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      ),
    phone: text(50),
    currency: z
      .enum(CURRENCIES, { errorMap: () => ({ message: "Моля, изберете валута" }) })
      .default("EUR"),
    language: z
      .enum(["bg", "en"], { errorMap: () => ({ message: "Моля, изберете език" }) })
      .default("bg"),
    paymentTermDays: z.coerce
      .number({ invalid_type_error: CLIENT_MESSAGES.paymentTerm })
      .int(CLIENT_MESSAGES.paymentTerm)
      .min(0, CLIENT_MESSAGES.paymentTerm)
      .max(365, CLIENT_MESSAGES.paymentTerm)
      .default(7),
    vatTreatment: z
      .enum(Object.keys(VAT_TREATMENTS) as [keyof typeof VAT_TREATMENTS], {
        errorMap: () => ({ message: "Моля, изберете третиране по ДДС" }),
      })
      .default("standard"),
  })
  .superRefine((data, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    const country = countryByName(data.country);
    if (!country) issue("country", MESSAGES.country);

    const needsEik =
      data.kind === "company" || data.kind === "sole_trader" || data.kind === "non_profit";
    if (needsEik && !data.eik) issue("eik", CLIENT_MESSAGES.eikRequired);
    // A Bulgarian client's ЕИК/Булстат, ЕГН or ЛНЧ with its check digit (decision 049).
    const eikError = data.eik && data.kind !== "foreign_company" ? bgIdError(data.eik) : null;
    if (eikError) issue("eik", eikError);
    if (data.vatNumber) {
      if (data.vatNumber.startsWith("BG")) {
        // A company's or a non-profit's VAT number is BG + its 9-digit ЕИК; a sole trader's too
        // when it has nine digits (a freelancer's may be BG + ЕГН).
        const ownsEik =
          data.kind === "company" ||
          data.kind === "non_profit" ||
          (data.kind === "sole_trader" && data.vatNumber.length === 11);
        const ownEik = ownsEik && !eikError ? data.eik : null;
        const error = bgVatError(data.vatNumber, ownEik);
        if (error) issue("vatNumber", error === MESSAGES.vatFormat ? CLIENT_MESSAGES.vat : error);
      } else {
        const ok = data.kind === "foreign_company" ? /^[A-Z]{2}[0-9A-Z]{2,13}$/ : EU_VAT;
        if (!ok.test(data.vatNumber)) {
          issue(
            "vatNumber",
            data.kind === "foreign_company" ? CLIENT_MESSAGES.foreignVat : CLIENT_MESSAGES.vat,
          );
        }
      }
    }
    if (data.postalCode && country) {
      const error = postalCodeError(data.postalCode, data.country);
      if (error) issue("postalCode", error);
    }
    const bad = data.emails.find((email) => !EMAIL.test(email) || email.length > 254);
    if (bad) issue("emails", CLIENT_MESSAGES.email(bad.slice(0, 80)));
    if (data.emails.length > MAX_EMAILS) issue("emails", CLIENT_MESSAGES.tooManyEmails);
  });

export type ClientInput = z.infer<typeof clientSchema>;
