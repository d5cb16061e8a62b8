import type { AppLoadContext } from "@remix-run/node";
import { type Kysely, sql, type Transaction } from "kysely";
import { hashPassword } from "~/modules/auth/password.server";
import { limitAccountMail } from "~/modules/auth/password-reset.server";
import { issueToken } from "~/modules/auth/tokens.server";
import { MailError, sendMail } from "~/modules/mail/mailer.server";
import { verificationMail, welcomeMail } from "~/modules/mail/templates.server";
import { countryByName } from "~/modules/reference/countries";
import { emailLogoUrl } from "~/modules/settings/app-settings.server";
import { newCompanyDefaults } from "~/modules/settings/invoice-defaults.server";
import { AppError } from "~/utils/errors";
import { API_MESSAGES } from "~/utils/http.server";
import type { Database } from "~db/types";
import type { CompanyKind } from "./company-kind";
import type { ProfileInput, RegisterInput } from "./schema";

export const TAKEN = {
  email: "Този имейл адрес вече е регистриран",
  companyName: "Това име на фирма вече е регистрирано",
  eik: "Този ЕИК номер е вече регистриран",
} as const;

export async function isEmailTaken(db: Kysely<Database>, email: string): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.trim().toLowerCase()))
    .executeTakeFirst();
  return row !== undefined;
}

export async function isCompanyNameTaken(
  db: Kysely<Database>,
  name: string,
  exceptCompanyId?: string | null,
) {
  let query = db
    .selectFrom("companies")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["name"]), "=", name.trim().toLowerCase()));
  if (exceptCompanyId) query = query.where("id", "!=", exceptCompanyId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function isEikTaken(db: Kysely<Database>, eik: string): Promise<boolean> {
  const row = await db
    .selectFrom("companies")
    .select("id")
    .where("eik", "=", eik.trim())
    .executeTakeFirst();
  return row !== undefined;
}

/** Field errors for values that belong to someone else already. */
export async function takenFields(
  db: Kysely<Database>,
  input: { username?: string; companyName?: string; companyVat?: string },
): Promise<Record<string, string>> {
  const [email, name, eik] = await Promise.all([
    input.username ? isEmailTaken(db, input.username) : false,
    input.companyName ? isCompanyNameTaken(db, input.companyName) : false,
    input.companyVat ? isEikTaken(db, input.companyVat) : false,
  ]);
  return {
    ...(email && { username: TAKEN.email }),
    ...(name && { companyName: TAKEN.companyName }),
    ...(eik && { companyVat: TAKEN.eik }),
  };
}

/** A company and its first user, as registration and the back office create them. */
export interface AccountInput {
  username: string;
  firstName: string;
  lastName: string;
  companyType: CompanyKind;
  companyName: string;
  companyNameEn?: string | null;
  companyVat: string;
  companyAddress: string;
  companyAddressEn?: string | null;
  companyCity: string;
  companyCityEn?: string | null;
  postalCode: string;
  country: string;
  companyPhone?: string | null;
  isVatRegistered: boolean;
  vatNumber?: string | null;
  companyBankAccount?: string | null;
  companyBankName?: string | null;
  companyBankNameEn?: string | null;
  companyBankBic?: string | null;
  companyIssuerNameEn?: string | null;
  useEnglishInvoices?: boolean;
}

export interface CreatedAccount {
  userId: string;
  companyId: string;
  email: string;
  role: "user";
  firstName: string;
}

/**
 * Creates the company and its first user in one transaction (registration and the back office's
 * «Нов клиент»); `within` runs in the same transaction (the admin's audit entry). Field errors
 * (as 400) when the e-mail, company name or EIK is taken.
 */
export async function createAccount(
  db: Kysely<Database>,
  input: AccountInput,
  options: {
    passwordHash: string;
    emailVerified?: boolean;
    within?: (trx: Transaction<Database>, account: CreatedAccount) => Promise<void>;
  },
): Promise<CreatedAccount> {
  const taken = await takenFields(db, input);
  if (Object.keys(taken).length > 0) throw new AppError(API_MESSAGES.invalid, 400, taken);
  const country = countryByName(input.country)!;
  try {
    return await db.transaction().execute(async (trx) => {
      const company = await trx
        .insertInto("companies")
        .values({
          name: input.companyName,
          nameEn: input.companyNameEn || null,
          companyType: input.companyType,
          eik: input.companyVat,
          isVatRegistered: input.isVatRegistered,
          vatNumber: input.isVatRegistered ? input.vatNumber || null : null,
          address: input.companyAddress,
          addressEn: input.companyAddressEn || null,
          city: input.companyCity,
          cityEn: input.companyCityEn || null,
          postalCode: input.postalCode,
          countryCode: country.code,
          email: input.username,
          phone: input.companyPhone || "",
          bankIban: input.companyBankAccount || null,
          bankName: input.companyBankName || null,
          bankNameEn: input.companyBankNameEn || null,
          bankBic: input.companyBankBic || null,
          issuerNameEn: input.companyIssuerNameEn || null,
          useEnglishInvoices: input.useEnglishInvoices ?? false,
          // The admin's defaults for new documents, the company's own copy from now on.
          ...(await newCompanyDefaults(trx)),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const user = await trx
        .insertInto("users")
        .values({
          companyId: company.id,
          email: input.username,
          passwordHash: options.passwordHash,
          role: "user",
          firstName: input.firstName,
          lastName: input.lastName,
          emailVerifiedAt: options.emailVerified ? new Date() : null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      // The company's first login is its owner (decision 028).
      await trx
        .insertInto("companyMembers")
        .values({ companyId: company.id, userId: user.id, role: "owner" })
        .execute();
      const account = {
        userId: user.id,
        companyId: company.id,
        email: input.username,
        role: "user" as const,
        firstName: input.firstName,
      };
      await options.within?.(trx, account);
      return account;
    });
  } catch (error) {
    // Two registrations racing for the same e-mail, name or EIK: the unique index decides.
    if ((error as { code?: string }).code === "23505") {
      const taken = await takenFields(db, input);
      throw new AppError(
        API_MESSAGES.invalid,
        400,
        Object.keys(taken).length ? taken : { username: TAKEN.email },
      );
    }
    throw error;
  }
}

/**
 * A login without a company of its own (a person accepting a team invitation, decision 028): the
 * address is verified by the link it came from; the inviting company is its home in the back
 * office (`users.company_id`), its access is the membership. 409 when the address has a login.
 */
export async function createAccountLogin(
  db: Kysely<Database>,
  input: {
    email: string;
    firstName: string;
    lastName: string;
    passwordHash: string;
    companyId: string;
  },
): Promise<{ id: string; email: string; firstName: string; lastName: string }> {
  if (await isEmailTaken(db, input.email)) throw new AppError(TAKEN.email, 409);
  try {
    const user = await db
      .insertInto("users")
      .values({
        companyId: input.companyId,
        email: input.email,
        passwordHash: input.passwordHash,
        role: "user",
        firstName: input.firstName,
        lastName: input.lastName,
        emailVerifiedAt: new Date(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return {
      id: user.id,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
    };
  } catch (error) {
    if ((error as { code?: string }).code === "23505") throw new AppError(TAKEN.email, 409);
    throw error;
  }
}

/** Registration: the company and its first user, with the password chosen; not yet verified. */
export async function registerAccount(
  db: Kysely<Database>,
  input: RegisterInput,
): Promise<CreatedAccount> {
  return createAccount(db, input, { passwordHash: await hashPassword(input.password) });
}

/** Sends a fresh verification e-mail (link + 6-digit code). Throws MailError when it fails. */
export async function sendVerificationEmail(
  context: AppLoadContext,
  user: { id: string; email: string; firstName: string },
): Promise<void> {
  const { token, code } = await issueToken(context.db, user.id, "verify_email");
  await sendMail(
    context.config,
    verificationMail({
      to: user.email,
      firstName: user.firstName,
      link: `${context.config.appUrl}/verify-email/${token}`,
      code: code!,
      logoUrl: await emailLogoUrl(context),
    }),
  );
}

export const CHECKS_THROTTLED =
  "Твърде много проверки за кратко време. Опитайте отново след минута.";

/**
 * A new verification mail asked for by the person: within the mail limits (AppError 429); a mail
 * that cannot be sent is AppError 503 with the mailer's message.
 */
export async function resendVerificationEmail(
  context: AppLoadContext,
  user: { id: string; email: string; firstName: string },
): Promise<void> {
  await limitAccountMail(context, user.email);
  try {
    await sendVerificationEmail(context, user);
  } catch (error) {
    if (error instanceof MailError) throw new AppError(error.message, 503);
    throw error;
  }
}

/** Marks the e-mail verified and sends the welcome mail; returns the user. */
export async function markEmailVerified(context: AppLoadContext, userId: string) {
  const user = await context.db
    .updateTable("users")
    .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
    .where("id", "=", userId)
    .where("emailVerifiedAt", "is", null)
    .returning(["id", "email", "firstName"])
    .executeTakeFirst();
  if (user) {
    await sendMail(
      context.config,
      welcomeMail({
        to: user.email,
        firstName: user.firstName,
        link: `${context.config.appUrl}/dashboard`,
        logoUrl: await emailLogoUrl(context),
      }),
    );
  }
  return user;
}

/** The profile form's data: the user and the company the session works in (if any). */
export async function getProfile(db: Kysely<Database>, userId: string, companyId: string | null) {
  return db
    .selectFrom("users")
    .leftJoin("companies", (join) =>
      companyId ? join.on("companies.id", "=", companyId) : join.on(sql<boolean>`false`),
    )
    .select([
      "users.id",
      "users.email",
      "users.firstName",
      "users.lastName",
      "users.role",
      "users.emailVerifiedAt",
      "companies.id as companyId",
      "companies.name as companyName",
      "companies.nameEn as companyNameEn",
      "companies.companyType",
      "companies.eik",
      "companies.isVatRegistered",
      "companies.vatNumber",
      "companies.address as companyAddress",
      "companies.addressEn as companyAddressEn",
      "companies.city as companyCity",
      "companies.cityEn as companyCityEn",
      "companies.postalCode",
      "companies.countryCode",
      "companies.phone as companyPhone",
      "companies.bankIban as companyBankAccount",
      "companies.bankName as companyBankName",
      "companies.bankNameEn as companyBankNameEn",
      "companies.bankBic as companyBankBic",
      "companies.issuerNameEn as companyIssuerNameEn",
      "companies.useEnglishInvoices",
      "companies.subscriptionPlan",
    ])
    .where("users.id", "=", userId)
    .executeTakeFirstOrThrow();
}

/** Saves the name of a user without a company (an admin). */
export async function updatePersonal(
  db: Kysely<Database>,
  userId: string,
  input: { firstName: string; lastName: string },
) {
  await db
    .updateTable("users")
    .set({ firstName: input.firstName, lastName: input.lastName, updatedAt: new Date() })
    .where("id", "=", userId)
    .execute();
}

/** Saves personal and company data (same rules as registration; EIK and e-mail stay). */
export async function updateProfile(
  db: Kysely<Database>,
  user: { id: string; companyId: string | null },
  input: ProfileInput,
): Promise<void> {
  if (user.companyId && (await isCompanyNameTaken(db, input.companyName, user.companyId))) {
    throw new AppError(API_MESSAGES.invalid, 400, { companyName: TAKEN.companyName });
  }
  const country = countryByName(input.country)!;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({ firstName: input.firstName, lastName: input.lastName, updatedAt: new Date() })
      .where("id", "=", user.id)
      .execute();
    if (!user.companyId) return;
    await trx
      .updateTable("companies")
      .set({
        name: input.companyName,
        nameEn: input.companyNameEn ?? null,
        address: input.companyAddress,
        addressEn: input.companyAddressEn ?? null,
        city: input.companyCity,
        cityEn: input.companyCityEn ?? null,
        postalCode: input.postalCode,
        countryCode: country.code,
        phone: input.companyPhone ?? "",
        isVatRegistered: input.isVatRegistered,
        vatNumber: input.isVatRegistered ? (input.vatNumber ?? null) : null,
        bankIban: input.companyBankAccount,
        bankName: input.companyBankName,
        bankNameEn: input.companyBankNameEn ?? null,
        bankBic: input.companyBankBic,
        issuerNameEn: input.companyIssuerNameEn ?? null,
        useEnglishInvoices: input.useEnglishInvoices,
        updatedAt: new Date(),
      })
      .where("id", "=", user.companyId)
      .execute();
  });
}
