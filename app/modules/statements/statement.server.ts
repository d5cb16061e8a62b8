import type { Kysely } from "kysely";
import { getClient } from "~/modules/clients/queries.server";
import { CLIENT_NOT_FOUND } from "~/modules/invoices/visibility.server";
import { AppError } from "~/utils/errors";
import { BGN_PER_EUR, convertCents } from "~/utils/money";
import type { Database } from "~db/types";

/*
 * The statement of account (извлечение по сметка, issue #47 item 4, decision 070): what a client
 * owed at the start of a period, every issued invoice and debit note (debit), payment and credit
 * note (credit) in it with the running balance, and what it owes at the end — per currency.
 *
 * The balance is built from the same parts as documents.due_cents (decision 042), so the closing
 * balance of today is the invoice list's «За получаване» for the client to the cent: each invoice
 * or debit note is walked in date order, and a payment or credit note settles at most what is
 * still open on it; a credit note's part beyond that (over-credit) is a debt to the client, shown
 * apart («дължимо на клиента»), never netted against the other invoices. A credit note with no
 * invoice, or in a currency that settles nothing, is listed apart too. Proformas are no
 * receivable and are left out, as are drafts and cancelled documents (with their payments).
 */

export type StatementKind = "invoice" | "debit_note" | "credit_note" | "payment";

export interface StatementLine {
  date: string;
  kind: StatementKind;
  /** The document the line is (a payment: the document it pays). */
  documentId: string;
  number: string;
  debitCents: number;
  creditCents: number;
  /** A payment: the kind of document it pays. */
  pays: "invoice" | "debit_note" | null;
  /** The running balance after the line. */
  balanceCents: number;
  /** A credit note's part beyond what was open on its invoice: owed to the client. */
  excessCents: number;
  /** A credit note in another currency than its invoice: its own amount and currency. */
  original: { cents: number; currency: string } | null;
}

export interface OpenDocument {
  documentId: string;
  kind: "invoice" | "debit_note";
  number: string;
  date: string;
  totalCents: number;
  openCents: number;
}

export interface CurrencyStatement {
  currency: string;
  openingCents: number;
  lines: StatementLine[];
  debitCents: number;
  creditCents: number;
  closingCents: number;
  /** Over-credits up to `to`: owed to the client, outside the receivable. */
  owedToClientCents: number;
  /** Credit notes that settle no invoice of the client (none named, or another currency). */
  unsettled: { documentId: string; number: string; date: string; cents: number }[];
  /** The invoices and debit notes still open at `to`, oldest first (the act's list). */
  open: OpenDocument[];
}

export interface ClientStatement {
  client: { id: string; name: string; nameEn: string | null; eik: string | null };
  from: string;
  to: string;
  currencies: CurrencyStatement[];
}

interface Event {
  date: string;
  order: string;
  kind: StatementKind;
  documentId: string;
  number: string;
  cents: number;
  pays: StatementLine["pays"];
  original: StatementLine["original"];
}

/** A credit note's amount in its invoice's currency, as the trigger counts it (decision 042). */
function settledIn(invoiceCurrency: string, noteCurrency: string, cents: number): number | null {
  if (invoiceCurrency === noteCurrency) return cents;
  if (invoiceCurrency === "BGN" && noteCurrency === "EUR") return convertCents(cents, BGN_PER_EUR);
  return null;
}

/** The client's statement for [from, to] (inclusive), one per currency it has documents in. */
export async function clientStatement(
  db: Kysely<Database>,
  companyId: string,
  clientId: string,
  from: string,
  to: string,
): Promise<ClientStatement> {
  const client = await getClient(db, companyId, clientId);
  if (!client) throw new AppError(CLIENT_NOT_FOUND, 404);
  const receivables = await db
    .selectFrom("documents")
    .select(["id", "type", "number", "issueDate", "currency", "totalCents", "createdAt"])
    .where("companyId", "=", companyId)
    .where("clientId", "=", clientId)
    .where("status", "=", "issued")
    .where("type", "in", ["invoice", "debit_note"])
    .where("issueDate", "<=", to)
    .execute();
  const ids = receivables.map((r) => r.id);
  const [payments, notes] = await Promise.all([
    ids.length
      ? db
          .selectFrom("documentPayments")
          .select(["documentId", "amountCents", "paidOn", "createdAt"])
          .where("companyId", "=", companyId)
          .where("documentId", "in", ids)
          .where("paidOn", "<=", to)
          .execute()
      : [],
    // The client's notes and every note against its invoices (whoever the note names).
    db
      .selectFrom("documents")
      .select(["id", "number", "issueDate", "currency", "totalCents", "originalId", "createdAt"])
      .where("companyId", "=", companyId)
      .where("type", "=", "credit_note")
      .where("status", "=", "issued")
      .where("issueDate", "<=", to)
      .where((eb) =>
        ids.length
          ? eb.or([eb("clientId", "=", clientId), eb("originalId", "in", ids)])
          : eb("clientId", "=", clientId),
      )
      .execute(),
  ]);

  const byDocument = new Map<string, Event[]>();
  const stamp = (d: Date | string) => new Date(d).toISOString();
  for (const doc of receivables) {
    byDocument.set(doc.id, [
      {
        date: doc.issueDate,
        order: `0${stamp(doc.createdAt)}`,
        kind: doc.type as "invoice" | "debit_note",
        documentId: doc.id,
        number: doc.number ?? "",
        cents: doc.totalCents,
        pays: null,
        original: null,
      },
    ]);
  }
  const currencyOf = new Map(receivables.map((r) => [r.id, r.currency]));
  const numberOf = new Map(receivables.map((r) => [r.id, r.number ?? ""]));
  const typeOf = new Map(receivables.map((r) => [r.id, r.type as "invoice" | "debit_note"]));
  for (const p of payments) {
    byDocument.get(p.documentId)?.push({
      date: p.paidOn,
      order: `1${stamp(p.createdAt)}`,
      kind: "payment",
      documentId: p.documentId,
      number: numberOf.get(p.documentId) ?? "",
      cents: p.amountCents,
      pays: typeOf.get(p.documentId) ?? null,
      original: null,
    });
  }
  const unsettled = new Map<string, CurrencyStatement["unsettled"]>();
  for (const note of notes) {
    const invoiceCurrency = note.originalId ? currencyOf.get(note.originalId) : undefined;
    const cents = invoiceCurrency
      ? settledIn(invoiceCurrency, note.currency, note.totalCents)
      : null;
    if (!note.originalId || cents === null) {
      const list = unsettled.get(note.currency) ?? [];
      list.push({
        documentId: note.id,
        number: note.number ?? "",
        date: note.issueDate,
        cents: note.totalCents,
      });
      unsettled.set(note.currency, list);
      continue;
    }
    byDocument.get(note.originalId)?.push({
      date: note.issueDate,
      order: `1${stamp(note.createdAt)}`,
      kind: "credit_note",
      documentId: note.id,
      number: note.number ?? "",
      cents,
      pays: null,
      original:
        note.currency === invoiceCurrency
          ? null
          : { cents: note.totalCents, currency: note.currency },
    });
  }

  // Each receivable on its own: a credit settles at most what is open on it (due_cents' greatest).
  const lines = new Map<string, (StatementLine & { order: string })[]>();
  const open = new Map<string, OpenDocument[]>();
  for (const doc of receivables) {
    // The document first, then what settles it in date order (and the order it was recorded).
    const [head, ...rest] = byDocument.get(doc.id) ?? [];
    const events = [
      ...(head ? [head] : []),
      ...rest.sort((a, b) => a.date.localeCompare(b.date) || a.order.localeCompare(b.order)),
    ];
    let remaining = 0;
    const list = lines.get(doc.currency) ?? [];
    for (const event of events) {
      const debit = event.kind === "invoice" || event.kind === "debit_note";
      const settled = debit ? 0 : Math.min(event.cents, remaining);
      remaining = debit ? event.cents : remaining - settled;
      list.push({
        date: event.date,
        order: event.order,
        kind: event.kind,
        documentId: event.documentId,
        number: event.number,
        pays: event.pays,
        debitCents: debit ? event.cents : 0,
        creditCents: settled,
        balanceCents: 0,
        excessCents: debit ? 0 : event.cents - settled,
        original: event.original,
      });
    }
    lines.set(doc.currency, list);
    if (remaining > 0) {
      const openList = open.get(doc.currency) ?? [];
      openList.push({
        documentId: doc.id,
        kind: doc.type as "invoice" | "debit_note",
        number: doc.number ?? "",
        date: doc.issueDate,
        totalCents: doc.totalCents,
        openCents: remaining,
      });
      open.set(doc.currency, openList);
    }
  }

  const currencies = [...new Set([...lines.keys(), ...unsettled.keys()])].sort();
  return {
    client: { id: client.id, name: client.name, nameEn: client.nameEn, eik: client.eik },
    from,
    to,
    currencies: currencies.map((currency) => {
      const all = (lines.get(currency) ?? []).sort(
        (a, b) =>
          a.date.localeCompare(b.date) ||
          a.order.localeCompare(b.order) ||
          a.number.localeCompare(b.number),
      );
      let balance = 0;
      let owed = 0;
      const inPeriod: StatementLine[] = [];
      for (const { order: _o, ...line } of all) {
        balance += line.debitCents - line.creditCents;
        owed += line.excessCents;
        if (line.date >= from) inPeriod.push({ ...line, balanceCents: balance });
      }
      const debitCents = inPeriod.reduce((s, l) => s + l.debitCents, 0);
      const creditCents = inPeriod.reduce((s, l) => s + l.creditCents, 0);
      return {
        currency,
        openingCents: balance - debitCents + creditCents,
        lines: inPeriod,
        debitCents,
        creditCents,
        closingCents: balance,
        owedToClientCents: owed,
        unsettled: (unsettled.get(currency) ?? []).sort((a, b) => a.date.localeCompare(b.date)),
        open: (open.get(currency) ?? []).sort(
          (a, b) => a.date.localeCompare(b.date) || a.number.localeCompare(b.number),
        ),
      };
    }),
  };
}

/** The company as the files name it (the supplier's side). */
export function companyParty(db: Kysely<Database>, companyId: string) {
  return db
    .selectFrom("companies")
    .select(["name", "nameEn", "eik"])
    .where("id", "=", companyId)
    .executeTakeFirstOrThrow();
}
