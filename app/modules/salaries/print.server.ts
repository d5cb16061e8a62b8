import type { Kysely } from "kysely";
import type { Database } from "~db/types";
import type { PayrollCompany } from "./print";

/** The employer as the payroll sheet and payslips print it. */
export async function payrollCompany(
  db: Kysely<Database>,
  companyId: string,
): Promise<PayrollCompany> {
  const c = await db
    .selectFrom("companies")
    .select(["name", "eik", "address", "city", "postalCode"])
    .where("id", "=", companyId)
    .executeTakeFirstOrThrow();
  return { name: c.name, eik: c.eik, address: `${c.address}, ${c.postalCode} ${c.city}` };
}
