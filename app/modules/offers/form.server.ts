import type { Kysely } from "kysely";
import { listCatalogue } from "~/modules/catalogue/queries.server";
import { listClients } from "~/modules/clients/queries.server";
import { vatGroundsOn, vatRatesOn } from "~/modules/reference/vat.server";
import { addDays, todayInSofia } from "~/utils/dates";
import { formatPrice, PRICE_SCALE, parseDecimal } from "~/utils/money";
import { isUuid } from "~/utils/uuid";
import type { Database } from "~db/types";
import { lineCount } from "./constants";
import type { OfferWithLines } from "./queries.server";

/*
 * The offer form's parts (decision 077): what it offers to pick (clients, catalogue items, the
 * rates and grounds in force), its values flat as the form posts them («lines.0.description»),
 * and lines picked from the catalogue filled in on the server — without JavaScript too.
 */

const LINE_FIELDS = [
  "catalogueItemId",
  "description",
  "quantity",
  "unit",
  "unitPrice",
  "discount",
  "vatRate",
] as const;

/** What the form offers: the company's clients and catalogue items, today's rates and grounds. */
export async function offerFormOptions(db: Kysely<Database>, companyId: string) {
  const today = todayInSofia();
  const [clients, catalogue, rates, grounds] = await Promise.all([
    listClients(db, companyId, { limit: 500 }),
    listCatalogue(db, companyId, { limit: 500 }),
    vatRatesOn(db, today),
    vatGroundsOn(db, today),
  ]);
  return {
    clients: clients.clients.map((client) => ({ id: client.id, name: client.name })),
    catalogue: catalogue.items.map((item) => ({ id: item.id, name: item.name })),
    rates: rates.map((r) => r.rate),
    grounds: grounds.map((g) => ({ text: g.text, label: g.label })),
  };
}

/** A new offer's values: today, valid for 30 days, one empty line. */
export function newOfferValues(clientId = ""): Record<string, string> {
  const today = todayInSofia();
  return {
    clientId,
    issueDate: today,
    validUntil: addDays(today, 30),
    language: "bg",
    currency: "EUR",
    becomes: "invoice",
    "lines.0.quantity": "1",
    "lines.0.vatRate": "20",
  };
}

/** A stored offer as its form shows it. */
export function offerFormValues(offer: OfferWithLines): Record<string, string> {
  const values: Record<string, string> = {
    clientId: offer.clientId,
    issueDate: offer.issueDate,
    validUntil: offer.validUntil,
    language: offer.language,
    currency: offer.currency,
    eurRate: offer.eurRate ?? "",
    becomes: offer.becomes,
    vatGround: offer.vatGround ?? "",
    authorName: offer.authorName ?? "",
    notes: offer.notes ?? "",
  };
  offer.lines.forEach((line, i) => {
    values[`lines.${i}.catalogueItemId`] = line.catalogueItemId ?? "";
    values[`lines.${i}.description`] = line.description;
    values[`lines.${i}.quantity`] = line.quantity.replace(/\.?0+$/, "");
    values[`lines.${i}.unit`] = line.unit;
    values[`lines.${i}.unitPrice`] = formatPrice(parseDecimal(line.unitPrice, PRICE_SCALE) ?? 0n);
    values[`lines.${i}.discount`] = Number(line.discountPercent) ? line.discountPercent : "";
    values[`lines.${i}.vatRate`] = line.vatRate === null ? "none" : String(line.vatRate);
  });
  return values;
}

/**
 * The posted values as the schema reads them: the lines nested, rows left blank dropped, and a
 * row with only a catalogue item picked filled from the item (its name, unit, price and rate).
 */
export async function offerInputOf(
  db: Kysely<Database>,
  companyId: string,
  values: Record<string, string>,
) {
  const { lines: _lines, ...rest } = Object.fromEntries(
    Object.entries(values).filter(([key, value]) => !key.startsWith("lines.") && value !== ""),
  );
  const rows: Record<string, string>[] = [];
  for (let i = 0; i < lineCount(values); i++) {
    const row = Object.fromEntries(
      LINE_FIELDS.flatMap((field) => {
        const value = values[`lines.${i}.${field}`]?.trim() ?? "";
        return value ? [[field, value]] : [];
      }),
    );
    const typed = row.description || row.unitPrice || row.catalogueItemId;
    if (typed) rows.push(row);
  }
  const picked = [...new Set(rows.map((r) => r.catalogueItemId).filter((id) => isUuid(id)))];
  const items = picked.length
    ? await db
        .selectFrom("catalogueItems")
        .select(["id", "name", "unit", "unitPrice", "vatRate"])
        .where("companyId", "=", companyId)
        .where("id", "in", picked as string[])
        .execute()
    : [];
  const lines = rows.map((row) => {
    const item = items.find((i) => i.id === row.catalogueItemId);
    if (!item) return row;
    return {
      ...row,
      description: row.description ?? item.name,
      unit: row.unit ?? item.unit,
      unitPrice: row.unitPrice ?? item.unitPrice,
      vatRate: row.vatRate ?? (item.vatRate === null ? "none" : String(item.vatRate)),
      quantity: row.quantity ?? "1",
    };
  });
  return { ...rest, lines };
}
