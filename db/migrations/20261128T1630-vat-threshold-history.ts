import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// Issue #41 item 11 (decision 040): the VAT registration threshold's rows say their legal source,
// and the history since 2025 is kept as dated rows. The 2026 figure stays EUR 51 130: ЗИД ЗДДС
// (ДВ бр. 115 от 30.12.2025) states чл. 96, ал. 1 in euro with that amount, the turnover in the
// country for the current calendar year, and 7 days from the day it is exceeded to apply
// (чл. 96, ал. 6). Earlier rows are in leva by law; their amount_cents is the euro equivalent at
// the fixed rate 1.95583, rounded to the cent, the lev figure in the note.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update vat_registration_thresholds
    set note = ${"ЗДДС чл. 96, ал. 1 и ал. 6 (ЗИД ЗДДС, ДВ бр. 115 от 30.12.2025, в сила от 01.01.2026): 51 130 евро облагаем оборот в страната за текущата календарна година; заявление в 7-дневен срок от датата на надвишаването"}
    where valid_from = '2026-01-01'`.execute(db);
  await sql`insert into vat_registration_thresholds (valid_from, valid_to, amount_cents, apply_within_days, note)
    values
      ('2025-01-01', '2025-03-31', 8487445, 14, ${"ЗДДС чл. 96, ал. 1 в редакцията в сила от 01.01.2025 до 31.03.2025: 166 000 лв. облагаем оборот за последните 12 месеца; заявление в 14-дневен срок от изтичането на данъчния период"}),
      ('2025-04-01', '2025-12-31', 5112919, 14, ${"ЗДДС чл. 96, ал. 1, изменен с ПЗР на Закона за държавния бюджет на Република България за 2025 г. (обн. 27.03.2025, в сила от 01.04.2025): 100 000 лв. облагаем оборот за последните 12 месеца; заявление в 14-дневен срок от изтичането на данъчния период"})
    on conflict (valid_from) do nothing`.execute(db);
  await sql`comment on column vat_registration_thresholds.note is ${sql.lit(
    "The legal source of the row (the article, the promulgating act and its State Gazette issue) and the figure as the law states it (leva before 2026).",
  )}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from vat_registration_thresholds where valid_from in ('2025-01-01', '2025-04-01')`.execute(
    db,
  );
}
