import { type Kysely, sql } from "kysely";
import { z } from "zod";
import { addDays, printDate } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { checkedIban } from "~/utils/iban";
import { boundedText, isoDate, optionalText } from "~/utils/schema";
import type { Database } from "~db/types";
import { recordAudit } from "./audit.server";
import { NAP_ACCOUNT_KINDS } from "./nap-settings-constants";

/*
 * The back office's /hatterscastle/nap (issue #27, decision 024): НАП's declaration formats and
 * bank accounts as dated rows. A new row from a day closes the row open until then (the day
 * before), as the payroll parameters do; only after the latest row's start. Every write audited.
 */

type Audit = Omit<Parameters<typeof recordAudit>[1], "action" | "target" | "details">;

export { NAP_ACCOUNT_FORM, NAP_ACCOUNT_KINDS, NAP_FORMAT_FORM } from "./nap-settings-constants";

const MESSAGES = {
  fileName: "Име на файл с главни латински букви и цифри, завършващо на .TXT",
  tag: "До 20 главни латински букви и цифри",
  paymentType: "Код от 1 до 9",
  insuredType: "Две цифри",
  kind: "Изберете вид задължение",
  after: (date: string) => `Датата трябва да е след ${date} — началото на последния ред`,
} as const;

const fileName = boundedText(44, MESSAGES.fileName).refine(
  (v) => /^[A-Z0-9_]{1,40}\.TXT$/.test(v),
  MESSAGES.fileName,
);
const tag = boundedText(20, MESSAGES.tag).refine((v) => /^[A-Z0-9]{1,20}$/.test(v), MESSAGES.tag);
const code = (pattern: RegExp, message: string) =>
  boundedText(2, message).refine((v) => pattern.test(v), message);
const checkbox = z
  .string()
  .max(10)
  .optional()
  .transform((v) => v === "on");

export const napFormatSchema = z.object({
  validFrom: isoDate(),
  form1FileName: fileName,
  form1Tag: tag,
  form6FileName: fileName,
  form6Tag: tag,
  paymentTypePayroll: code(/^[1-9]$/, MESSAGES.paymentType).transform(Number),
  paymentTypeContracts: code(/^[1-9]$/, MESSAGES.paymentType).transform(Number),
  insuredTypeLabour: code(/^\d{2}$/, MESSAGES.insuredType),
  insuredTypeManagement: code(/^\d{2}$/, MESSAGES.insuredType),
  insuredTypeCivil: code(/^\d{2}$/, MESSAGES.insuredType),
  confirmed: checkbox,
  note: optionalText(500),
});
export const NAP_FORMAT_FIELDS = Object.keys(napFormatSchema.shape);

export const napAccountSchema = z.object({
  kind: z.enum(Object.keys(NAP_ACCOUNT_KINDS) as [keyof typeof NAP_ACCOUNT_KINDS], {
    errorMap: () => ({ message: MESSAGES.kind }),
  }),
  validFrom: isoDate(),
  iban: checkedIban(boundedText(50)).refine((v) => v.startsWith("BG"), "IBAN в България (BG…)"),
  confirmed: checkbox,
  note: optionalText(500),
});
export const NAP_ACCOUNT_FIELDS = Object.keys(napAccountSchema.shape);

/** Every format row and every account row, newest first. */
export async function listNapSettings(db: Kysely<Database>) {
  const [formats, accounts] = await Promise.all([
    db.selectFrom("napDeclarationFormats").selectAll().orderBy("validFrom", "desc").execute(),
    db
      .selectFrom("napPaymentAccounts")
      .selectAll()
      .orderBy("kind")
      .orderBy("validFrom", "desc")
      .execute(),
  ]);
  return { formats, accounts };
}

/** A new format from a day; the row open until then ends the day before. */
export async function addNapFormat(
  db: Kysely<Database>,
  input: z.infer<typeof napFormatSchema>,
  audit: Audit,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await sql`lock table nap_declaration_formats in share row exclusive mode`.execute(trx);
    const latest = await trx
      .selectFrom("napDeclarationFormats")
      .select("validFrom")
      .orderBy("validFrom", "desc")
      .limit(1)
      .executeTakeFirst();
    if (latest && input.validFrom <= latest.validFrom) {
      const message = MESSAGES.after(printDate(latest.validFrom));
      throw new AppError(message, 400, { validFrom: message });
    }
    await trx
      .updateTable("napDeclarationFormats")
      .set({ validTo: addDays(input.validFrom, -1) })
      .where((eb) => eb.or([eb("validTo", "is", null), eb("validTo", ">=", input.validFrom)]))
      .execute();
    const row = await trx
      .insertInto("napDeclarationFormats")
      .values(input)
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      ...audit,
      action: "nap.format",
      target: `nap_declaration_formats/${row.id}`,
      details: { ...input },
    });
    return row.id;
  });
}

/** A new account of a kind from a day; that kind's row open until then ends the day before. */
export async function addNapAccount(
  db: Kysely<Database>,
  input: z.infer<typeof napAccountSchema>,
  audit: Audit,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await sql`lock table nap_payment_accounts in share row exclusive mode`.execute(trx);
    const latest = await trx
      .selectFrom("napPaymentAccounts")
      .select("validFrom")
      .where("kind", "=", input.kind)
      .orderBy("validFrom", "desc")
      .limit(1)
      .executeTakeFirst();
    if (latest && input.validFrom <= latest.validFrom) {
      const message = MESSAGES.after(printDate(latest.validFrom));
      throw new AppError(message, 400, { validFrom: message });
    }
    await trx
      .updateTable("napPaymentAccounts")
      .set({ validTo: addDays(input.validFrom, -1) })
      .where("kind", "=", input.kind)
      .where((eb) => eb.or([eb("validTo", "is", null), eb("validTo", ">=", input.validFrom)]))
      .execute();
    const row = await trx
      .insertInto("napPaymentAccounts")
      .values(input)
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      ...audit,
      action: "nap.account",
      target: `nap_payment_accounts/${row.id}`,
      details: { ...input },
    });
    return row.id;
  });
}
