import type { AppLoadContext } from "@remix-run/node";
import { type Kysely, sql } from "kysely";
import type { Database } from "~db/types";

/*
 * Settings of the whole installation that admins set at /hatterscastle/settings (issue #14):
 * the logo at the top of every e-mail and the address feedback and support requests go to.
 * Rows of app_settings, beside the banner message (queries.server.ts).
 */

const EMAIL_LOGO = "email_logo";
const SUPPORT_EMAIL = "support_email";

export type EmailLogoType = "image/png" | "image/jpeg";

interface StoredLogo {
  type: EmailLogoType;
  /** SHA-256 of the bytes, hex: the ETag and the URL's version. */
  hash: string;
  /** The bytes, base64. */
  data: string;
}

async function putSetting(db: Kysely<Database>, key: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto("appSettings")
    .values({ key, value: json })
    .onConflict((c) => c.column("key").doUpdateSet({ value: json, updatedAt: new Date() }))
    .execute();
}

/** The e-mail logo's bytes, type and hash, or null when none is set. */
export async function getEmailLogo(
  db: Kysely<Database>,
): Promise<{ type: EmailLogoType; hash: string; bytes: Buffer } | null> {
  const row = await db
    .selectFrom("appSettings")
    .select("value")
    .where("key", "=", EMAIL_LOGO)
    .executeTakeFirst();
  const logo = row?.value as Partial<StoredLogo> | undefined;
  if (!logo?.data || !logo.hash || (logo.type !== "image/png" && logo.type !== "image/jpeg"))
    return null;
  return { type: logo.type, hash: logo.hash, bytes: Buffer.from(logo.data, "base64") };
}

/** Stores the e-mail logo (already checked: PNG or JPEG by content, within the size limit). */
export async function setEmailLogo(
  db: Kysely<Database>,
  logo: { type: EmailLogoType; hash: string; bytes: Uint8Array },
): Promise<void> {
  await putSetting(db, EMAIL_LOGO, {
    type: logo.type,
    hash: logo.hash,
    data: Buffer.from(logo.bytes).toString("base64"),
  } satisfies StoredLogo);
}

export async function removeEmailLogo(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom("appSettings").where("key", "=", EMAIL_LOGO).execute();
}

/** The e-mail logo's hash alone (the bytes stay in the database), or null when none is set. */
export async function emailLogoHash(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom("appSettings")
    .select(sql<string | null>`value->>'hash'`.as("hash"))
    .where("key", "=", EMAIL_LOGO)
    .executeTakeFirst();
  return row?.hash ?? null;
}

/** The e-mail logo's path on this site, versioned by its hash (a new logo is a new URL); or null. */
export async function emailLogoPath(db: Kysely<Database>): Promise<string | null> {
  const hash = await emailLogoHash(db);
  return hash ? `/email-logo?v=${hash.slice(0, 16)}` : null;
}

/**
 * The public address of the e-mail logo for <img> in e-mails (mail clients do not show data:
 * URLs reliably); null when none is set.
 */
export async function emailLogoUrl(
  context: Pick<AppLoadContext, "db" | "config">,
): Promise<string | null> {
  const path = await emailLogoPath(context.db);
  return path ? `${context.config.appUrl}${path}` : null;
}

/** The address set by an admin for feedback and support requests, or null. */
export async function getSupportEmail(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom("appSettings")
    .select("value")
    .where("key", "=", SUPPORT_EMAIL)
    .executeTakeFirst();
  const email = (row?.value as { email?: unknown } | undefined)?.email;
  return typeof email === "string" && email ? email : null;
}

export async function setSupportEmail(db: Kysely<Database>, email: string | null): Promise<void> {
  await putSetting(db, SUPPORT_EMAIL, { email });
}

/** Where feedback and support requests are e-mailed: the admins' address, else SUPPORT_EMAIL. */
export async function supportAddress(context: AppLoadContext): Promise<string | null> {
  return (await getSupportEmail(context.db)) ?? context.config.mail.supportEmail ?? null;
}

const OPERATOR_DETAILS = "operator_details";

/**
 * The operator's requisites, as its invoices for the subscription print them (issue #31 item 3):
 * set at /hatterscastle/settings; until then the operator company's own record (decision 012).
 */
export interface OperatorDetails {
  name: string;
  eik: string;
  isVatRegistered: boolean;
  vatNumber: string | null;
  address: string;
  city: string;
  postalCode: string;
  countryCode: string;
  mol: string | null;
  bankIban: string | null;
  bankName: string | null;
  bankBic: string | null;
}

/** The operator's requisites: the admins' settings, else the operator company's; null if neither. */
export async function getOperatorDetails(db: Kysely<Database>): Promise<OperatorDetails | null> {
  const row = await db
    .selectFrom("appSettings")
    .select("value")
    .where("key", "=", OPERATOR_DETAILS)
    .executeTakeFirst();
  if (row) return row.value as OperatorDetails;
  const company = await db
    .selectFrom("companies")
    .select([
      "name",
      "eik",
      "isVatRegistered",
      "vatNumber",
      "address",
      "city",
      "postalCode",
      "countryCode",
      "bankIban",
      "bankName",
      "bankBic",
    ])
    .where("isOperator", "=", true)
    .orderBy("createdAt")
    .limit(1)
    .executeTakeFirst();
  return company ? { ...company, mol: null } : null;
}

/** Whether the admins have set the operator's requisites (not only the operator company's). */
export async function operatorDetailsSet(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom("appSettings")
    .select("key")
    .where("key", "=", OPERATOR_DETAILS)
    .executeTakeFirst();
  return row !== undefined;
}

export async function setOperatorDetails(
  db: Kysely<Database>,
  details: OperatorDetails,
): Promise<void> {
  await putSetting(db, OPERATOR_DETAILS, details);
}
