import type { Kysely } from "kysely";
import { trialBalanceAnalytics } from "~/modules/ledger/analytics.server";
import { trialBalance } from "~/modules/ledger/reports.server";
import type { Database } from "~db/types";
import { inForce, NO_COMMODITY_CODE, OWNERSHIP, TAX_CODES } from "./nomenclatures";
import { clip, el, LEN, money, shortId, wrap } from "./xml";

/* The Header and MasterFilesMonthly of the monthly file (decision 063). */

type Db = Kysely<Database>;

/** How a counterparty is named in every part of the file: its VAT number, ЕИК, else our id. */
export function partyId(p: {
  vatNumber?: string | null;
  eik?: string | null;
  id?: string | null;
  name?: string | null;
}) {
  const vat = p.vatNumber?.replace(/\s+/g, "").toUpperCase();
  return clip(vat || p.eik || (p.id ? shortId(p.id) : p.name) || "", LEN.middle1);
}

function address(a: {
  street?: string | null;
  city?: string | null;
  postalCode?: string | null;
  country?: string | null;
}) {
  return wrap(
    "Address",
    a.street ? el("StreetName", clip(a.street, LEN.middle2)) : "",
    el("City", clip(a.city || "—", LEN.middle1)),
    a.postalCode ? el("PostalCode", clip(a.postalCode, LEN.short)) : "",
    el("Country", /^[A-Z]{2}$/.test(a.country ?? "") ? a.country : "BG"),
  );
}

/** A balance on one side, as the schema's choice of Debit/Credit elements wants it. */
function balance(prefix: "Opening" | "Closing", net: number) {
  return el(`${prefix}${net >= 0 ? "Debit" : "Credit"}Balance`, money(Math.abs(net)));
}

const net = (s: { debitCents: number; creditCents: number }) => s.debitCents - s.creditCents;

/** The Header: the company, the software, the selection (the month), in euro. */
export async function header(
  db: Db,
  companyId: string,
  range: { from: string; to: string },
  today: string,
) {
  const company = await db
    .selectFrom("companies")
    .select([
      "name",
      "eik",
      "vatNumber",
      "address",
      "city",
      "postalCode",
      "countryCode",
      "email",
      "phone",
      "bankIban",
      "isVatRegistered",
    ])
    .where("id", "=", companyId)
    .executeTakeFirstOrThrow();
  const owner = await db
    .selectFrom("companyMembers as m")
    .innerJoin("users as u", "u.id", "m.userId")
    .select(["u.firstName", "u.lastName"])
    .where("m.companyId", "=", companyId)
    .where("m.role", "=", "owner")
    .executeTakeFirst();
  const ownership = inForce(OWNERSHIP, range.from);
  return wrap(
    "Header",
    el("AuditFileVersion", "007"),
    el("AuditFileCountry", "BG"),
    el("AuditFileDateCreated", today),
    el("SoftwareCompanyName", "Сметка"),
    el("SoftwareID", "Сметка (smetka.bg)"),
    el("SoftwareVersion", "1.0"),
    wrap(
      "Company",
      el("RegistrationNumber", clip(company.eik, LEN.middle1)),
      el("Name", clip(company.name, LEN.middle2)),
      address({
        street: company.address,
        city: company.city,
        postalCode: company.postalCode,
        country: company.countryCode,
      }),
      wrap(
        "Contact",
        wrap(
          "ContactPerson",
          el("FirstName", clip(owner?.firstName || company.name, LEN.middle1)),
          el("LastName", clip(owner?.lastName || company.name, LEN.middle2)),
          el("OtherTitles", "Управител"),
        ),
        company.phone ? el("Telephone", clip(company.phone, LEN.short)) : "",
        company.email ? el("Email", clip(company.email, LEN.middle2)) : "",
      ),
      company.isVatRegistered && company.vatNumber
        ? wrap(
            "TaxRegistration",
            el("TaxRegistrationNumber", clip(company.vatNumber, LEN.middle1)),
            el("TaxAuthority", "НАП"),
          )
        : "",
      wrap("BankAccount", el("IBANNumber", clip(company.bankIban ?? "", LEN.middle1))),
    ),
    // Not part of a group (decision 063); the group's elements are required, and say «00».
    wrap(
      "Ownership",
      el("IsPartOfGroup", ownership.isPartOfGroup),
      el("UltimateOwnerNameCyrillicBG", ownership.noGroup),
      el("UltimateOwnerUICBG", ownership.noGroup),
      el("UltimateOwnerNameCyrillicForeign", ownership.noGroup),
      el("UltimateOwnerNameLatinForeign", ownership.noGroup),
      el("CountryForeign", ownership.noGroup || "BG"),
    ),
    el("DefaultCurrencyCode", "EUR"),
    wrap(
      "SelectionCriteria",
      el("SelectionStartDate", range.from),
      el("SelectionEndDate", range.to),
    ),
    el("HeaderComment", "M"),
    el("TaxAccountingBasis", "A"),
  );
}

/** The accounts' SAF-T codes and sides, by the company's code. */
export async function chart(db: Db, companyId: string) {
  const rows = await db
    .selectFrom("ledgerAccounts")
    .select(["code", "name", "saftCode", "side"])
    .where("companyId", "=", companyId)
    .execute();
  return new Map(rows.map((r) => [r.code, r]));
}

export type Chart = Awaited<ReturnType<typeof chart>>;

const ACCOUNT_TYPE = { active: "Active", passive: "Passive", both: "Bifunctional" } as const;

/** GeneralLedgerAccounts: the trial balance of the month, per account of the chart. */
export async function* generalLedgerAccounts(
  db: Db,
  companyId: string,
  range: { from: string; to: string },
  accounts: Chart,
) {
  const tb = await trialBalance(db, companyId, range.from, range.to);
  yield "<GeneralLedgerAccounts>";
  for (const row of tb.accounts) {
    const a = accounts.get(row.code);
    yield wrap(
      "Account",
      el("AccountID", a?.saftCode ?? ""),
      el("AccountDescription", clip(row.name, LEN.long)),
      el("TaxpayerAccountID", clip(row.code, LEN.middle1)),
      el("AccountType", ACCOUNT_TYPE[a?.side ?? "both"]),
      balance("Opening", net(row.opening)),
      balance("Closing", net(row.closing)),
    );
  }
  yield "</GeneralLedgerAccounts>";
}

/** Customers and Suppliers: every counterparty with a balance or a movement on an account by the month's end. */
export async function* parties(
  db: Db,
  companyId: string,
  range: { from: string; to: string },
  accounts: Chart,
) {
  const analytics = await trialBalanceAnalytics(db, companyId, range.from, range.to);
  const rows = [...analytics.entries()].flatMap(([code, list]) =>
    list.filter((r) => r.counterparty).map((r) => ({ code, ...r, party: r.counterparty! })),
  );
  const ids = (kind: string) => [
    ...new Set(
      rows.filter((r) => r.party.kind === kind && r.party.id).map((r) => r.party.id as string),
    ),
  ];
  const clientIds = ids("client");
  const supplierIds = ids("supplier");
  const clients = new Map(
    (clientIds.length
      ? await db
          .selectFrom("clients")
          .select([
            "id",
            "name",
            "eik",
            "vatNumber",
            "address",
            "city",
            "postalCode",
            "countryCode",
          ])
          .where("companyId", "=", companyId)
          .where("id", "in", clientIds)
          .execute()
      : []
    ).map((c) => [c.id, c]),
  );
  const suppliers = new Map(
    (supplierIds.length
      ? await db
          .selectFrom("suppliers")
          .select(["id", "name", "eik", "vatNumber", "address", "countryCode"])
          .where("companyId", "=", companyId)
          .where("id", "in", supplierIds)
          .execute()
      : []
    ).map((s) => [s.id, s]),
  );
  const party = (r: (typeof rows)[number], kind: "Customer" | "Supplier") => {
    const c = r.party.id
      ? kind === "Customer"
        ? clients.get(r.party.id)
        : suppliers.get(r.party.id)
      : undefined;
    const id = partyId({
      vatNumber: c?.vatNumber,
      eik: c?.eik,
      id: r.party.id,
      name: r.party.name,
    });
    return wrap(
      kind,
      wrap(
        "CompanyStructure",
        el("RegistrationNumber", clip(c?.eik || id, LEN.middle1)),
        el("Name", clip(c?.name ?? r.party.name, LEN.middle2)),
        address({
          street: c?.address,
          city: kind === "Customer" && r.party.id ? clients.get(r.party.id)?.city : null,
          postalCode:
            kind === "Customer" && r.party.id ? clients.get(r.party.id)?.postalCode : null,
          country: c?.countryCode,
        }),
        el("RelatedParty", "N"),
      ),
      el(`${kind}ID`, id),
      el("AccountID", accounts.get(r.code)?.saftCode ?? ""),
      balance("Opening", net(r.opening)),
      balance("Closing", net(r.closing)),
    );
  };
  yield "<Customers>";
  for (const r of rows) if (r.party.kind === "client") yield party(r, "Customer");
  yield "</Customers><Suppliers>";
  for (const r of rows) if (r.party.kind === "supplier") yield party(r, "Supplier");
  yield "</Suppliers>";
}

/** TaxTable, UOMTable and Products: the VAT codes, and one product per unit used in the month. */
export function tables(units: readonly { code: string; name: string }[], day: string) {
  const tax = inForce(TAX_CODES, day);
  return (
    wrap(
      "TaxTable",
      wrap(
        "TaxTableEntry",
        el("TaxType", tax.taxType),
        el("Description", tax.description),
        ...tax.codes.map((c) =>
          wrap(
            "TaxCodeDetails",
            el("TaxCode", c.code),
            el("Description", c.description),
            el("TaxPercentage", c.rate ?? 0),
            el("Country", "BG"),
          ),
        ),
      ),
    ) +
    wrap(
      "UOMTable",
      ...units.map((u) =>
        wrap("UOMTableEntry", el("UnitOfMeasure", u.code), el("Description", u.name)),
      ),
    ) +
    wrap(
      "Products",
      ...units.map((u) =>
        wrap(
          "Product",
          el("ProductCode", productCode(u.code)),
          el("Description", `Стоки и услуги в мярка «${u.name}»`),
          el("ProductCommodityCode", inForce(NO_COMMODITY_CODE, day)),
          el("UOMBase", u.code),
          el("UOMStandard", u.code),
          el("UOMToUOMBaseConversionFactor", "1"),
        ),
      ),
    )
  );
}

/** The product a line is written under: its unit's (document lines do not name a catalogue item). */
export const productCode = (unitCode: string) => `U-${unitCode}`;
