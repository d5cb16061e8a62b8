import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// Issue #45 (decision 057): the double-entry ledger. A chart of accounts per company copied from
// a dated template, mapping rules (dated, append-only), and entries with their lines that are
// never changed or deleted once written (a correction is a reversing entry), balanced per entry
// at commit. Only a company's deletion (decision 033) takes its ledger with it.

const SOURCE =
  "Номерацията на Националния сметкоплан (ПМС № 65/1998, отм. 2002), както я ползват примерните индивидуални сметкопланове; код за SAF-T: синтетичната сметка (номенклатурата на НАП, потвърди)";

// code, name, side, analytics, SAF-T code
const TEMPLATE: [string, string, string, string, string][] = [
  ["101", "Основен капитал, изискващ регистрация", "passive", "none", "101"],
  ["121", "Непокрита загуба от минали години", "active", "none", "121"],
  ["122", "Неразпределена печалба от минали години", "passive", "none", "122"],
  ["123", "Печалби и загуби от текущата година", "both", "none", "123"],
  ["401", "Доставчици", "passive", "counterparty", "401"],
  ["411", "Клиенти", "active", "counterparty", "411"],
  ["412", "Клиенти по аванси", "passive", "counterparty", "412"],
  ["421", "Персонал", "passive", "employee", "421"],
  ["4531", "Начислен ДДС за покупките", "active", "none", "4531"],
  ["4532", "Начислен ДДС за продажбите", "passive", "none", "4532"],
  ["4538", "ДДС за внасяне", "passive", "none", "4538"],
  ["4539", "ДДС за възстановяване", "active", "none", "4539"],
  ["454", "Разчети за данъци върху доходите на физически лица", "passive", "none", "454"],
  ["4611", "Разчети с ДОО", "passive", "none", "461"],
  ["4612", "Разчети с ДЗПО", "passive", "none", "461"],
  ["4613", "Разчети с НЗОК", "passive", "none", "461"],
  ["4614", "Разчети с ГВРС", "passive", "none", "461"],
  ["498", "Други дебитори и кредитори", "both", "counterparty", "498"],
  ["501", "Каса", "active", "none", "501"],
  ["503", "Разплащателна сметка", "active", "none", "503"],
  ["601", "Разходи за материали", "active", "none", "601"],
  ["602", "Разходи за външни услуги", "active", "none", "602"],
  ["603", "Разходи за амортизации", "active", "none", "603"],
  ["604", "Разходи за възнаграждения", "active", "none", "604"],
  ["605", "Разходи за осигуровки", "active", "none", "605"],
  ["609", "Други разходи", "active", "none", "609"],
  ["702", "Приходи от продажби на стоки", "passive", "none", "702"],
  ["703", "Приходи от продажби на услуги", "passive", "none", "703"],
  ["704", "Приходи от финансирания", "passive", "none", "704"],
  ["709", "Други приходи", "passive", "none", "709"],
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table ledger_account_templates (
    code text not null check (code ~ '^[0-9]{3,8}$'),
    name text not null,
    side text not null check (side in ('active', 'passive', 'both')),
    analytics text not null check (analytics in ('none', 'counterparty', 'employee')),
    saft_code text not null,
    valid_from date not null,
    valid_to date,
    source text not null,
    primary key (code, valid_from)
  )`.execute(db);
  await sql`comment on table ledger_account_templates is ${sql.lit(
    "The standard chart of accounts every new company's chart is copied from, as dated data with its source (decision 057).",
  )}`.execute(db);
  for (const [code, name, side, analytics, saft] of TEMPLATE) {
    await sql`insert into ledger_account_templates (code, name, side, analytics, saft_code, valid_from, source)
      values (${code}, ${name}, ${side}, ${analytics}, ${saft}, '2025-01-01', ${SOURCE})`.execute(
      db,
    );
  }

  await sql`create table ledger_accounts (
    company_id uuid not null references companies (id) on delete cascade,
    code text not null check (code ~ '^[0-9]{3,8}(-[0-9A-Za-z]{1,12})?$'),
    name text not null check (length(name) between 1 and 200),
    side text not null check (side in ('active', 'passive', 'both')),
    analytics text not null check (analytics in ('none', 'counterparty', 'employee')),
    saft_code text not null,
    parent_code text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (company_id, code)
  )`.execute(db);
  await sql`comment on table ledger_accounts is ${sql.lit(
    "The company's chart of accounts: the template's accounts and the accountant's analytic sub-accounts (code 411-01 under 411). Renamed, never deleted.",
  )}`.execute(db);
  await sql`comment on column ledger_accounts.parent_code is ${sql.lit(
    "The synthetic account an analytic sub-account belongs to (it takes its side and SAF-T code).",
  )}`.execute(db);

  // Every new company gets the template in force on its first day, whichever path makes it.
  await sql`create function ledger_seed_accounts() returns trigger language plpgsql as $$
  begin
    insert into ledger_accounts (company_id, code, name, side, analytics, saft_code)
    select new.id, t.code, t.name, t.side, t.analytics, t.saft_code
    from ledger_account_templates t
    where t.valid_from <= current_date and (t.valid_to is null or t.valid_to > current_date)
    on conflict do nothing;
    return null;
  end $$`.execute(db);
  await sql`create trigger companies_seed_ledger after insert on companies
    for each row execute function ledger_seed_accounts()`.execute(db);
  await sql`insert into ledger_accounts (company_id, code, name, side, analytics, saft_code)
    select c.id, t.code, t.name, t.side, t.analytics, t.saft_code
    from companies c cross join ledger_account_templates t
    where t.valid_to is null`.execute(db);

  await sql`create table ledger_rules (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id) on delete cascade,
    rule text not null check (length(rule) between 1 and 80),
    account_code text not null,
    valid_from date not null,
    created_by uuid,
    created_at timestamptz not null default now(),
    unique (company_id, rule, valid_from),
    foreign key (company_id, account_code) references ledger_accounts (company_id, code) on delete cascade
  )`.execute(db);
  await sql`comment on table ledger_rules is ${sql.lit(
    "Which account a posting uses (revenue, a payment method, an expense category), per company from a date; a change is a new row from its date, so entries already posted never change (decision 057).",
  )}`.execute(db);

  await sql`create table ledger_entries (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id) on delete cascade,
    entry_date date not null,
    currency text not null check (currency in ('BGN', 'EUR')),
    source_kind text not null check (source_kind in ('document', 'payment', 'expense', 'expense_payment', 'manual')),
    source_id uuid,
    reverses_entry_id uuid unique references ledger_entries (id) on delete cascade,
    description text not null check (length(description) between 1 and 500),
    document_ref text not null default '' check (length(document_ref) <= 100),
    created_by uuid,
    created_by_name text,
    created_at timestamptz not null default now(),
    check (currency = case when entry_date < '2026-01-01' then 'BGN' else 'EUR' end)
  )`.execute(db);
  await sql`comment on table ledger_entries is ${sql.lit(
    "A journal entry (статия): written once, never updated or deleted; a correction is a new entry that reverses this one (reverses_entry_id, the same lines with their signs turned). Amounts in the ledger's currency of its date: BGN to 2025-12-31, EUR from 2026-01-01.",
  )}`.execute(db);
  await sql`create index ledger_entries_date on ledger_entries (company_id, entry_date, created_at)`.execute(
    db,
  );
  await sql`create index ledger_entries_source on ledger_entries (company_id, source_kind, source_id)`.execute(
    db,
  );

  await sql`create table ledger_lines (
    id bigint generated always as identity primary key,
    entry_id uuid not null references ledger_entries (id) on delete cascade,
    company_id uuid not null references companies (id) on delete cascade,
    entry_date date not null,
    currency text not null,
    account_code text not null,
    counterparty_kind text check (counterparty_kind in ('client', 'supplier', 'employee')),
    counterparty_id uuid,
    counterparty_name text,
    debit_cents bigint not null default 0,
    credit_cents bigint not null default 0,
    check ((debit_cents = 0) <> (credit_cents = 0)),
    check ((counterparty_kind is null) = (counterparty_name is null)),
    foreign key (company_id, account_code) references ledger_accounts (company_id, code) on delete cascade
  )`.execute(db);
  await sql`comment on table ledger_lines is ${sql.lit(
    "An entry's debits and credits (one side each), with the analytic counterparty as it was named then. A red reversal (сторно) has negative amounts on the same side. entry_date and currency are the entry's, copied for the trial balance's index.",
  )}`.execute(db);
  await sql`create index ledger_lines_account on ledger_lines (company_id, account_code, entry_date)
    include (debit_cents, credit_cents, currency)`.execute(db);
  await sql`create index ledger_lines_entry on ledger_lines (entry_id)`.execute(db);
  await sql`create index ledger_lines_counterparty on ledger_lines (company_id, account_code, counterparty_id, entry_date)
    where counterparty_id is not null`.execute(db);

  // A line takes its entry's date and currency (never its own) and its entry's company.
  await sql`create function ledger_line_from_entry() returns trigger language plpgsql as $$
  declare e ledger_entries%rowtype;
  begin
    select * into e from ledger_entries where id = new.entry_id;
    if e.company_id is distinct from new.company_id then
      raise exception 'ledger line of another company' using errcode = '23514';
    end if;
    new.entry_date := e.entry_date;
    new.currency := e.currency;
    return new;
  end $$`.execute(db);
  await sql`create trigger ledger_lines_from_entry before insert on ledger_lines
    for each row execute function ledger_line_from_entry()`.execute(db);

  // Balanced at commit: an entry has lines, and its debits equal its credits.
  await sql`create function ledger_entry_balanced() returns trigger language plpgsql as $$
  declare d bigint; c bigint; n bigint; eid uuid;
  begin
    if tg_table_name = 'ledger_entries' then eid := new.id; else eid := new.entry_id; end if;
    select coalesce(sum(debit_cents), 0), coalesce(sum(credit_cents), 0), count(*)
      into d, c, n from ledger_lines where entry_id = eid;
    if not exists (select 1 from ledger_entries where id = eid) then return null; end if;
    if n < 2 then
      raise exception 'ledger entry % has fewer than two lines', eid using errcode = '23514';
    end if;
    if d <> c then
      raise exception 'ledger entry % is not balanced: debit % credit %', eid, d, c using errcode = '23514';
    end if;
    return null;
  end $$`.execute(db);
  await sql`create constraint trigger ledger_entries_balanced after insert on ledger_entries
    deferrable initially deferred for each row execute function ledger_entry_balanced()`.execute(
    db,
  );
  await sql`create constraint trigger ledger_lines_balanced after insert on ledger_lines
    deferrable initially deferred for each row execute function ledger_entry_balanced()`.execute(
    db,
  );

  // Nothing posted is edited or deleted; only the company's own deletion (its row already gone
  // when the cascade reaches here) takes its ledger with it.
  await sql`create function ledger_refuse_change() returns trigger language plpgsql as $$
  begin
    if tg_op = 'DELETE' and not exists (select 1 from companies where id = old.company_id) then
      return old;
    end if;
    raise exception 'ledger rows are never changed: post a reversing entry' using errcode = '55000';
  end $$`.execute(db);
  for (const table of ["ledger_entries", "ledger_lines", "ledger_rules"]) {
    await sql`create trigger ${sql.raw(`${table}_append_only`)} before update or delete on ${sql.raw(table)}
      for each row execute function ledger_refuse_change()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table ledger_lines, ledger_entries, ledger_rules, ledger_accounts, ledger_account_templates`.execute(
    db,
  );
  await sql`drop trigger companies_seed_ledger on companies`.execute(db);
  await sql`drop function ledger_seed_accounts, ledger_line_from_entry, ledger_entry_balanced, ledger_refuse_change`.execute(
    db,
  );
}
