import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after it has shipped.

/*
 * Issue #15, items 7 and 8 (decision 014):
 * - banks_bg: the banks licensed in Bulgaria by their IBAN bank code (the four letters after the
 *   check digits, which are the first four of the bank's BIC), so a Bulgarian IBAN fills in the
 *   bank's name and BIC. Dated rows: a later migration ends a bank (valid_to) or adds one.
 * - vies_checks: the answers of the EU's VIES service per VAT number, kept a day and shared by
 *   every instance.
 *
 * The list below: the banks and branches of foreign banks licensed by the Bulgarian National Bank
 * (BNB register of credit institutions; IBAN bank codes per BNB Ordinance No 13 of 18.08.2016)
 * as of 2025-12-04. BNB's own pages could not be fetched where this was written, so every code and
 * BIC was checked against at least two published copies of the list: the bank registry of the
 * schwifty IBAN library (bank_registry/manual_bg.json), the ECBS IBAN register for Bulgaria (BNBG in
 * BG80 BNBG 9661 1020 3456 78), the BIC table quoted from Wikipedia's "List of banks in Bulgaria",
 * and real IBAN/BIC pairs in published Bulgarian invoices; the names and mergers against Wikipedia
 * and the press (Tokuda Bank's sale to BACB, approved by the BNB on 4.12.2025, gives the date).
 * Before a release, compare with the BNB's current list and add a migration for any change.
 * Left out: codes of banks merged away (RZBB Raiffeisenbank/KBC Bank Bulgaria → UBB 2023, PIRB
 * Piraeus Bank Bulgaria → Eurobank Bulgaria, TTBB Expressbank → DSK Bank, BUIB CIBANK → UBB) and
 * branches whose current licence could not be confirmed (ISBK Isbank, CRBA Alpha Bank). Payment and
 * e-money institutions (e.g. INTF iCard, MYFN MyFin) are not banks and are not listed.
 */

const SOURCE_DATE = "2025-12-04";

const BANKS: [code: string, bic: string, nameBg: string, nameEn: string][] = [
  ["BNBG", "BNBGBGSF", "Българска народна банка", "Bulgarian National Bank"],
  ["UNCR", "UNCRBGSF", "УниКредит Булбанк АД", "UniCredit Bulbank AD"],
  ["STSA", "STSABGSF", "Банка ДСК АД", "DSK Bank AD"],
  ["UBBS", "UBBSBGSF", "Обединена българска банка АД", "United Bulgarian Bank AD"],
  ["BPBI", "BPBIBGSF", "Юробанк България АД (Пощенска банка)", "Eurobank Bulgaria AD (Postbank)"],
  ["FINV", "FINVBGSF", "Първа инвестиционна банка АД", "First Investment Bank AD"],
  ["CECB", "CECBBGSF", "Централна кооперативна банка АД", "Central Cooperative Bank AD"],
  ["NASB", "NASBBGSF", "Българска банка за развитие АД", "Bulgarian Development Bank AD"],
  ["BUIN", "BUINBGSF", "Алианц Банк България АД", "Allianz Bank Bulgaria AD"],
  ["PRCB", "PRCBBGSF", "ПроКредит Банк (България) ЕАД", "ProCredit Bank (Bulgaria) EAD"],
  ["SOMB", "SOMBBGSF", "Общинска банка АД", "Municipal Bank AD"],
  ["IORT", "IORTBGSF", "Инвестбанк АД", "Investbank AD"],
  [
    "BGUS",
    "BGUSBGSF",
    "Българо-американска кредитна банка АД",
    "Bulgarian-American Credit Bank AD",
  ],
  ["IABG", "IABGBGSF", "Интернешънъл Асет Банк АД", "International Asset Bank AD"],
  ["DEMI", "DEMIBGSF", "Търговска банка Д АД", "D Commerce Bank AD"],
  ["TBIB", "TBIBBGSF", "Ти Би Ай Банк ЕАД", "TBI Bank EAD"],
  ["TEXI", "TEXIBGSF", "Тексим Банк АД", "Texim Bank AD"],
  ["CREX", "CREXBGSF", "Токуда Банк АД", "Tokuda Bank AD"],
  [
    "CITI",
    "CITIBGSF",
    "Ситибанк Европа АД – клон България",
    "Citibank Europe plc, Bulgaria Branch",
  ],
  ["INGB", "INGBBGSF", "ИНГ Банк Н.В. – клон София", "ING Bank N.V. Sofia Branch"],
  ["BNPA", "BNPABGSX", "БНП Париба С.А. – клон София", "BNP Paribas S.A. Sofia Branch"],
  ["TCZB", "TCZBBGSF", "Т.С. Зираат Банкасъ – клон София", "T.C. Ziraat Bankasi Sofia Branch"],
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("banks_bg")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("bank_code", "text", (c) => c.notNull().check(sql`bank_code ~ '^[A-Z]{4}$'`))
    .addColumn("bic", "text", (c) =>
      c.notNull().check(sql`bic ~ '^[A-Z]{4}BG[A-Z0-9]{2}([A-Z0-9]{3})?$'`),
    )
    .addColumn("name_bg", "text", (c) => c.notNull())
    .addColumn("name_en", "text", (c) => c.notNull())
    // Null: licensed before the list's date (the day is not recorded).
    .addColumn("valid_from", "date")
    .addColumn("valid_to", "date")
    // The date of the BNB list the row was taken from.
    .addColumn("source_date", "date", (c) => c.notNull())
    .addCheckConstraint(
      "banks_bg_period",
      sql`valid_to is null or valid_from is null or valid_to >= valid_from`,
    )
    .execute();
  // One bank per code at a time: at most one open row per code.
  await sql`create unique index banks_bg_open_code_key on banks_bg (bank_code) where valid_to is null`.execute(
    db,
  );
  await db
    .insertInto("banks_bg")
    .values(
      BANKS.map(([bankCode, bic, nameBg, nameEn]) => ({
        bank_code: bankCode,
        bic,
        name_bg: nameBg,
        name_en: nameEn,
        source_date: SOURCE_DATE,
      })),
    )
    .execute();

  await db.schema
    .createTable("vies_checks")
    // The number as VIES is asked: country code and number, e.g. BG175074752 (Greece is EL).
    .addColumn("vat_number", "text", (c) => c.primaryKey())
    .addColumn("valid", "boolean", (c) => c.notNull())
    .addColumn("name", "text")
    .addColumn("address", "text")
    .addColumn("checked_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("vies_checks").execute();
  await db.schema.dropTable("banks_bg").execute();
}
