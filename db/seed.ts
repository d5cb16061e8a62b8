import type { Kysely } from "kysely";
import { hashPassword } from "~/modules/auth/password.server";
import { newCompanyDefaults } from "~/modules/settings/invoice-defaults.server";
import { DEMO_ACCOUNTS } from "./demo-accounts";
import { seedDemoMonth } from "./demo-data";
import type { Database } from "./types";

// The logins themselves live apart, so that a browser test can name them without importing the
// password hashing and the company defaults.
export { DEMO_ACCOUNTS };

/** The operator company's ЕИК: passes the check digit and no registered company has it. */
export const OPERATOR_EIK = "000000000";

/** True when the database has no users at all (a brand-new embedded database). */
export async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom("users").select("id").limit(1).executeTakeFirst();
  return row === undefined;
}

/**
 * Creates the demo company with its customer, and the demo admin, and gives the demo company a
 * month of data (seedDemoData). Idempotent: accounts that already exist (by e-mail) are left as
 * they are. Returns the e-mails it created.
 */
export async function seedDemo(db: Kysely<Database>): Promise<string[]> {
  const created: string[] = [];
  const [customerHash, adminHash] = await Promise.all([
    hashPassword(DEMO_ACCOUNTS.customer.password),
    hashPassword(DEMO_ACCOUNTS.admin.password),
  ]);
  await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom("users")
      .select("email")
      .where("email", "in", [DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.admin.email])
      .execute();
    const has = (email: string) => existing.some((row) => row.email === email);

    if (!has(DEMO_ACCOUNTS.customer.email)) {
      const company = await trx
        .insertInto("companies")
        .values({
          name: "Демо Сметка ЕООД",
          nameEn: "Demo Smetka EOOD",
          companyType: "company",
          eik: "175074752",
          isVatRegistered: true,
          vatNumber: "BG175074752",
          address: "бул. Витоша 1",
          addressEn: "1 Vitosha Blvd",
          city: "София",
          cityEn: "Sofia",
          postalCode: "1000",
          countryCode: "BG",
          email: DEMO_ACCOUNTS.customer.email,
          bankIban: "BG80BNBG96611020345678",
          bankName: "Българска народна банка",
          bankNameEn: "Bulgarian National Bank",
          bankBic: "BNBGBGSF",
          ...(await newCompanyDefaults(trx)),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const customer = await trx
        .insertInto("users")
        .values({
          companyId: company.id,
          email: DEMO_ACCOUNTS.customer.email,
          passwordHash: customerHash,
          role: "user",
          firstName: "Мария",
          lastName: "Иванова",
          emailVerifiedAt: new Date(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("companyMembers")
        .values({ companyId: company.id, userId: customer.id, role: "owner" })
        .execute();
      created.push(DEMO_ACCOUNTS.customer.email);
    }

    if (!has(DEMO_ACCOUNTS.admin.email)) {
      // Admins keep their own books in the operator's company (decision 012).
      const operator =
        (await trx
          .selectFrom("companies")
          .select("id")
          .where("isOperator", "=", true)
          .orderBy("createdAt")
          .executeTakeFirst()) ??
        (await trx
          .insertInto("companies")
          .values({
            name: "Сметка — администрация",
            companyType: "company",
            eik: OPERATOR_EIK,
            address: "бул. Витоша 1",
            city: "София",
            postalCode: "1000",
            countryCode: "BG",
            email: DEMO_ACCOUNTS.admin.email,
            isOperator: true,
            ...(await newCompanyDefaults(trx)),
          })
          .returning("id")
          .executeTakeFirstOrThrow());
      const admin = await trx
        .insertInto("users")
        .values({
          companyId: operator.id,
          email: DEMO_ACCOUNTS.admin.email,
          passwordHash: adminHash,
          role: "admin",
          firstName: "Администратор",
          lastName: "Сметка",
          emailVerifiedAt: new Date(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      // The operator's owner, unless another admin already is (decision 028).
      const owner = await trx
        .selectFrom("companyMembers")
        .select("userId")
        .where("companyId", "=", operator.id)
        .where("role", "=", "owner")
        .executeTakeFirst();
      await trx
        .insertInto("companyMembers")
        .values({ companyId: operator.id, userId: admin.id, role: owner ? "accountant" : "owner" })
        .execute();
      created.push(DEMO_ACCOUNTS.admin.email);
    }
  });
  await seedDemoData(db);
  return created;
}

/**
 * The demo customer's month of clients, documents, expenses and a salary (db/demo-data.ts),
 * when their company has none yet; true when it was added.
 */
export async function seedDemoData(db: Kysely<Database>): Promise<boolean> {
  const customer = await db
    .selectFrom("users")
    .select(["id", "email", "companyId", "firstName", "lastName"])
    .where("email", "=", DEMO_ACCOUNTS.customer.email)
    .executeTakeFirst();
  if (!customer?.companyId) return false;
  return seedDemoMonth(db, customer.companyId, {
    id: customer.id,
    email: customer.email,
    name: `${customer.firstName} ${customer.lastName}`.trim(),
  });
}
