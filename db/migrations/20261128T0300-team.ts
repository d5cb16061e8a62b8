import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// Team and accountant access (issue #29, decision 028): a login belongs to companies through
// memberships, each with one role; a session works in one company at a time; invitations by
// e-mail; seats per plan as dated rows; the company's audit trail (append-only).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("company_members")
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("role", "text", (c) =>
      c.notNull().check(sql`role in ('owner', 'accountant', 'staff', 'viewer')`),
    )
    .addColumn("own_documents_only", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("invited_by", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("company_members_pk", ["company_id", "user_id"])
    .execute();
  // Exactly one owner: at most one by this index, at least one by the service (a transfer
  // demotes the old owner and promotes the new one in one transaction).
  await sql`create unique index company_members_one_owner on company_members (company_id)
    where role = 'owner'`.execute(db);
  await sql`create index company_members_user on company_members (user_id, created_at)`.execute(db);

  // Every existing login becomes a member of its company: the first login (a live one before an
  // anonymised one) its owner, any other login an accountant (all the books, as before, but not
  // the members or the billing, which go with the owner).
  await sql`insert into company_members (company_id, user_id, role, created_at)
    select company_id, id,
      case when row_number() over (partition by company_id
        order by (anonymized_at is not null), created_at, id) = 1 then 'owner' else 'accountant' end,
      created_at
    from users where company_id is not null`.execute(db);
  await sql`delete from company_members m using users u
    where u.id = m.user_id and u.anonymized_at is not null and m.role <> 'owner'`.execute(db);

  // The company a session works in; a session without one sees only personal pages.
  await db.schema
    .alterTable("sessions")
    .addColumn("company_id", "uuid", (c) => c.references("companies.id").onDelete("cascade"))
    .execute();
  await sql`update sessions s set company_id = u.company_id from users u
    where u.id = s.user_id and u.company_id is not null`.execute(db);
  await sql`create index sessions_user_company on sessions (user_id, company_id)`.execute(db);

  await db.schema
    .createTable("company_invitations")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) =>
      c.notNull().check(sql`role in ('accountant', 'staff', 'viewer')`),
    )
    .addColumn("own_documents_only", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("invited_by", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("accepted_at", "timestamptz")
    .addColumn("accepted_by", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("revoked_at", "timestamptz")
    .execute();
  // One live invitation per company and address: a new one replaces the old.
  await sql`create unique index company_invitations_live on company_invitations
    (company_id, lower(email)) where accepted_at is null and revoked_at is null`.execute(db);
  await sql`create index company_invitations_company on company_invitations
    (company_id, created_at desc)`.execute(db);

  // Seats per plan (members other than accountants, invitations waiting included), as dated rows
  // the back office adds: a row from a day closes the one before.
  await db.schema
    .createTable("plan_seats")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("plan", "text", (c) => c.notNull().check(sql`plan in ('basic', 'standard', 'full')`))
    .addColumn("seats", "integer", (c) => c.notNull().check(sql`seats between 1 and 1000`))
    .addColumn("valid_from", "date", (c) => c.notNull())
    .addColumn("valid_to", "date")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("plan_seats_plan_from", ["plan", "valid_from"])
    .execute();
  await sql`insert into plan_seats (plan, seats, valid_from) values
    ('basic', 1, '2020-01-01'), ('standard', 3, '2020-01-01'), ('full', 10, '2020-01-01')`.execute(
    db,
  );

  // Who issued a document (its «Съставил» is then that person's name).
  await db.schema
    .alterTable("documents")
    .addColumn("issued_by", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .execute();

  // The company's audit trail: who did what, when, from which company. Names are kept as text
  // so rows outlive the logins; rows are never changed, and removed only with their company.
  await db.schema
    .createTable("company_audit")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("actor_id", "uuid")
    .addColumn("actor_email", "text")
    .addColumn("actor_name", "text")
    .addColumn("actor_role", "text")
    .addColumn("impersonator_email", "text")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target_type", "text")
    .addColumn("target_id", "text")
    .addColumn("target_label", "text")
    .addColumn("details", "jsonb")
    .addColumn("ip", "text")
    .execute();
  await sql`create index company_audit_company on company_audit (company_id, id desc)`.execute(db);
  await sql`create index company_audit_actor on company_audit (company_id, actor_id, id desc)`.execute(
    db,
  );
  await sql`create index company_audit_target on company_audit
    (company_id, target_type, target_id, id desc)`.execute(db);
  await sql`create function company_audit_append_only() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' and not exists (select 1 from companies where id = old.company_id) then
        return old;
      end if;
      raise exception 'company_audit is append-only';
    end $$`.execute(db);
  await sql`create trigger company_audit_append_only before update or delete on company_audit
    for each row execute function company_audit_append_only()`.execute(db);

  const comments: [string, string][] = [
    ["company_members", "A login's membership of a company, with its role (decision 028)."],
    ["company_members.role", "owner (exactly one), accountant, staff or viewer."],
    ["company_members.own_documents_only", "Staff: sees and edits only the documents they made."],
    ["sessions.company_id", "The company the session works in (null: personal pages only)."],
    ["company_invitations", "An e-mailed invitation to join a company (decision 028)."],
    ["company_invitations.token_hash", "SHA-256 of the link's token (the token is only e-mailed)."],
    ["company_invitations.expires_at", "14 days after it was made; used once."],
    ["plan_seats", "Seats per plan (accountants use none), dated rows set in the back office."],
    ["documents.issued_by", "The login that issued the document («Съставил» on it)."],
    ["company_audit", "The company's audit trail: append-only, kept with the company."],
    ["company_audit.impersonator_email", "The admin, when the act was done in a customer's view."],
    ["company_audit.actor_role", "The actor's role in the company when it was done."],
  ];
  for (const [target, text] of comments) {
    const kind = target.includes(".") ? "column" : "table";
    await sql`comment on ${sql.raw(kind)} ${sql.raw(target)} is ${sql.lit(text)}`.execute(db);
  }
  await sql`comment on column users.company_id is ${sql.lit(
    "The login's own company (registered with it, or made for it in the back office); access to any company is by company_members.",
  )}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists company_audit_append_only on company_audit`.execute(db);
  await sql`drop function if exists company_audit_append_only()`.execute(db);
  await db.schema.dropTable("company_audit").execute();
  await db.schema.alterTable("documents").dropColumn("issued_by").execute();
  await db.schema.dropTable("plan_seats").execute();
  await db.schema.dropTable("company_invitations").execute();
  await sql`drop index if exists sessions_user_company`.execute(db);
  await db.schema.alterTable("sessions").dropColumn("company_id").execute();
  await db.schema.dropTable("company_members").execute();
}
