import { centsToDecimal } from "~/utils/money";
import { z } from "~/utils/zod-openapi.server";
import type { ClientStatement } from "./statement.server";

/* The statement's JSON answer (GET /api/clients/{id}/statement) and its schema (decision 056). */

const decimal = z.string().regex(/^-?\d+\.\d{2}$/);
const date = z.string().date();

export const statementJsonSchema = () =>
  z
    .object({
      client: z.object({ id: z.string().uuid(), name: z.string(), eik: z.string().nullable() }),
      from: date,
      to: date,
      currencies: z.array(
        z.object({
          currency: z.string().length(3),
          opening: decimal.describe("What the client owed before `from`"),
          lines: z.array(
            z.object({
              date,
              kind: z.enum(["invoice", "debit_note", "credit_note", "payment"]),
              documentId: z.string().uuid().describe("The document (a payment: the one it pays)"),
              number: z.string(),
              debit: decimal,
              credit: decimal.describe("What the line settles (at most what was open)"),
              balance: decimal.describe("The running balance after the line"),
              excess: decimal.describe(
                "A credit note's part beyond what was open: owed to the client",
              ),
            }),
          ),
          debit: decimal,
          credit: decimal,
          closing: decimal.describe(
            "What the client owes at `to`: at today, the invoice list's outstanding for the client",
          ),
          owedToClient: decimal.describe("Over-credits up to `to`, outside the receivable"),
          open: z.array(
            z.object({
              documentId: z.string().uuid(),
              number: z.string(),
              date,
              total: decimal,
              outstanding: decimal,
            }),
          ),
        }),
      ),
    })
    .openapi("ClientStatement");

/** The statement as JSON: amounts as decimal strings. */
export function statementJson(s: ClientStatement): z.infer<ReturnType<typeof statementJsonSchema>> {
  const d = centsToDecimal;
  return {
    client: { id: s.client.id, name: s.client.name, eik: s.client.eik },
    from: s.from,
    to: s.to,
    currencies: s.currencies.map((c) => ({
      currency: c.currency,
      opening: d(c.openingCents),
      lines: c.lines.map((l) => ({
        date: l.date,
        kind: l.kind,
        documentId: l.documentId,
        number: l.number,
        debit: d(l.debitCents),
        credit: d(l.creditCents),
        balance: d(l.balanceCents),
        excess: d(l.excessCents),
      })),
      debit: d(c.debitCents),
      credit: d(c.creditCents),
      closing: d(c.closingCents),
      owedToClient: d(c.owedToClientCents),
      open: c.open.map((o) => ({
        documentId: o.documentId,
        number: o.number,
        date: o.date,
        total: d(o.totalCents),
        outstanding: d(o.openCents),
      })),
    })),
  };
}
