import { type Kysely, sql } from "kysely";
import { createAccount, isCompanyNameTaken, TAKEN } from "~/modules/accounts/service.server";
import { ROLE_LABELS } from "~/modules/auth/capabilities";
import { hashPassword } from "~/modules/auth/password.server";
import { feedbackCategoryName } from "~/modules/feedback/constants";
import { paymentState } from "~/modules/invoices/payments.server";
import { countryByCode, countryByName } from "~/modules/reference/countries";
import { listSubscriptionInvoices } from "~/modules/subscriptions/queries.server";
import { todayInSofia } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { API_MESSAGES } from "~/utils/http.server";
import { isUuid } from "~/utils/uuid";
import type { Database } from "~db/types";
import { type AuditEntry, listCompanyAudit, recordAudit } from "./audit.server";
import { listGrants } from "./grants.server";
import type { CompanyEditInput, NewCustomerInput } from "./schema";
import { findCustomerUser, listSignIns, NO_PASSWORD } from "./users.server";

/*
 * The back office's customers (issue #14): a customer is a company account (a `companies` row,
 * the tenant) with its plan and subscription. Reads here never return secrets (no password
 * hashes, no payment client secrets).
 */

type Audit = Pick<AuditEntry, "admin" | "ip">;

/** A company's row as the back office shows and edits it. */
export async function findCompany(db: Kysely<Database>, companyId: string) {
  if (!isUuid(companyId)) return null;
  const row = await db
    .selectFrom("companies")
    .select([
      "id",
      "name",
      "nameEn",
      "companyType",
      "eik",
      "isVatRegistered",
      "vatNumber",
      "address",
      "addressEn",
      "city",
      "cityEn",
      "postalCode",
      "countryCode",
      "email",
      "phone",
      "bankIban",
      "bankName",
      "bankNameEn",
      "bankBic",
      "useEnglishInvoices",
      "subscriptionPlan",
      "tzpbRate",
      "isOperator",
      "createdAt",
      "updatedAt",
    ])
    .where("id", "=", companyId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    ...row,
    country: countryByCode(row.countryCode)?.nameBg ?? row.countryCode,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Everything the detail page of a user shows about them and their customer; null for admins. */
export async function userDetail(db: Kysely<Database>, userId: string) {
  const user = await findCustomerUser(db, userId);
  if (!user) return null;
  const companyId = user.companyId;
  const count = (table: "clients" | "expenses" | "employees") =>
    db
      .selectFrom(table)
      .select(sql<number>`count(*)::int`.as("n"))
      .where("companyId", "=", companyId)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  const [
    company,
    subscription,
    grants,
    invoices,
    billingEvents,
    documents,
    clients,
    expenses,
    employees,
    otherUsers,
    members,
    feedback,
    newestClients,
    audit,
    signIns,
  ] = await Promise.all([
    findCompany(db, companyId),
    db
      .selectFrom("subscriptions")
      .select([
        "plan",
        "status",
        "currentPeriodStart",
        "currentPeriodEnd",
        "isCanceled",
        "previousPlan",
        "provider",
        "customerId",
        "subscriptionId",
        "paymentMethod",
        sql<boolean>`pending_action is not null`.as("awaitingAuthentication"),
        "updatedAt",
      ])
      .where("companyId", "=", companyId)
      .executeTakeFirst(),
    listGrants(db, companyId),
    listSubscriptionInvoices(db, companyId),
    db
      .selectFrom("billingEvents")
      .select(["id", "provider", "type", "receivedAt"])
      .where("companyId", "=", companyId)
      .orderBy("receivedAt", "desc")
      .limit(20)
      .execute(),
    db
      .selectFrom("documents")
      .select([
        sql<number>`count(*) filter (where status <> 'draft')::int`.as("issued"),
        sql<number>`count(*) filter (where status = 'draft')::int`.as("drafts"),
      ])
      .where("companyId", "=", companyId)
      .executeTakeFirstOrThrow(),
    count("clients"),
    count("expenses"),
    count("employees"),
    db
      .selectFrom("users")
      .select(["id", "email", "firstName", "lastName", "role", "lockedAt", "emailVerifiedAt"])
      .where("companyId", "=", companyId)
      .where("id", "!=", user.id)
      .orderBy("createdAt")
      .limit(100)
      .execute(),
    // The company's team (decision 028): every login with a role in it, the owner first.
    db
      .selectFrom("companyMembers")
      .innerJoin("users", "users.id", "companyMembers.userId")
      .select([
        "users.id",
        "users.email",
        "users.firstName",
        "users.lastName",
        "users.role as accountRole",
        "users.lockedAt",
        "companyMembers.role",
        "companyMembers.ownDocumentsOnly",
      ])
      .where("companyMembers.companyId", "=", companyId)
      .orderBy(sql`company_members.role = 'owner'`, "desc")
      .orderBy("companyMembers.createdAt")
      .limit(200)
      .execute(),
    db
      .selectFrom("feedback")
      .select([
        "id",
        "createdAt",
        "type",
        "category",
        "severity",
        sql<string>`left(message, 160)`.as("messageStart"),
        "contactEmail",
      ])
      .where((eb) => eb.or([eb("userId", "=", user.id), eb("companyId", "=", companyId)]))
      .orderBy("createdAt", "desc")
      .limit(20)
      .execute(),
    db
      .selectFrom("clients")
      .select(["id", "name", "eik", "city", "createdAt", "archivedAt"])
      .where("companyId", "=", companyId)
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(10)
      .execute(),
    listCompanyAudit(db, companyId),
    listSignIns(db, user),
  ]);
  if (!company) return null;
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    user: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
      emailVerifiedAt: iso(user.emailVerifiedAt),
      lockedAt: iso(user.lockedAt),
      lockedReason: user.lockedReason,
      deletionRequestedAt: iso(user.deletionRequestedAt),
      deletionScheduledAt: iso(user.deletionScheduledAt),
      anonymizedAt: iso(user.anonymizedAt),
      createdAt: user.createdAt.toISOString(),
    },
    company,
    subscription: subscription
      ? {
          ...subscription,
          currentPeriodStart: iso(subscription.currentPeriodStart),
          currentPeriodEnd: iso(subscription.currentPeriodEnd),
          updatedAt: subscription.updatedAt.toISOString(),
        }
      : null,
    grants,
    invoices: invoices.map((i) => ({ ...i, createdAt: i.createdAt.toISOString() })),
    billingEvents: billingEvents.map((e) => ({ ...e, receivedAt: e.receivedAt.toISOString() })),
    counts: {
      clients,
      issued: documents.issued,
      drafts: documents.drafts,
      expenses,
      employees,
    },
    otherUsers: otherUsers.map((u) => ({
      ...u,
      lockedAt: iso(u.lockedAt),
      emailVerifiedAt: iso(u.emailVerifiedAt),
    })),
    members: members.map((m) => ({
      ...m,
      roleLabel: ROLE_LABELS[m.role],
      lockedAt: iso(m.lockedAt),
    })),
    feedback: feedback.map((f) => ({
      ...f,
      createdAt: f.createdAt.toISOString(),
      categoryName: feedbackCategoryName(f.type, f.category),
    })),
    newestClients: newestClients.map((c) => ({
      ...c,
      createdAt: c.createdAt.toISOString(),
      archivedAt: iso(c.archivedAt),
    })),
    audit,
    signIns,
  };
}

/** The company of an EIK other than this one, if any. */
async function eikTakenByOther(db: Kysely<Database>, eik: string, exceptCompanyId?: string) {
  let query = db.selectFrom("companies").select("id").where("eik", "=", eik.trim());
  if (exceptCompanyId) query = query.where("id", "!=", exceptCompanyId);
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * Creates a customer and its first login with registration's own function (same checks, same
 * rows), the audit entry in the same transaction. Returns the new user's and company's ids.
 */
export async function createCustomer(db: Kysely<Database>, input: NewCustomerInput, audit: Audit) {
  const passwordHash = input.password ? await hashPassword(input.password) : NO_PASSWORD;
  return createAccount(db, input, {
    passwordHash,
    emailVerified: input.verified,
    within: (trx, account) =>
      recordAudit(trx, {
        ...audit,
        action: "customer.create",
        target: `${input.companyName} (${input.companyVat})`,
        asUserId: account.userId,
        companyId: account.companyId,
        details: { email: input.username, passwordLink: !input.password },
      }),
  });
}

/** Saves a company's data (name and EIK stay unique); recorded with what changed. */
export async function updateCompany(
  db: Kysely<Database>,
  companyId: string,
  input: CompanyEditInput,
  audit: Audit,
): Promise<void> {
  const [nameTaken, eikTaken] = await Promise.all([
    isCompanyNameTaken(db, input.companyName, companyId),
    eikTakenByOther(db, input.companyVat, companyId),
  ]);
  if (nameTaken || eikTaken) {
    throw new AppError(API_MESSAGES.invalid, 400, {
      ...(nameTaken && { companyName: TAKEN.companyName }),
      ...(eikTaken && { companyVat: TAKEN.eik }),
    });
  }
  const country = countryByName(input.country)!;
  const values = {
    name: input.companyName,
    nameEn: input.companyNameEn ?? null,
    companyType: input.companyType,
    eik: input.companyVat,
    email: input.companyEmail,
    address: input.companyAddress,
    addressEn: input.companyAddressEn ?? null,
    city: input.companyCity,
    cityEn: input.companyCityEn ?? null,
    postalCode: input.postalCode,
    countryCode: country.code,
    phone: input.companyPhone ?? "",
    isVatRegistered: input.isVatRegistered,
    vatNumber: input.isVatRegistered ? (input.vatNumber ?? null) : null,
    bankIban: input.companyBankAccount ?? null,
    bankName: input.companyBankName ?? null,
    bankNameEn: input.companyBankNameEn ?? null,
    bankBic: input.companyBankBic ?? null,
    useEnglishInvoices: input.useEnglishInvoices,
  };
  try {
    await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom("companies")
        .select(Object.keys(values) as (keyof typeof values)[])
        .where("id", "=", companyId)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw new AppError("Фирмата не е намерена", 404);
      await trx
        .updateTable("companies")
        .set({ ...values, updatedAt: new Date() })
        .where("id", "=", companyId)
        .execute();
      const changed = Object.fromEntries(
        (Object.keys(values) as (keyof typeof values)[])
          .filter((key) => before[key] !== values[key])
          .map((key) => [key, { from: before[key], to: values[key] }]),
      );
      await recordAudit(trx, {
        ...audit,
        action: "customer.update",
        target: `${input.companyName} (${input.companyVat})`,
        companyId,
        details: changed,
      });
    });
  } catch (error) {
    if ((error as { code?: string }).code === "23505") {
      throw new AppError(API_MESSAGES.invalid, 400, { companyVat: TAKEN.eik });
    }
    throw error;
  }
}

/** The company's first customer login: where links about the company lead. */
export async function firstCustomerUser(db: Kysely<Database>, companyId: string) {
  return db
    .selectFrom("users")
    .select(["id", "email"])
    .where("companyId", "=", companyId)
    .where("role", "=", "user")
    .orderBy("createdAt")
    .orderBy("id")
    .executeTakeFirst();
}

/** One of a customer's clients, read-only, with its company and its newest documents. */
export async function clientDetail(db: Kysely<Database>, clientId: string) {
  if (!isUuid(clientId)) return null;
  const client = await db
    .selectFrom("clients")
    .innerJoin("companies", "companies.id", "clients.companyId")
    .selectAll("clients")
    .select([
      "companies.name as companyName",
      "companies.eik as companyEik",
      "companies.isOperator",
    ])
    .where("clients.id", "=", clientId)
    .executeTakeFirst();
  if (!client) return null;
  const [owner, counts, documents] = await Promise.all([
    firstCustomerUser(db, client.companyId),
    db
      .selectFrom("documents")
      .select([
        sql<number>`count(*)::int`.as("all"),
        sql<number>`count(*) filter (where status = 'issued')::int`.as("issued"),
        sql<number>`count(*) filter (where status = 'draft')::int`.as("drafts"),
        sql<number>`count(*) filter (where status = 'cancelled')::int`.as("cancelled"),
      ])
      .where("companyId", "=", client.companyId)
      .where("clientId", "=", clientId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("documents")
      .select([
        "id",
        "type",
        "number",
        "issueDate",
        "dueDate",
        "status",
        "totalCents",
        "paidCents",
        "dueCents",
        "currency",
      ])
      .where("companyId", "=", client.companyId)
      .where("clientId", "=", clientId)
      .orderBy("issueDate", "desc")
      .orderBy("createdAt", "desc")
      .limit(10)
      .execute(),
  ]);
  const today = todayInSofia();
  return {
    client: {
      ...client,
      country: countryByCode(client.countryCode)?.nameBg ?? client.countryCode,
      archivedAt: client.archivedAt?.toISOString() ?? null,
      createdAt: client.createdAt.toISOString(),
      updatedAt: client.updatedAt.toISOString(),
    },
    owner: owner ?? null,
    counts,
    documents: documents.map((d) => ({ ...d, state: paymentState(d, today) })),
  };
}
