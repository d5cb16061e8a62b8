import type { SuggestionKind } from "./constants";
import { nameKey, readReason } from "./reason";

/*
 * Ranking what a movement pays (decision 031). Pure and linear: the company's open documents,
 * clients, expenses and rules are indexed once (Maps by number, client, amount, IBAN, ЕИК and
 * name) and each movement only looks up its own keys, so 10,000 movements against 100,000
 * documents cost 10,000 look-ups, not a product.
 *
 * Credits: the client by the payer's IBAN (remembered once a person confirmed a match), else an
 * ЕИК/VAT number in the reason, else the payer's name; the document numbers in the reason as
 * whole numbers. Scores, highest first:
 *   split (several named numbers whose dues add up to the amount)   105
 *   exact (a named number, the amount equals what is due)           100
 *   number (a named number, another amount: partial or overpaid)     60
 *   client_amount (the client's document due with this amount)      55, nearest due date first
 *   amount (any open document due with this amount, no client)      35, only when ≤ 3 of them
 * ±: the client agrees +10, contradicts −60; a bare number (no «ф-ра» before it) −15.
 * What is due is after the document's open credit notes («нетира» the invoice), or before them.
 * A proforma is never a target: the movement points at the invoice made from it, or offers to
 * issue it (kind proforma).
 *
 * Debits: НАП's accounts (taxes and contributions), the unpaid expense by number and amount, by
 * the supplier's IBAN or name and amount, by amount alone; the user's rules last.
 */

export interface OpenDocument {
  id: string;
  type: "invoice" | "debit_note" | "proforma";
  /** The number as a number (leading zeros dropped). */
  number: number;
  clientId: string;
  currency: string;
  /**
   * Still due (documents.due_cents: after payments and credit notes, issue #41). The two amounts
   * are the same since credit notes settle when issued; a caller may still offer a second one.
   */
  grossDueCents: number;
  /** Still due after any amount the caller sets off (the index passes the same as gross). */
  netDueCents: number;
  dueDate: string | null;
  /** For a proforma: the issued invoice made from it, if any. */
  invoiceId: string | null;
}

export interface KnownClient {
  id: string;
  name: string;
  eik: string | null;
  vatNumber: string | null;
}

export interface OpenExpense {
  id: string;
  supplierId: string | null;
  supplierName: string;
  supplierEik: string | null;
  number: number | null;
  currency: string;
  totalCents: number;
  dueDate: string | null;
}

export interface BankRule {
  id: string;
  reasonContains: string | null;
  amountMinCents: number | null;
  amountMaxCents: number | null;
}

export interface NapAccount {
  iban: string;
  kind: string;
  validFrom: string;
  validTo: string | null;
}

export interface Movement {
  direction: "credit" | "debit";
  amountCents: number;
  currency: string;
  bookedOn: string;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  reason: string;
}

export interface Suggestion {
  kind: SuggestionKind;
  score: number;
  documentIds: string[];
  expenseId: string | null;
  ruleId: string | null;
  clientId: string | null;
  /** What the suggested documents are due, to show against the movement's amount. */
  amountCents: number;
}

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/** Everything a statement's movements are ranked against, indexed once. */
export class MatchIndex {
  private byNumber = new Map<number, OpenDocument[]>();
  private byClient = new Map<string, OpenDocument[]>();
  private byAmount = new Map<string, OpenDocument[]>();
  private byId = new Map<string, OpenDocument>();
  private clientByEik = new Map<string, string>();
  private clientByName = new Map<string, string | null>();
  private payees: Map<string, { clientId: string | null; supplierId: string | null }>;
  private expenseByNumber = new Map<number, OpenExpense[]>();
  private expenseBySupplier = new Map<string, OpenExpense[]>();
  private expenseByAmount = new Map<string, OpenExpense[]>();
  private supplierByName = new Map<string, string | null>();
  private nap = new Map<string, NapAccount[]>();
  private rules: BankRule[];

  constructor(input: {
    documents: OpenDocument[];
    clients: KnownClient[];
    payees: { iban: string; clientId: string | null; supplierId: string | null }[];
    expenses: OpenExpense[];
    rules: BankRule[];
    napAccounts: NapAccount[];
  }) {
    this.rules = input.rules;
    for (const doc of input.documents) {
      this.byId.set(doc.id, doc);
      push(this.byNumber, doc.number, doc);
      if (doc.type === "proforma") continue;
      if (doc.grossDueCents <= 0) continue;
      push(this.byClient, doc.clientId, doc);
      push(this.byAmount, `${doc.currency}:${doc.netDueCents}`, doc);
      if (doc.grossDueCents !== doc.netDueCents) {
        push(this.byAmount, `${doc.currency}:${doc.grossDueCents}`, doc);
      }
    }
    for (const list of this.byClient.values()) {
      list.sort((a, b) => (a.dueDate ?? "9999").localeCompare(b.dueDate ?? "9999"));
    }
    for (const client of input.clients) {
      if (client.eik) this.clientByEik.set(client.eik, client.id);
      const vat = client.vatNumber?.replace(/^[A-Z]{2}/, "");
      if (vat) this.clientByEik.set(vat.slice(0, 9), client.id);
      const key = nameKey(client.name);
      if (key) this.clientByName.set(key, this.clientByName.has(key) ? null : client.id);
    }
    this.payees = new Map(input.payees.map((p) => [p.iban, p]));
    for (const expense of input.expenses) {
      if (expense.number !== null) push(this.expenseByNumber, expense.number, expense);
      if (expense.supplierId) push(this.expenseBySupplier, expense.supplierId, expense);
      push(this.expenseByAmount, `${expense.currency}:${expense.totalCents}`, expense);
      const key = nameKey(expense.supplierName);
      if (key && expense.supplierId) {
        const known = this.supplierByName.get(key);
        this.supplierByName.set(
          key,
          known === undefined || known === expense.supplierId ? expense.supplierId : null,
        );
      }
    }
    for (const account of input.napAccounts) push(this.nap, account.iban, account);
  }

  /** НАП's account kind for an IBAN on a day, if it is one of НАП's then. */
  napKind(iban: string | null, day: string): string | null {
    if (!iban) return null;
    const found = this.nap
      .get(iban)
      ?.find((a) => a.validFrom <= day && (a.validTo === null || a.validTo >= day));
    return found?.kind ?? null;
  }

  /** The client a credit comes from, and how sure: by IBAN, ЕИК/VAT in the reason, or name. */
  clientOf(movement: Movement, eiks: string[]): string | null {
    const payee = movement.counterpartyIban
      ? this.payees.get(movement.counterpartyIban)
      : undefined;
    if (payee?.clientId) return payee.clientId;
    for (const eik of eiks) {
      const id = this.clientByEik.get(eik);
      if (id) return id;
    }
    const key = nameKey(movement.counterpartyName);
    return (key && this.clientByName.get(key)) || null;
  }

  /** The ranked suggestions for one movement, best first (at most `limit`). */
  rank(movement: Movement, limit = 3): Suggestion[] {
    const found =
      movement.direction === "credit" ? this.rankCredit(movement) : this.rankDebit(movement);
    const seen = new Set<string>();
    const unique: Suggestion[] = [];
    for (const s of found.sort((a, b) => b.score - a.score)) {
      const key = `${s.kind === "proforma" ? "p" : ""}${s.documentIds.join(",")}|${s.expenseId}|${s.ruleId}|${s.kind === "nap"}`;
      if (seen.has(key)) continue;
      seen.add(key);
      unique.push(s);
      if (unique.length >= limit) break;
    }
    return unique;
  }

  private rankCredit(m: Movement): Suggestion[] {
    const facts = readReason(m.reason);
    const clientId = this.clientOf(m, facts.eiks);
    const out: Suggestion[] = [];
    const clientBonus = (doc: OpenDocument) =>
      clientId === null ? 0 : doc.clientId === clientId ? 10 : -60;
    const named: OpenDocument[] = [];
    for (const n of facts.numbers) {
      for (let doc of this.byNumber.get(n.value) ?? []) {
        if (doc.currency !== m.currency) continue;
        // A number said to be a proforma's is not an invoice's, and the reverse (separate series).
        if (n.proforma && doc.type !== "proforma") continue;
        if (doc.type === "proforma") {
          if (doc.invoiceId) {
            // Paid through the invoice made from it: that invoice, or nothing when it is paid.
            const invoice = this.byId.get(doc.invoiceId);
            if (!invoice) continue;
            doc = invoice;
          } else {
            out.push({
              kind: "proforma",
              score: 40 + clientBonus(doc) + (n.strong ? 0 : -15),
              documentIds: [doc.id],
              expenseId: null,
              ruleId: null,
              clientId: doc.clientId,
              amountCents: doc.grossDueCents,
            });
            continue;
          }
        }
        if (doc.grossDueCents <= 0) continue;
        named.push(doc);
        const exact = m.amountCents === doc.netDueCents || m.amountCents === doc.grossDueCents;
        out.push({
          kind: exact ? "exact" : "number",
          score: (exact ? 100 : 60) + clientBonus(doc) + (n.strong ? 0 : -15),
          documentIds: [doc.id],
          expenseId: null,
          ruleId: null,
          clientId: doc.clientId,
          amountCents: m.amountCents === doc.grossDueCents ? doc.grossDueCents : doc.netDueCents,
        });
      }
    }
    // Several named documents whose dues add up to the amount.
    const distinct = [...new Map(named.map((d) => [d.id, d])).values()];
    if (distinct.length > 1) {
      const net = distinct.reduce((sum, d) => sum + d.netDueCents, 0);
      const gross = distinct.reduce((sum, d) => sum + d.grossDueCents, 0);
      if (m.amountCents === net || m.amountCents === gross) {
        const contradicts = clientId !== null && distinct.some((d) => d.clientId !== clientId);
        out.push({
          kind: "split",
          score: 105 + (clientId === null ? 0 : contradicts ? -60 : 10),
          documentIds: sortByDue(distinct).map((d) => d.id),
          expenseId: null,
          ruleId: null,
          clientId: distinct[0]?.clientId ?? null,
          amountCents: m.amountCents === net ? net : gross,
        });
      }
    }
    if (clientId) {
      const docs = (this.byClient.get(clientId) ?? []).filter((d) => d.currency === m.currency);
      const same = docs.filter(
        (d) => d.netDueCents === m.amountCents || d.grossDueCents === m.amountCents,
      );
      same.sort((a, b) => dayDistance(a.dueDate, m.bookedOn) - dayDistance(b.dueDate, m.bookedOn));
      same.slice(0, 3).forEach((doc, i) => {
        out.push({
          kind: "client_amount",
          score: 55 - i,
          documentIds: [doc.id],
          expenseId: null,
          ruleId: null,
          clientId,
          amountCents: m.amountCents,
        });
      });
      // The client's oldest open documents that together make the amount.
      let sum = 0;
      const prefix: OpenDocument[] = [];
      for (const doc of docs.slice(0, 12)) {
        prefix.push(doc);
        sum += doc.netDueCents;
        if (sum >= m.amountCents) break;
      }
      if (prefix.length > 1 && sum === m.amountCents) {
        out.push({
          kind: "split",
          score: 50,
          documentIds: prefix.map((d) => d.id),
          expenseId: null,
          ruleId: null,
          clientId,
          amountCents: sum,
        });
      }
    } else {
      const docs = this.byAmount.get(`${m.currency}:${m.amountCents}`) ?? [];
      if (docs.length <= 3) {
        for (const [i, doc] of sortByDistance(docs, m.bookedOn).entries()) {
          out.push({
            kind: "amount",
            score: (docs.length === 1 ? 35 : 30) - i,
            documentIds: [doc.id],
            expenseId: null,
            ruleId: null,
            clientId: doc.clientId,
            amountCents: m.amountCents,
          });
        }
      }
    }
    return out;
  }

  private rankDebit(m: Movement): Suggestion[] {
    const out: Suggestion[] = [];
    const kind = this.napKind(m.counterpartyIban, m.bookedOn);
    if (kind) {
      out.push({
        kind: "nap",
        score: 100,
        documentIds: [],
        expenseId: null,
        ruleId: null,
        clientId: null,
        amountCents: m.amountCents,
      });
    }
    const facts = readReason(m.reason);
    const payee = m.counterpartyIban ? this.payees.get(m.counterpartyIban) : undefined;
    const key = nameKey(m.counterpartyName);
    const supplierId = payee?.supplierId ?? (key ? this.supplierByName.get(key) : null) ?? null;
    const bonus = (e: OpenExpense) =>
      supplierId === null ? 0 : e.supplierId === supplierId ? 10 : -60;
    const add = (e: OpenExpense, score: number) =>
      out.push({
        kind: "expense",
        score,
        documentIds: [],
        expenseId: e.id,
        ruleId: null,
        clientId: null,
        amountCents: e.totalCents,
      });
    for (const n of facts.numbers) {
      for (const e of this.expenseByNumber.get(n.value) ?? []) {
        if (e.currency !== m.currency) continue;
        add(e, (e.totalCents === m.amountCents ? 100 : 60) + bonus(e) + (n.strong ? 0 : -15));
      }
    }
    if (supplierId) {
      const same = (this.expenseBySupplier.get(supplierId) ?? []).filter(
        (e) => e.currency === m.currency && e.totalCents === m.amountCents,
      );
      for (const [i, e] of sortByDistance(same, m.bookedOn).slice(0, 3).entries()) add(e, 55 - i);
    } else {
      const same = this.expenseByAmount.get(`${m.currency}:${m.amountCents}`) ?? [];
      if (same.length <= 3) {
        for (const [i, e] of sortByDistance(same, m.bookedOn).entries()) add(e, 35 - i);
      }
    }
    const reason = m.reason.toLowerCase();
    for (const rule of this.rules) {
      if (rule.reasonContains && !reason.includes(rule.reasonContains.toLowerCase())) continue;
      if (rule.amountMinCents !== null && m.amountCents < rule.amountMinCents) continue;
      if (rule.amountMaxCents !== null && m.amountCents > rule.amountMaxCents) continue;
      out.push({
        kind: "rule",
        score: 45,
        documentIds: [],
        expenseId: null,
        ruleId: rule.id,
        clientId: null,
        amountCents: m.amountCents,
      });
      break;
    }
    return out;
  }
}

function dayDistance(day: string | null, to: string): number {
  if (!day) return 100_000;
  return Math.abs(Date.parse(day) - Date.parse(to)) / 86_400_000;
}

const sortByDistance = <T extends { dueDate: string | null }>(list: T[], day: string) =>
  [...list].sort((a, b) => dayDistance(a.dueDate, day) - dayDistance(b.dueDate, day));

const sortByDue = (list: OpenDocument[]) =>
  [...list].sort((a, b) => (a.dueDate ?? "9999").localeCompare(b.dueDate ?? "9999"));

/**
 * Whether the first suggestion may be confirmed without a person: an exact number match (or a
 * split) whose client does not contradict, with no other suggestion near it.
 */
export function isUnambiguous(suggestions: readonly Suggestion[]): boolean {
  const [first, second] = suggestions;
  if (!first || (first.kind !== "exact" && first.kind !== "split")) return false;
  if (first.score < 100) return false;
  return !second || second.score <= first.score - 40;
}

/** A movement's ranked suggestions as the rows `bank_suggestions` keeps (rank from 1). */
export function suggestionRows(
  companyId: string,
  transactionId: string,
  list: readonly Suggestion[],
) {
  return list.map((s, rank) => ({
    companyId,
    transactionId,
    rank: rank + 1,
    kind: s.kind,
    score: s.score,
    documentIds: s.documentIds,
    expenseId: s.expenseId,
    ruleId: s.ruleId,
    clientId: s.clientId,
    amountCents: s.amountCents,
  }));
}
