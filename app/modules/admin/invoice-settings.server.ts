import { type Kysely, sql } from "kysely";
import {
  PAYROLL_PARAMETER_MESSAGES,
  type PayrollParametersInput,
  type SickLeaveRuleInput,
} from "~/modules/salaries/parameters-form";
import type { InvoiceDefaults } from "~/modules/settings/invoice-defaults";
import {
  getInvoiceDefaults,
  INVOICE_DEFAULTS_KEY,
} from "~/modules/settings/invoice-defaults.server";
import { addDays, printDate } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { isUuid } from "~/utils/uuid";
import type { Database } from "~db/types";
import { recordAudit } from "./audit.server";

/*
 * The back office's /hatterscastle/invoice-settings: the defaults of new companies and the
 * payroll parameters (decision 010). Every write is audited in its own transaction.
 */

type Audit = Omit<Parameters<typeof recordAudit>[1], "action" | "target" | "details">;

/** Saves the admin's defaults (they apply to companies made from now on). */
export async function setInvoiceDefaults(
  db: Kysely<Database>,
  values: InvoiceDefaults,
  audit: Audit,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await getInvoiceDefaults(trx);
    const value = JSON.stringify(values);
    await trx
      .insertInto("appSettings")
      .values({ key: INVOICE_DEFAULTS_KEY, value })
      .onConflict((c) => c.column("key").doUpdateSet({ value, updatedAt: new Date() }))
      .execute();
    await recordAudit(trx, {
      ...audit,
      action: "invoice-defaults",
      target: INVOICE_DEFAULTS_KEY,
      details: { before, after: values },
    });
  });
}

/** Every parameters row, newest first, with how many salaries were computed with it. */
export async function listPayrollParameters(db: Kysely<Database>) {
  return db
    .selectFrom("payrollParameters as p")
    .selectAll("p")
    .select((eb) =>
      eb
        .selectFrom("salaries")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("salaries.parametersId", "=", "p.id")
        .as("salaryCount"),
    )
    .orderBy("p.validFrom", "desc")
    .execute();
}
export type PayrollParametersListRow = Awaited<ReturnType<typeof listPayrollParameters>>[number];

/**
 * A new row valid from a day: the row open until then ends the day before. Only after the
 * latest row's start (the history before it stays as it is). Salaries keep the figures they were
 * computed with; a month is computed with the new row only when it is saved again.
 */
export async function addPayrollParameters(
  db: Kysely<Database>,
  input: PayrollParametersInput,
  audit: Audit,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await sql`lock table payroll_parameters in share row exclusive mode`.execute(trx);
    const latest = await trx
      .selectFrom("payrollParameters")
      .select(["id", "validFrom", "validTo"])
      .orderBy("validFrom", "desc")
      .limit(1)
      .executeTakeFirst();
    if (latest && input.validFrom <= latest.validFrom) {
      const message = PAYROLL_PARAMETER_MESSAGES.after(printDate(latest.validFrom));
      throw new AppError(message, 400, { validFrom: message });
    }
    const { minimumWage, maxInsurable, ...rest } = input;
    const closed = await trx
      .updateTable("payrollParameters")
      .set({ validTo: addDays(input.validFrom, -1) })
      .where((eb) => eb.or([eb("validTo", "is", null), eb("validTo", ">=", input.validFrom)]))
      .returning(["id", "validFrom"])
      .execute();
    const row = await trx
      .insertInto("payrollParameters")
      .values({ ...rest, minimumWageCents: minimumWage, maxInsurableCents: maxInsurable })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      ...audit,
      action: "payroll.parameters",
      target: `payroll_parameters/${row.id}`,
      details: {
        change: "add",
        id: row.id,
        ...input,
        closed: closed.map((c) => ({ id: c.id, validTo: addDays(input.validFrom, -1) })),
      },
    });
    return row.id;
  });
}

/** The dated rules of the employer's sick days, newest first. */
export function listSickLeaveRules(db: Kysely<Database>) {
  return db
    .selectFrom("sickLeaveRules")
    .select(["id", "validFrom", "employerDays", "note"])
    .orderBy("validFrom", "desc")
    .execute();
}

/**
 * A rule of the employer's sick days for incapacity that began on or after a day (КСО чл. 40,
 * ал. 5); a rule of the same day is replaced. Salaries keep their figures until saved again.
 */
export async function saveSickLeaveRule(
  db: Kysely<Database>,
  input: SickLeaveRuleInput,
  audit: Audit,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("sickLeaveRules")
      .select(["id", "employerDays", "note"])
      .where("validFrom", "=", input.validFrom)
      .executeTakeFirst();
    const row = await trx
      .insertInto("sickLeaveRules")
      .values(input)
      .onConflict((c) =>
        c.column("validFrom").doUpdateSet({ employerDays: input.employerDays, note: input.note }),
      )
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      ...audit,
      action: "payroll.sick-leave-rule",
      target: `sick_leave_rules/${row.id}`,
      details: { change: before ? "replace" : "add", before: before ?? null, after: input },
    });
    return row.id;
  });
}

/**
 * Corrects or confirms a row's maximum insurable income. Salaries already computed with the row
 * keep their stored figures; the count is returned for the page to say so.
 */
export async function correctMaxInsurable(
  db: Kysely<Database>,
  input: { id: string; maxInsurable: number; maxInsurableConfirmed: boolean },
  audit: Audit,
): Promise<{ salaryCount: number; validFrom: string }> {
  const notFound = () =>
    new AppError(PAYROLL_PARAMETER_MESSAGES.notFound, 404, {
      id: PAYROLL_PARAMETER_MESSAGES.notFound,
    });
  if (!isUuid(input.id)) throw notFound();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("payrollParameters")
      .select(["id", "validFrom", "minimumWageCents", "maxInsurableCents", "maxInsurableConfirmed"])
      .where("id", "=", input.id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound();
    if (input.maxInsurable < row.minimumWageCents) {
      throw new AppError(PAYROLL_PARAMETER_MESSAGES.maxBelowMinimum, 400, {
        maxInsurable: PAYROLL_PARAMETER_MESSAGES.maxBelowMinimum,
      });
    }
    await trx
      .updateTable("payrollParameters")
      .set({
        maxInsurableCents: input.maxInsurable,
        maxInsurableConfirmed: input.maxInsurableConfirmed,
      })
      .where("id", "=", row.id)
      .execute();
    const counted = await trx
      .selectFrom("salaries")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("parametersId", "=", row.id)
      .executeTakeFirst();
    const salaryCount = Number(counted?.n ?? 0);
    await recordAudit(trx, {
      ...audit,
      action: "payroll.parameters",
      target: `payroll_parameters/${row.id}`,
      details: {
        change: "max-insurable",
        id: row.id,
        validFrom: row.validFrom,
        before: { cents: row.maxInsurableCents, confirmed: row.maxInsurableConfirmed },
        after: { cents: input.maxInsurable, confirmed: input.maxInsurableConfirmed },
        salariesKeepingTheirFigures: salaryCount,
      },
    });
    return { salaryCount, validFrom: row.validFrom };
  });
}
