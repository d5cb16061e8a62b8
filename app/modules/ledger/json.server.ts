import { centsToDecimal } from "~/utils/money";
import { z } from "~/utils/zod-openapi.server";
import type { listAccounts } from "./accounts.server";
import type { AnalyticRow } from "./analytics.server";
import type { openingBalances } from "./opening.server";
import type { journal, trialBalance } from "./reports.server";
import type { RuleView } from "./rules.server";
import type { Sides } from "./sides";

/* The ledger's JSON answers (issue #45 item 7) and their schemas (decision 056). */

const decimal = z.string().regex(/^-?\d+\.\d{2}$/);
const sidesSchema = z.object({ debit: decimal, credit: decimal });

export const ledgerAccountJsonSchema = z
  .object({
    code: z.string(),
    name: z.string(),
    side: z.enum(["active", "passive", "both"]),
    analytics: z.enum(["none", "counterparty", "employee"]),
    saftCode: z.string(),
    parentCode: z.string().nullable(),
  })
  .openapi("LedgerAccount");

export const ledgerEntryJsonSchema = z
  .object({
    id: z.string().uuid(),
    date: z.string(),
    currency: z.enum(["BGN", "EUR"]),
    source: z.object({
      kind: z.enum([
        "document",
        "payment",
        "expense",
        "expense_payment",
        "manual",
        "salary",
        "salary_payment",
        "bank",
        "vat_settlement",
        "vat_protocol",
        "opening",
      ]),
      id: z.string().uuid().nullable(),
    }),
    reversesEntryId: z.string().uuid().nullable(),
    description: z.string(),
    documentRef: z.string(),
    createdBy: z.string().nullable(),
    lines: z.array(
      z.object({
        account: z.string(),
        counterparty: z
          .object({
            kind: z.enum(["client", "supplier", "employee"]),
            id: z.string().uuid().nullable(),
            name: z.string(),
          })
          .nullable(),
        debit: decimal,
        credit: decimal,
      }),
    ),
  })
  .openapi("LedgerEntry");

const balanceRow = { opening: sidesSchema, turnover: sidesSchema, closing: sidesSchema };
const analyticJsonSchema = z
  .object({
    counterparty: z
      .object({
        kind: z.enum(["client", "supplier", "employee"]),
        id: z.string().uuid().nullable().describe("Null for a supplier typed by name only"),
        name: z.string(),
      })
      .nullable()
      .describe("Null: the account's lines that name no counterparty"),
    ...balanceRow,
  })
  .openapi("TrialBalanceAnalytic");
export const trialBalanceJsonSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    currency: z.enum(["BGN", "EUR"]),
    accounts: z.array(
      z.object({
        code: z.string(),
        name: z.string(),
        ...balanceRow,
        analytics: z
          .array(analyticJsonSchema)
          .optional()
          .describe(
            "With analytics=true only: the account's figures per counterparty or employee (empty when its lines name none)",
          ),
      }),
    ),
    totals: z.object(balanceRow),
  })
  .openapi("TrialBalance");

export const ledgerRuleJsonSchema = z
  .object({
    key: z.string().describe("The rule: revenue, receivable, money.bank, expense.category.<id>…"),
    label: z.string(),
    defaultAccount: z.string().describe("The account without a rule of the company's"),
    account: z.string().describe("The account a posting dated today takes"),
    history: z
      .array(
        z.object({
          account: z.string(),
          validFrom: z.string().date(),
          createdAt: z.string().datetime({ offset: true }),
          createdBy: z.string().nullable(),
        }),
      )
      .describe("The company's rules for it, the latest date first; a later date is planned"),
  })
  .openapi("LedgerRule");

const sides = (s: Sides) => ({
  debit: centsToDecimal(s.debitCents),
  credit: centsToDecimal(s.creditCents),
});

export const accountJson = (a: Awaited<ReturnType<typeof listAccounts>>[number]) => a;

export function entryJson(e: Awaited<ReturnType<typeof journal>>["entries"][number]) {
  return {
    id: e.id,
    date: e.entryDate,
    currency: e.currency,
    source: { kind: e.sourceKind, id: e.sourceId },
    reversesEntryId: e.reversesEntryId,
    description: e.description,
    documentRef: e.documentRef,
    createdBy: e.createdByName,
    lines: e.lines.map((l) => ({
      account: l.accountCode,
      counterparty: l.counterpartyKind
        ? { kind: l.counterpartyKind, id: l.counterpartyId, name: l.counterpartyName ?? "" }
        : null,
      debit: centsToDecimal(l.debitCents),
      credit: centsToDecimal(l.creditCents),
    })),
  };
}

const analyticJson = (r: AnalyticRow) => ({
  counterparty: r.counterparty,
  opening: sides(r.opening),
  turnover: sides(r.turnover),
  closing: sides(r.closing),
});

/** The trial balance; with `analytics` (per account code) each account's analytic rows too. */
export function trialBalanceJson(
  tb: Awaited<ReturnType<typeof trialBalance>>,
  analytics?: ReadonlyMap<string, AnalyticRow[]>,
) {
  return {
    from: tb.from,
    to: tb.to,
    currency: tb.currency,
    accounts: tb.accounts.map((a) => ({
      code: a.code,
      name: a.name,
      opening: sides(a.opening),
      turnover: sides(a.turnover),
      closing: sides(a.closing),
      ...(analytics ? { analytics: (analytics.get(a.code) ?? []).map(analyticJson) } : {}),
    })),
    totals: {
      opening: sides(tb.totals.opening),
      turnover: sides(tb.totals.turnover),
      closing: sides(tb.totals.closing),
    },
  };
}

export const ruleJson = (r: RuleView) => ({
  key: r.key,
  label: r.label,
  defaultAccount: r.defaultAccount,
  account: r.account,
  history: r.history.map((h) => ({
    account: h.accountCode,
    validFrom: h.validFrom,
    createdAt: h.createdAt.toISOString(),
    createdBy: h.createdByName,
  })),
});

/** The period a ledger call reads (`from`, `to`), as the OpenAPI document describes it. */
export const periodQueryJsonSchema = () =>
  z.object({
    from: z
      .string()
      .date()
      .optional()
      .describe("The period's first day (default: 1 January of this year)"),
    to: z
      .string()
      .date()
      .optional()
      .describe("The period's last day (default: today); its year decides the currency"),
  });

const lineJsonSchema = z.object({
  account: z.string(),
  counterparty: z
    .object({
      kind: z.enum(["client", "supplier", "employee"]),
      id: z.string().uuid().nullable(),
      name: z.string(),
    })
    .nullable(),
  debit: decimal,
  credit: decimal,
});

export const openingBalancesJsonSchema = z
  .object({ date: z.string().nullable(), lines: z.array(lineJsonSchema) })
  .openapi("LedgerOpeningBalances");

/** The opening balances as the API answers them (no date and no lines when none). */
export function openingBalancesJson(opening: Awaited<ReturnType<typeof openingBalances>>) {
  return {
    date: opening?.date ?? null,
    lines: (opening?.lines ?? []).map((l) => ({
      account: l.accountCode,
      counterparty: l.counterparty,
      debit: centsToDecimal(l.debitCents),
      credit: centsToDecimal(l.creditCents),
    })),
  };
}
