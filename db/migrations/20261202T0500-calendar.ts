import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// Issue #49 (decision 075): the tax calendar. A member's secret iCalendar address (its token kept
// as SHA-256, revocable), the members the owner chose for e-mail reminders, one row per reminder
// sent (once per deadline and person), and the days off of 2028 (КТ чл. 154) beside 2026–2027.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("calendar_feeds")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("revoked_at", "timestamptz")
    .execute();
  await sql`create index calendar_feeds_member on calendar_feeds (company_id, user_id)
    where revoked_at is null`.execute(db);

  await db.schema
    .createTable("calendar_recipients")
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("calendar_recipients_pkey", ["company_id", "user_id"])
    .execute();

  await db.schema
    .createTable("calendar_reminders")
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("deadline_key", "text", (c) => c.notNull().check(sql`length(deadline_key) <= 64`))
    .addColumn("due_on", "date", (c) => c.notNull())
    .addColumn("sent_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("calendar_reminders_pkey", ["company_id", "user_id", "deadline_key"])
    .execute();

  await sql`insert into public_holidays (day, name) values
    ('2028-01-03', 'Нова година (1 януари)'), ('2028-03-03', 'Ден на Освобождението'),
    ('2028-04-14', 'Разпети петък'), ('2028-04-15', 'Велика събота'),
    ('2028-04-16', 'Великден'), ('2028-04-17', 'Великден'), ('2028-05-01', 'Ден на труда'),
    ('2028-05-08', 'Гергьовден (6 май)'), ('2028-05-24', 'Ден на културата'),
    ('2028-09-06', 'Ден на Съединението'), ('2028-09-22', 'Ден на Независимостта'),
    ('2028-12-25', 'Рождество Христово'), ('2028-12-26', 'Рождество Христово'),
    ('2028-12-27', 'Бъдни вечер (24 декември)')
    on conflict (day) do nothing`.execute(db);

  const comments: [string, string][] = [
    ["calendar_feeds", "A member's secret iCalendar address of the tax calendar (decision 075)."],
    ["calendar_feeds.token_hash", "SHA-256 of the address's token (the token is shown only once)."],
    ["calendar_recipients", "Members the owner chose to get the tax calendar's e-mail reminders."],
    ["calendar_reminders", "A reminder sent: once per deadline and person (decision 075)."],
    [
      "calendar_reminders.deadline_key",
      "The deadline's stable key: rule and period, e.g. vat-return:2026-11.",
    ],
  ];
  for (const [target, text] of comments) {
    const kind = target.includes(".") ? "column" : "table";
    await sql`comment on ${sql.raw(kind)} ${sql.raw(target)} is ${sql.lit(text)}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from public_holidays where day between '2028-01-01' and '2028-12-31'`.execute(
    db,
  );
  await db.schema.dropTable("calendar_reminders").execute();
  await db.schema.dropTable("calendar_recipients").execute();
  await db.schema.dropTable("calendar_feeds").execute();
}
