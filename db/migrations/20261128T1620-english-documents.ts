import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

/*
 * Issue #41 item 5: an English document prints the supplier's issuer and the legal ground for 0 %
 * or no VAT in English. The company keeps the name of who issues its documents in Latin; each
 * legal ground keeps its English wording beside the Bulgarian one (decision 041).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("companies")
    .addColumn("issuer_name_en", "text", (c) => c.check(sql`char_length(issuer_name_en) <= 100`))
    .execute();
  await sql`comment on column companies.issuer_name_en is ${sql.lit(
    "Who issues the company's documents, in Latin letters: printed after «Issued by» on English and bilingual documents; null: the issuer's name transliterated.",
  )}`.execute(db);

  await db.schema.alterTable("vat_grounds").addColumn("text_en", "text").execute();
  await sql`comment on column vat_grounds.text_en is ${sql.lit(
    "The ground as an English or bilingual document prints it (the provision of the VAT Act and, where one applies, of Directive 2006/112/EC); null: the Bulgarian text.",
  )}`.execute(db);
  const grounds: [string, string][] = [
    [
      "чл. 113, ал. 9 от ЗДДС",
      "Art. 113(9) of the Bulgarian VAT Act: the supplier is not registered for VAT",
    ],
    [
      "чл. 21, ал. 2 от ЗДДС",
      "Art. 21(2) of the Bulgarian VAT Act; Art. 44 and Art. 196 of Directive 2006/112/EC",
    ],
    [
      "чл. 53, ал. 1 от ЗДДС",
      "Art. 53(1) of the Bulgarian VAT Act; Art. 138 of Directive 2006/112/EC: exempt intra-Community supply of goods",
    ],
    [
      "чл. 28 от ЗДДС",
      "Art. 28 of the Bulgarian VAT Act; Art. 146 of Directive 2006/112/EC: export outside the EU",
    ],
    [
      "чл. 69, ал. 2 от ЗДДС",
      "Art. 69(2) of the Bulgarian VAT Act: the place of supply is in another Member State",
    ],
    [
      "чл. 82, ал. 2 от ЗДДС",
      "Art. 82(2) of the Bulgarian VAT Act; Art. 196 of Directive 2006/112/EC: the tax is due by the recipient",
    ],
    [
      "чл. 163а от ЗДДС",
      "Art. 163a of the Bulgarian VAT Act; Art. 199 of Directive 2006/112/EC: domestic reverse charge",
    ],
    ["чл. 39 от ЗДДС", "Art. 39 of the Bulgarian VAT Act: exempt supply of healthcare services"],
    [
      "чл. 41 от ЗДДС",
      "Art. 41 of the Bulgarian VAT Act: exempt supply of education, sport and physical education",
    ],
    ["чл. 45 от ЗДДС", "Art. 45 of the Bulgarian VAT Act: exempt supply of land and buildings"],
    ["чл. 46 от ЗДДС", "Art. 46 of the Bulgarian VAT Act: exempt financial services"],
  ];
  for (const [text, textEn] of grounds) {
    await sql`update vat_grounds set text_en = ${textEn} where text = ${text}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("vat_grounds").dropColumn("text_en").execute();
  await db.schema.alterTable("companies").dropColumn("issuer_name_en").execute();
}
