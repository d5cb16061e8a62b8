import { z } from "zod";
import {
  checkbox,
  checkCompany,
  checkVat,
  emailField,
  newPasswordField,
  step2Fields,
  step3Fields,
} from "~/modules/accounts/schema";
import { PLANS } from "~/modules/subscriptions/plans";
import { todayInSofia } from "~/utils/dates";
import { optionalIban } from "~/utils/iban";
import { isOwnKey } from "~/utils/own-keys";
import { boundedText, optionalDate } from "~/utils/schema";
import type { Plan } from "~db/types";
import { ADMIN_MESSAGES, USER_STATUSES, type UserSearch, type UserStatusFilter } from "./constants";

export {
  ADMIN_MESSAGES,
  COMPANY_EDIT_FIELDS,
  EDIT_USER_FIELDS,
  GRANT_FIELDS,
  NEW_CUSTOMER_FIELDS,
  NEW_USER_FIELDS,
  PAYMENT_PROBLEM_STATUSES,
  SUBSCRIPTION_STATUS_NAMES,
  USER_STATUSES,
  type UserSearch,
  type UserStatusFilter,
} from "./constants";

/*
 * The back office's forms about customers and their users (issue #14), shared by the views and
 * the actions. The company and name rules are registration's (modules/accounts/schema.ts), so a
 * customer made by an admin passes the same checks as one who signed up.
 */

/** The list's query string; anything malformed is dropped (a search never refuses). */
export function parseUserSearch(params: URLSearchParams): UserSearch {
  const q = boundedText(100).safeParse(params.get("q") ?? "");
  const plan = params.get("plan");
  const status = params.get("status");
  return {
    q: q.success ? q.data : "",
    plan: (PLANS as readonly string[]).includes(plan ?? "") ? (plan as Plan) : null,
    status: isOwnKey(USER_STATUSES, status) ? (status as UserStatusFilter) : null,
  };
}

/** The new login's password: typed, or a link by e-mail to set it (never both). */
const credentialFields = {
  password: newPasswordField.optional(),
  sendLink: checkbox,
};

function checkCredentials(data: { password?: string; sendLink: boolean }, ctx: z.RefinementCtx) {
  if (!data.sendLink && !data.password) {
    ctx.addIssue({ code: "custom", path: ["password"], message: ADMIN_MESSAGES.passwordOrLink });
  } else if (data.sendLink && data.password) {
    ctx.addIssue({ code: "custom", path: ["password"], message: ADMIN_MESSAGES.passwordWithLink });
  }
}

/** The back office's sign-in (/hatterscastle/login): the messages its page has always said. */
export const adminLoginSchema = z.object({
  email: z
    .string({ required_error: "Въведете имейл" })
    .trim()
    .min(1, "Въведете имейл")
    .max(254, "Въведете валиден имейл адрес")
    // An address as people type it: no spaces or control characters, one @ between two parts.
    .regex(/^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+$/u, "Въведете валиден имейл адрес"),
  password: z
    .string({ required_error: "Въведете парола" })
    .min(1, "Въведете парола")
    .transform((password) => password.slice(0, 200)),
  redirectTo: z.string().max(2000).optional(),
});

const nameFields = { firstName: step2Fields.firstName, lastName: step2Fields.lastName };

/** /hatterscastle/users/new: another login of an existing customer. */
export const newUserSchema = z
  .object({ email: emailField, ...nameFields, ...credentialFields, verified: checkbox })
  .superRefine(checkCredentials);

/** /hatterscastle/users/edit/{id}: the user's contact data. */
export const editUserSchema = z.object({ email: emailField, ...nameFields, verified: checkbox });

export const lockSchema = z.object({ reason: boundedText(500, ADMIN_MESSAGES.lockReason) });

// ── A customer (company) ──────────────────────────────────────────────────────────

/** Bank details are optional in the back office (the customer adds them in their profile). */
const optionalBank = (max: number) =>
  boundedText(max)
    .optional()
    .transform((value) => value || undefined);

const companyFields = {
  companyType: step2Fields.companyType,
  companyName: step2Fields.companyName,
  companyVat: step2Fields.companyVat,
  companyAddress: step2Fields.companyAddress,
  companyCity: step2Fields.companyCity,
  postalCode: step2Fields.postalCode,
  country: step2Fields.country,
  companyPhone: step3Fields.companyPhone,
  isVatRegistered: step3Fields.isVatRegistered,
  vatNumber: step3Fields.vatNumber,
  companyBankAccount: optionalIban.transform((v) => v ?? undefined),
  companyBankName: optionalBank(100),
  companyBankBic: optionalBank(20).transform((v) => v?.toUpperCase()),
};

/** /hatterscastle/customers/new: the company (registration's rules) and its first login. */
export const newCustomerSchema = z
  .object({
    ...companyFields,
    username: emailField,
    ...nameFields,
    ...credentialFields,
    verified: checkbox,
  })
  .superRefine((data, ctx) => {
    checkCompany(data, ctx);
    checkVat(data, ctx);
    checkCredentials(data, ctx);
  });
export type NewCustomerInput = z.infer<typeof newCustomerSchema>;

/**
 * /hatterscastle/customers/edit/{id}: the company's data with the rules of the customer's own
 * profile (modules/accounts profileSchema), plus what only an operator may correct: the type,
 * the EIK and the company's e-mail.
 */
export const companyEditSchema = z
  .object({
    ...companyFields,
    companyEmail: emailField,
    useEnglishInvoices: step3Fields.useEnglishInvoices,
    companyNameEn: step3Fields.companyNameEn,
    companyAddressEn: step3Fields.companyAddressEn,
    companyCityEn: step3Fields.companyCityEn,
    companyBankNameEn: step3Fields.companyBankNameEn,
  })
  .superRefine((data, ctx) => {
    checkCompany(data, ctx);
    checkVat(data, ctx);
  });
export type CompanyEditInput = z.infer<typeof companyEditSchema>;

/** A plan without payment: which, why, until when (the last day, optional, not in the past). */
export const grantSchema = z.object({
  plan: z.enum(["standard", "full"], { errorMap: () => ({ message: "Изберете план" }) }),
  reason: boundedText(500, ADMIN_MESSAGES.grantReason),
  endsOn: optionalDate.superRefine((value, ctx) => {
    if (value && value < todayInSofia()) {
      ctx.addIssue({ code: "custom", message: ADMIN_MESSAGES.pastEnd });
    }
  }),
});

/** POST /api/admin/customers/direct (spec §7): an admin's one-time token, and the customer. */
export const directTokenSchema = z.object({
  directAuthToken: z
    .string({ required_error: "Липсва токен за достъп", invalid_type_error: "Невалиден токен" })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, "Невалиден токен"),
  userId: z.string().uuid("Невалиден потребител").optional(),
});
