import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// A movement's key in its account no longer depends on free text (issue #42 item 7, decision
// 045): «k|booked|value|C or D|cents|reference#n» — the booking and value dates, the direction,
// the amount and the bank's own reference (empty without one), n its occurrence among the
// movements with the same fields. The old key hashed the counterparty's name and the reason, so
// the same booking exported with the name written another way was imported twice.
//
// The stored keys are recomputed from the saved rows. «NONREF» is SWIFT's «no reference» (the
// reader now keeps none). The occurrence is counted over the whole account, not per file: it
// never collides (a movement imported twice under the old key keeps both rows, numbered 1 and 2,
// and a new import of either file finds both), and where nothing was imported twice it equals
// the count of one file (overlapping files were deduplicated, so the account holds each day's
// identical movements once). The new keys start with «k|», the old with «r:» or «h:»: the unique
// key (company, account, key) holds row by row during the update.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update bank_transactions set bank_reference = null
    where upper(btrim(bank_reference)) = 'NONREF'`.execute(db);
  await sql`update bank_transactions t set import_key = k.base || '#' || k.n
    from (
      select b.id, b.base,
        row_number() over (
          partition by b.company_id, b.account_id, b.base
          order by b.created_at, b.statement_id, b.line_no, b.id
        ) as n
      from (
        select id, company_id, account_id, created_at, statement_id, line_no,
          'k|' || to_char(booked_on, 'YYYY-MM-DD')
            || '|' || coalesce(to_char(value_on, 'YYYY-MM-DD'), '-')
            || '|' || case direction when 'credit' then 'C' else 'D' end
            || '|' || amount_cents::text
            || '|' || coalesce(bank_reference, '') as base
        from bank_transactions
      ) b
    ) k
    where t.id = k.id`.execute(db);
  await sql`comment on column bank_transactions.import_key is
    'The movement''s identity in its account (decision 045): k|booking date|value date|C or D|cents|the bank''s reference#occurrence; never a name or a reason, so a re-import of the same or an overlapping statement adds nothing.'`.execute(
    db,
  );
}

// The old keys hashed text that is not kept apart from the reason's other parts; going back
// leaves the new keys (they stay unique and a re-import still finds them).
export async function down(_db: Kysely<any>): Promise<void> {}
