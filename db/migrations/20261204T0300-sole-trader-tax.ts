import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// Issue #49 (decision 080): a sole trader's (ЕТ) annual return (ГДД по чл. 50 ЗДДФЛ, Приложение
// № 2) starts from the accounting result the books give; what they cannot give the person enters
// per year next to a freelancer's figures: the increases and the decreases of the result under
// ЗКПО, and the advance instalments already paid for the year.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("income_tax_years")
    .addColumn("zkpo_increases_cents", "bigint", (c) =>
      c.notNull().defaultTo(0).check(sql`zkpo_increases_cents between 0 and 9999999999999`),
    )
    .addColumn("zkpo_decreases_cents", "bigint", (c) =>
      c.notNull().defaultTo(0).check(sql`zkpo_decreases_cents between 0 and 9999999999999`),
    )
    .addColumn("advances_paid_cents", "bigint", (c) =>
      c.notNull().defaultTo(0).check(sql`advances_paid_cents between 0 and 9999999999999`),
    )
    .execute();
  await sql`comment on table income_tax_years is
    'The owner''s figures for the annual return that the documents and the books do not give (decisions 076, 080).'`.execute(
    db,
  );
  await sql`comment on column income_tax_years.zkpo_increases_cents is
    'A sole trader: the increases of the accounting result under ЗКПО for the year, cents in the year''s currency, as the person states them.'`.execute(
    db,
  );
  await sql`comment on column income_tax_years.zkpo_decreases_cents is
    'A sole trader: the decreases of the accounting result under ЗКПО for the year, cents in the year''s currency, as the person states them.'`.execute(
    db,
  );
  await sql`comment on column income_tax_years.advances_paid_cents is
    'A sole trader: the advance instalments under ЗКПО paid for the year, cents in the year''s currency, as the person states them.'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("income_tax_years")
    .dropColumn("advances_paid_cents")
    .dropColumn("zkpo_decreases_cents")
    .dropColumn("zkpo_increases_cents")
    .execute();
}
