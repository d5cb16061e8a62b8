import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

// Issue #47 item 2 (decision 069): the client portal. A company makes a secret link for one of its
// clients; the link's token is only shown once and kept as its SHA-256; every opening is a row.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("portal_links")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("client_id", "uuid", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_by", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("revoked_at", "timestamptz")
    .addColumn("revoked_by", "uuid", (c) => c.references("users.id").onDelete("set null"))
    // The link names its client through (company_id, client_id), as documents do: never another
    // company's client. A client without documents may be deleted: its links go with it.
    .addForeignKeyConstraint(
      "portal_links_client_fkey",
      ["company_id", "client_id"],
      "clients",
      ["company_id", "id"],
      (fk) => fk.onDelete("cascade"),
    )
    .addCheckConstraint("portal_links_expiry", sql`expires_at > created_at`)
    .execute();
  await sql`create index portal_links_client on portal_links
    (company_id, client_id, created_at desc)`.execute(db);

  await db.schema
    .createTable("portal_views")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("link_id", "uuid", (c) =>
      c.notNull().references("portal_links.id").onDelete("cascade"),
    )
    .addColumn("company_id", "uuid", (c) =>
      c.notNull().references("companies.id").onDelete("cascade"),
    )
    .addColumn("viewed_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("ip", "text", (c) => c.check(sql`length(ip) <= 64`))
    .addColumn("what", "text", (c) => c.notNull().check(sql`what in ('list', 'pdf', 'ubl')`))
    .addColumn("document_id", "uuid", (c) => c.references("documents.id").onDelete("cascade"))
    .execute();
  await sql`create index portal_views_link on portal_views (link_id, viewed_at desc)`.execute(db);

  const comments: [string, string][] = [
    ["portal_links", "A client's secret link to their documents (issue #47 item 2, decision 069)."],
    ["portal_links.token_hash", "SHA-256 of the link's token (the token is shown only once)."],
    ["portal_links.expires_at", "Chosen by the company, at most a year after it was made."],
    ["portal_links.revoked_by", "The login that revoked the link («Отмени»)."],
    ["portal_views", "Each opening of a portal link: the list, a document's PDF or UBL."],
    ["portal_views.ip", "The address truncated (IPv4 /24, IPv6 /48): never the whole address."],
    ["portal_views.what", "list, pdf or ubl."],
  ];
  for (const [target, text] of comments) {
    const kind = target.includes(".") ? "column" : "table";
    await sql`comment on ${sql.raw(kind)} ${sql.raw(target)} is ${sql.lit(text)}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("portal_views").execute();
  await db.schema.dropTable("portal_links").execute();
}
