import { type Kysely, sql } from "kysely";
import { z } from "zod";
import { listPlanSeats } from "~/modules/team/seats.server";
import { addDays, printDate } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { isoDate } from "~/utils/schema";
import type { Database } from "~db/types";
import { recordAudit } from "./audit.server";

/*
 * The back office's /hatterscastle/seats (issue #29, decision 028): seats per plan as dated rows.
 * A new row of a plan from a day closes that plan's row open until then (the day before), as the
 * payroll parameters and НАП's formats do; only after the plan's latest row. Audited.
 */

type Audit = Omit<Parameters<typeof recordAudit>[1], "action" | "target" | "details">;

export { SEATS_FORM } from "./seats-constants";
export const SEATS_FIELDS = ["plan", "seats", "validFrom"] as const;

export const seatsSchema = z.object({
  plan: z.enum(["basic", "standard", "full"], {
    errorMap: () => ({ message: "Изберете план" }),
  }),
  seats: z
    .string({ required_error: "Въведете брой места" })
    .max(5, "Цяло число от 1 до 1000")
    .regex(/^\d+$/, "Цяло число от 1 до 1000")
    .transform(Number)
    .refine((n) => n >= 1 && n <= 1000, "Цяло число от 1 до 1000"),
  validFrom: isoDate(),
});

export { listPlanSeats };

/** A new number of seats for a plan from a day; that plan's open row ends the day before. */
export async function addPlanSeats(
  db: Kysely<Database>,
  input: z.infer<typeof seatsSchema>,
  audit: Audit,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await sql`lock table plan_seats in share row exclusive mode`.execute(trx);
    const latest = await trx
      .selectFrom("planSeats")
      .select("validFrom")
      .where("plan", "=", input.plan)
      .orderBy("validFrom", "desc")
      .limit(1)
      .executeTakeFirst();
    if (latest && input.validFrom <= latest.validFrom) {
      const message = `Датата трябва да е след ${printDate(latest.validFrom)} — началото на последния ред`;
      throw new AppError(message, 400, { validFrom: message });
    }
    await trx
      .updateTable("planSeats")
      .set({ validTo: addDays(input.validFrom, -1) })
      .where("plan", "=", input.plan)
      .where((eb) => eb.or([eb("validTo", "is", null), eb("validTo", ">=", input.validFrom)]))
      .execute();
    const row = await trx
      .insertInto("planSeats")
      .values(input)
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      ...audit,
      action: "plan.seats",
      target: `plan_seats/${row.id}`,
      details: { ...input },
    });
    return row.id;
  });
}
