import type { Kysely } from "kysely";
import { createClient } from "~/modules/clients/queries.server";
import { clientSchema } from "~/modules/clients/schema";
import { createDraft, getDocument, issueDocument } from "~/modules/invoices/documents.server";
import { documentSchema } from "~/modules/invoices/schema";
import { countryByCode } from "~/modules/reference/countries";
import type { Database } from "~db/types";
import { createCompanyWithClient, validEik } from "../setup/factories";

/*
 * Issued documents of every kind an e-invoice must carry (shared by einvoice.test.ts and
 * ubl-xsd.test.ts): 20 %, 9 % + 20 %, ВОД (K), export (G), exempt (E), reverse charge (AE), a credit
 * and a debit note, a USD invoice and one of a company not registered for VAT (O), an advance
 * invoice (386) and the final invoice that deducts part of it (a line with a negative quantity).
 */

type Line = {
  description: string;
  quantity: string;
  unit?: string;
  unitPrice: string;
  discount?: string;
  vatRate: number | null;
};

export const CASES = [
  "standard",
  "mixed",
  "intraCommunity",
  "export",
  "exempt",
  "reverseCharge",
  "creditNote",
  "debitNote",
  "usd",
  "notRegistered",
  "advance",
  "finalInvoice",
] as const;
export type Case = (typeof CASES)[number];

export async function makeEInvoiceDocuments(db: Kysely<Database>) {
  const me = await createCompanyWithClient(db);
  const { companyId, user } = me;
  await db
    .updateTable("clients")
    .set({ vatNumber: "BG175074752", emails: ["accounts@beta.bg"] })
    .where("id", "=", me.clientId)
    .execute();
  const foreign = async (code: string, fields: Record<string, unknown>) =>
    (
      await createClient(
        db,
        companyId,
        clientSchema.parse({
          kind: "foreign_company",
          country: countryByCode(code)!.nameBg,
          ...fields,
        }),
      )
    ).id;
  const german = await foreign("DE", {
    name: "Müller GmbH",
    vatNumber: "DE123456789",
    address: "Friedrichstraße 1",
    city: "Berlin",
    postalCode: "10117",
    emails: "rechnung@mueller.de",
  });
  const american = await foreign("US", {
    name: "Acme Inc.",
    address: "1 Main Street",
    city: "New York",
    postalCode: "10001",
    emails: "ap@acme.example",
  });

  const issue = async (
    company: string,
    fields: {
      clientId: string;
      lines: Line[];
      type?: string;
      vatGround?: string;
      currency?: string;
      eurRate?: string;
      originalId?: string;
      reason?: string;
      issueDate?: string;
      taxEventDate?: string;
      advance?: boolean;
      advanceDeductions?: { advanceId: string; amount?: string }[];
    },
    by = user.id,
  ) => {
    const id = await createDraft(
      db,
      company,
      by,
      documentSchema.parse({
        type: "invoice",
        issueDate: "2026-11-20",
        dueDate: "2026-11-30",
        ...fields,
      }),
    );
    await issueDocument(db, company, id);
    return id;
  };

  const standard = await issue(companyId, {
    clientId: me.clientId,
    lines: [
      { description: "Консултация", quantity: "3.5", unit: "час", unitPrice: "80", vatRate: 20 },
      {
        description: "Лиценз",
        quantity: "2",
        unit: "бр.",
        unitPrice: "123.4567",
        discount: "12.5",
        vatRate: 20,
      },
    ],
  });
  const ids: Record<Case, string> = {
    standard,
    mixed: await issue(companyId, {
      clientId: me.clientId,
      lines: [
        { description: "Нощувка", quantity: "2", unit: "нощ.", unitPrice: "55.55", vatRate: 9 },
        { description: "Вечеря", quantity: "1", unit: "бр.", unitPrice: "33.33", vatRate: 20 },
        { description: "Закуска", quantity: "2", unit: "бр.", unitPrice: "7.77", vatRate: 9 },
      ],
    }),
    intraCommunity: await issue(companyId, {
      clientId: german,
      vatGround: "чл. 53, ал. 1 от ЗДДС",
      taxEventDate: "2026-11-18",
      lines: [{ description: "Стоки", quantity: "10", unit: "кг", unitPrice: "12.5", vatRate: 0 }],
    }),
    export: await issue(companyId, {
      clientId: american,
      vatGround: "чл. 28 от ЗДДС",
      lines: [{ description: "Машина", quantity: "1", unitPrice: "4500", vatRate: 0 }],
    }),
    exempt: await issue(companyId, {
      clientId: me.clientId,
      vatGround: "чл. 45 от ЗДДС",
      lines: [
        { description: "Наем на земя", quantity: "1", unit: "мес.", unitPrice: "600", vatRate: 0 },
      ],
    }),
    reverseCharge: await issue(companyId, {
      clientId: german,
      vatGround: "чл. 21, ал. 2 от ЗДДС",
      lines: [
        {
          description: "Разработка на софтуер",
          quantity: "40",
          unit: "ч",
          unitPrice: "45",
          vatRate: 0,
        },
      ],
    }),
    // Before the notes: numbers follow dates (ППЗДДС чл. 78, decision 058).
    usd: await issue(companyId, {
      clientId: me.clientId,
      currency: "USD",
      eurRate: "0.86251234",
      lines: [
        { description: "Hosting", quantity: "12", unit: "мес.", unitPrice: "19.99", vatRate: 20 },
      ],
    }),
    creditNote: await issue(companyId, {
      type: "credit_note",
      clientId: me.clientId,
      originalId: standard,
      reason: "Върната стока",
      issueDate: "2026-11-25",
      lines: [{ description: "Лиценз (върнат)", quantity: "1", unitPrice: "100", vatRate: 20 }],
    }),
    debitNote: await issue(companyId, {
      type: "debit_note",
      clientId: me.clientId,
      originalId: standard,
      reason: "Допълнителни часове",
      issueDate: "2026-11-26",
      lines: [
        { description: "Консултация", quantity: "1", unit: "час", unitPrice: "80", vatRate: 20 },
      ],
    }),
    notRegistered: "",
    advance: "",
    finalInvoice: "",
  };
  // An advance (decision 074), then the final invoice deducting 400.00 of its 500.00.
  ids.advance = await issue(companyId, {
    clientId: me.clientId,
    advance: true,
    // The shared set's last date (26.11): the tests that add documents date them from it on.
    issueDate: "2026-11-26",
    lines: [{ description: "Аванс по договор 7", quantity: "1", unitPrice: "500", vatRate: 20 }],
  });
  ids.finalInvoice = await issue(companyId, {
    clientId: me.clientId,
    issueDate: "2026-11-26",
    advanceDeductions: [{ advanceId: ids.advance, amount: "400" }],
    lines: [{ description: "Доставка по договор 7", quantity: "2", unitPrice: "640", vatRate: 20 }],
  });

  // A company not registered for VAT: no VAT on its documents, no VAT number of its client.
  const small = await createCompanyWithClient(db, false);
  await db
    .updateTable("clients")
    .set({ vatNumber: "BG130460283", eik: validEik(), emails: ["office@client.bg"] })
    .where("id", "=", small.clientId)
    .execute();
  ids.notRegistered = await issue(
    small.companyId,
    {
      clientId: small.clientId,
      lines: [{ description: "Ремонт", quantity: "1", unitPrice: "250", vatRate: null }],
    },
    small.user.id,
  );

  const document = async (which: Case) => {
    const company = which === "notRegistered" ? small.companyId : companyId;
    return (await getDocument(db, company, ids[which]))!;
  };
  return { me, small, ids, document, clients: { german, american } };
}
