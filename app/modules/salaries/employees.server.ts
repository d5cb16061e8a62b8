import { type Kysely, sql } from "kysely";
import { bornBefore1960 } from "~/modules/reference/egn";
import { anyText, decodeCursor, encodeCursor } from "~/utils/cursor";
import { todayInSofia } from "~/utils/dates";
import { AppError, NotFoundError } from "~/utils/errors";
import { lastDayOf } from "~/utils/periods";
import { isUuid } from "~/utils/uuid";
import type { Database } from "~db/types";
import { type EmployeeInput, type EmployeeState, SALARY_MESSAGES } from "./schema";

/* The company's employees: every query carries the company id. */

export const EMPLOYEE_PAGE_SIZE = 100;

const like = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of the company's employees by name: search by name, position or ЕГН/ЛНЧ. */
export async function listEmployees(
  db: Kysely<Database>,
  companyId: string,
  options: { q?: string; state?: EmployeeState; after?: string | null; today: string },
) {
  let query = db
    .selectFrom("employees")
    .select([
      "id",
      "name",
      "idKind",
      "idNumber",
      "position",
      "contractType",
      "startDate",
      "endDate",
      "grossCents",
      sql<string>`lower(name)`.as("sortName"),
    ])
    .where("companyId", "=", companyId);
  const text = options.q?.trim().slice(0, 100);
  if (text) {
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(name)`, "like", like(text)),
        eb(sql`lower(position)`, "like", like(text)),
        eb("idNumber", "=", text),
      ]),
    );
  }
  const state = options.state ?? "active";
  if (state === "active") {
    query = query.where((eb) =>
      eb.or([eb("endDate", "is", null), eb("endDate", ">=", options.today)]),
    );
  } else if (state === "former") {
    query = query.where("endDate", "<", options.today);
  }
  const cursor = decodeCursor(options.after, [anyText, isUuid]);
  if (cursor) {
    query = query.where(sql<boolean>`(lower(name), id) > (${cursor[0]}, ${cursor[1]}::uuid)`);
  }
  const rows = await query
    .orderBy(sql`lower(name)`)
    .orderBy("id")
    .limit(EMPLOYEE_PAGE_SIZE + 1)
    .execute();
  const page = rows.slice(0, EMPLOYEE_PAGE_SIZE);
  const last = page.at(-1);
  return {
    employees: page.map(({ sortName: _s, ...row }) => row),
    nextCursor:
      rows.length > EMPLOYEE_PAGE_SIZE && last ? encodeCursor([last.sortName, last.id]) : null,
  };
}

/** Employees who work at some time in the month (for the salary form's picker). */
export function employeesOfMonth(db: Kysely<Database>, companyId: string, month: string) {
  return db
    .selectFrom("employees")
    .select(["id", "name", "position", "contractType", "grossCents"])
    .where("companyId", "=", companyId)
    .where("startDate", "<=", lastDayOf(month))
    .where((eb) => eb.or([eb("endDate", "is", null), eb("endDate", ">=", `${month}-01`)]))
    .orderBy(sql`lower(name)`)
    .orderBy("id")
    .execute();
}

/** One employee of the company; undefined for anything else. */
/** Whether the company has any employee (the salaries page asks for one first). */
export async function hasEmployees(db: Kysely<Database>, companyId: string): Promise<boolean> {
  const row = await db
    .selectFrom("employees")
    .select("id")
    .where("companyId", "=", companyId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The employees' ЕГН or ЛНЧ by id, for the payroll sheet (issue #31 item 10). */
export async function employeeIdNumbers(
  db: Kysely<Database>,
  companyId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("employees")
    .select(["id", "idNumber"])
    .where("companyId", "=", companyId)
    .where("id", "in", ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.idNumber]));
}

export function getEmployee(db: Kysely<Database>, companyId: string, id: string | undefined) {
  if (!isUuid(id)) return Promise.resolve(undefined);
  return db
    .selectFrom("employees")
    .selectAll()
    .where("companyId", "=", companyId)
    .where("id", "=", id)
    .executeTakeFirst();
}
export type Employee = NonNullable<Awaited<ReturnType<typeof getEmployee>>>;

/** The company's employee for a page, or the 404 page. */
export async function requireEmployee(
  db: Kysely<Database>,
  companyId: string,
  id: string | undefined,
) {
  const employee = await getEmployee(db, companyId, id);
  if (!employee) throw new NotFoundError();
  return employee;
}

function columns(input: EmployeeInput) {
  return {
    name: input.name,
    idKind: input.idKind,
    idNumber: input.idNumber,
    birthDate: input.birthDate,
    bornBefore1960: input.idKind === "egn" && bornBefore1960(input.idNumber),
    position: input.position,
    contractType: input.contractType,
    startDate: input.startDate,
    endDate: input.endDate,
    grossCents: input.grossCents,
    hoursPerDay: input.hoursPerDay ?? 8,
    insuredSixMonths: input.insuredSixMonths,
    occupationCode: input.occupationCode,
    seniorityYears: input.seniorityYears ?? 0,
    seniorityPercent: input.seniorityPercent === null ? null : String(input.seniorityPercent),
    iban: input.iban,
  };
}

/**
 * A seniority percentage below the legal minimum valid today (dated, payroll parameters): 400 on
 * the field. Without parameters for today nothing is checked here (the salary raises it then).
 */
async function refuseSeniorityBelowMinimum(db: Kysely<Database>, input: EmployeeInput) {
  if (input.seniorityPercent === null) return;
  const row = await db
    .selectFrom("payrollParameters")
    .select("seniorityMinPercent")
    .where("validFrom", "<=", todayInSofia())
    .where((eb) => eb.or([eb("validTo", "is", null), eb("validTo", ">=", todayInSofia())]))
    .orderBy("validFrom", "desc")
    .limit(1)
    .executeTakeFirst();
  const minimum = row ? Number(row.seniorityMinPercent) : 0;
  if (input.seniorityPercent < minimum) {
    const message = SALARY_MESSAGES.seniorityBelowMinimum(String(minimum).replace(".", ","));
    throw new AppError(message, 400, { seniorityPercent: message });
  }
}

const taken = (error: unknown): never => {
  if ((error as { code?: string }).code === "23505") {
    throw new AppError(SALARY_MESSAGES.idTaken, 409, { idNumber: SALARY_MESSAGES.idTaken });
  }
  throw error;
};

export async function createEmployee(
  db: Kysely<Database>,
  companyId: string,
  input: EmployeeInput,
) {
  await refuseSeniorityBelowMinimum(db, input);
  const row = await db
    .insertInto("employees")
    .values({ ...columns(input), companyId })
    .returning("id")
    .executeTakeFirstOrThrow()
    .catch(taken);
  return row.id;
}

export async function updateEmployee(
  db: Kysely<Database>,
  companyId: string,
  id: string,
  input: EmployeeInput,
) {
  await refuseSeniorityBelowMinimum(db, input);
  const row = await db
    .updateTable("employees")
    .set({ ...columns(input), updatedAt: new Date() })
    .where("companyId", "=", companyId)
    .where("id", "=", id)
    .returning("id")
    .executeTakeFirst()
    .catch(taken);
  if (!row) throw new AppError(SALARY_MESSAGES.employeeNotFound, 404);
}

/** Deletes an employee without salaries; one with salaries is kept (set an end date instead). */
export async function deleteEmployee(db: Kysely<Database>, companyId: string, id: string) {
  const salaries = await db
    .selectFrom("salaries")
    .select("id")
    .where("companyId", "=", companyId)
    .where("employeeId", "=", id)
    .limit(1)
    .executeTakeFirst();
  if (salaries) throw new AppError(SALARY_MESSAGES.hasSalaries, 409);
  const row = await db
    .deleteFrom("employees")
    .where("companyId", "=", companyId)
    .where("id", "=", id)
    .returning("id")
    .executeTakeFirst();
  if (!row) throw new AppError(SALARY_MESSAGES.employeeNotFound, 404);
}

/** The company's payroll settings: the КИД-2008 code of its main activity. */
export async function payrollSettings(db: Kysely<Database>, companyId: string) {
  const row = await db
    .selectFrom("companies")
    .select(["activityCode", "tzpbRate"])
    .where("id", "=", companyId)
    .executeTakeFirstOrThrow();
  return { activityCode: row.activityCode, tzpbRate: String(row.tzpbRate) };
}

/** Sets the company's КИД-2008 code (null clears it). */
export async function setActivityCode(
  db: Kysely<Database>,
  companyId: string,
  activityCode: string | null,
) {
  await db
    .updateTable("companies")
    .set({ activityCode, updatedAt: new Date() })
    .where("id", "=", companyId)
    .execute();
}
