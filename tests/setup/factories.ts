import { randomInt } from "node:crypto";
import type { Kysely } from "kysely";
import { hashPassword } from "~/modules/auth/password.server";
import { createClient } from "~/modules/clients/queries.server";
import { clientSchema } from "~/modules/clients/schema";
import type { CheckedReceipt } from "~/modules/expenses/attachments.server";
import { listCategories } from "~/modules/expenses/categories.server";
import { expenseSchema } from "~/modules/expenses/schema";
import { createExpense } from "~/modules/expenses/service.server";
import { createDraft } from "~/modules/invoices/documents.server";
import { documentSchema } from "~/modules/invoices/schema";
import { createEmployee } from "~/modules/salaries/employees.server";
import { createSalary } from "~/modules/salaries/salaries.server";
import { employeeSchema, salarySchema } from "~/modules/salaries/schema";
import type { Database, Plan, UserRole } from "~db/types";
import { nextSequence, PASSWORD, uniqueCompanyName, validEik } from "./values";

export { PASSWORD, registrationPayload, TINY_PNG, validEgn, validEik } from "./values";

/** The operator's company, where admins keep their own books (made once per database). */
async function operatorCompany(db: Kysely<Database>) {
  const found = await db
    .selectFrom("companies")
    .select(["id", "name"])
    .where("isOperator", "=", true)
    .executeTakeFirst();
  if (found) return found;
  return db
    .insertInto("companies")
    .values({
      name: "Сметка — администрация",
      companyType: "company",
      eik: "000000000",
      address: "бул. Витоша 1",
      city: "София",
      postalCode: "1000",
      email: "admin@smetka.bg",
      isOperator: true,
    })
    .returning(["id", "name"])
    .executeTakeFirstOrThrow();
}

// argon2id is slow on purpose; a test file's users share one hash per password (each still a
// real argon2id hash that the login checks).
const hashes = new Map<string, Promise<string>>();
function passwordHashFor(password: string): Promise<string> {
  let hashed = hashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password);
    hashes.set(password, hashed);
  }
  return hashed;
}

/** A customer with a company (or an admin), straight in the database. */
export async function createUser(
  db: Kysely<Database>,
  overrides: {
    email?: string;
    role?: UserRole;
    plan?: Plan;
    verified?: boolean;
    password?: string;
  } = {},
) {
  const role = overrides.role ?? "user";
  const company =
    role === "admin"
      ? await operatorCompany(db)
      : await db
          .insertInto("companies")
          .values({
            name: uniqueCompanyName(),
            companyType: "company",
            eik: validEik(),
            address: "ул. Шипка 5",
            city: "Пловдив",
            postalCode: "4000",
            email: "office@example.bg",
            subscriptionPlan: overrides.plan ?? "basic",
          })
          .returning(["id", "name"])
          .executeTakeFirstOrThrow();
  const email = overrides.email ?? `person${nextSequence()}.${randomInt(0, 1e9)}@example.bg`;
  const user = await db
    .insertInto("users")
    .values({
      companyId: company?.id ?? null,
      email,
      passwordHash: await passwordHashFor(overrides.password ?? PASSWORD),
      role,
      firstName: "Мария",
      lastName: "Георгиева",
      emailVerifiedAt: overrides.verified === false ? null : new Date(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // The owner of a new company; an admin joins the operator's (its owner if it has none).
  const owner =
    role === "admin"
      ? await db
          .selectFrom("companyMembers")
          .select("userId")
          .where("companyId", "=", company.id)
          .where("role", "=", "owner")
          .executeTakeFirst()
      : undefined;
  await db
    .insertInto("companyMembers")
    .values({ companyId: company.id, userId: user.id, role: owner ? "accountant" : "owner" })
    .execute();
  return {
    id: user.id,
    email,
    password: overrides.password ?? PASSWORD,
    companyId: company?.id ?? null,
    companyName: company?.name ?? null,
  };
}

/** A customer whose company has bank details (VAT-registered or not) and one client. */
export async function createCompanyWithClient(db: Kysely<Database>, vatRegistered = true) {
  const user = await createUser(db);
  const companyId = user.companyId as string;
  // A VAT number is BG + the company's ЕИК (decision 049).
  const { eik } = await db
    .selectFrom("companies")
    .select("eik")
    .where("id", "=", companyId)
    .executeTakeFirstOrThrow();
  const vatNumber = vatRegistered ? `BG${eik}` : null;
  await db
    .updateTable("companies")
    .set({
      isVatRegistered: vatRegistered,
      vatNumber,
      bankIban: "BG80BNBG96611020345678",
      bankBic: "BNBGBGSD",
      bankName: "БНБ",
    })
    .where("id", "=", companyId)
    .execute();
  const client = await createClient(
    db,
    companyId,
    clientSchema.parse({
      kind: "company",
      name: "Клиент Бета ООД",
      eik: validEik(),
      address: "бул. Витоша 10",
      city: "София",
      postalCode: "1000",
      mol: "Петър Петров",
    }),
  );
  return { user, companyId, clientId: client.id, vatNumber };
}

/**
 * Puts the company on the plan straight in the database: its modules open (or close) at once,
 * with no payment or grant behind it (the tests of those go through their own pages).
 */
export async function setPlan(db: Kysely<Database>, companyId: string, plan: Plan) {
  await db
    .updateTable("companies")
    .set({ subscriptionPlan: plan })
    .where("id", "=", companyId)
    .execute();
}

/** A company with a client (createCompanyWithClient) on a plan: the plan's modules open. */
export async function createCompanyOnPlan(
  db: Kysely<Database>,
  plan: "basic" | "standard" | "full",
  vatRegistered = true,
) {
  const made = await createCompanyWithClient(db, vatRegistered);
  await setPlan(db, made.companyId, plan);
  return made;
}

/**
 * A draft invoice of the company to its client (from `createCompanyWithClient`), issued on
 * 20 November 2026 in euro, paid by bank transfer; the fields given replace those (any field of
 * the document schema's input). Its id.
 */
export function createTestDraft(
  db: Kysely<Database>,
  me: { companyId: string; clientId: string; user: { id: string } },
  fields: Record<string, unknown>,
) {
  return createDraft(
    db,
    me.companyId,
    me.user.id,
    documentSchema.parse({
      type: "invoice",
      clientId: me.clientId,
      issueDate: "2026-11-20",
      currency: "EUR",
      paymentMethod: "bank",
      ...fields,
    }),
  );
}

/**
 * An expense of the company: a supplier's invoice of 100.00 + 20 % VAT in the first category,
 * unless the overrides say otherwise (any field of the expense schema's input).
 */
export async function createTestExpense(
  db: Kysely<Database>,
  companyId: string,
  overrides: Record<string, unknown> = {},
  receipts: CheckedReceipt[] = [],
) {
  const [category] = await listCategories(db, companyId);
  const input = expenseSchema.parse({
    supplierName: "Доставчик АД",
    supplierEik: "175074752",
    documentType: "invoice",
    documentNumber: String(1_000_000_000 + randomInt(0, 1e9)),
    documentDate: "2026-11-10",
    description: "Канцеларски материали",
    categoryId: category?.id,
    amounts: [{ vatRate: 20, base: "100.00" }],
    ...overrides,
  });
  const id = await createExpense(db, companyId, null, input, receipts);
  return { id, categoryId: input.categoryId };
}

/** An employee's form: a labour contract since 5 January 2026, gross 2 000,00. */
export const TEST_EMPLOYEE = {
  name: "Мария Петрова",
  idNumber: "8501011234",
  position: "Счетоводител",
  contractType: "labour",
  startDate: "2026-01-05",
  gross: "2000",
};

/** The test employee (TEST_EMPLOYEE with the overrides given) in the company; their id. */
export function createTestEmployee(
  db: Kysely<Database>,
  companyId: string,
  overrides: Record<string, unknown> = {},
) {
  return createEmployee(db, companyId, employeeSchema.parse({ ...TEST_EMPLOYEE, ...overrides }));
}

/**
 * The test employee (with the overrides of `employee`) and their salary for the month given:
 * gross 2 000,00 over 22 working days, unless `salary` says otherwise.
 */
export async function createTestSalary(
  db: Kysely<Database>,
  companyId: string,
  month: string,
  employee: Record<string, unknown> = {},
  salary: Record<string, unknown> = {},
) {
  const employeeId = await createTestEmployee(db, companyId, employee);
  const salaryId = await createSalary(
    db,
    companyId,
    salarySchema.parse({ employeeId, month, gross: "2000", workingDays: 22, ...salary }),
  );
  return { employeeId, salaryId };
}
