import {
  ledgerAccountJsonSchema,
  ledgerEntryJsonSchema,
  trialBalanceJsonSchema,
} from "~/modules/ledger/json.server";
import { manualEntrySchema } from "~/modules/ledger/schema";
import { errors } from "./openapi-parts";
import { jsonContent, type OpenAPIRegistry, z } from "./registry";

/*
 * The ledger's calls (issue #45 item 7, decision 057), generated from zod as decision 056 says:
 * the body is the schema the route parses with, the answers the schemas beside the serializers.
 * Self-contained, so it moves as one piece when the routes describe themselves.
 */

const json = (schema: z.ZodTypeAny, description: string) => ({
  description,
  content: { "application/json": { schema } },
});
const locked = { description: "The role may not, or the plan is below «Стандартен»" };
const period = [
  {
    name: "from",
    in: "query",
    schema: { type: "string", format: "date" },
    description: "The period's first day (default: 1 January of this year)",
  },
  {
    name: "to",
    in: "query",
    schema: { type: "string", format: "date" },
    description: "The period's last day (default: today); its year decides the currency",
  },
] as never;

/** Registers GET /api/ledger/accounts, GET and POST /api/ledger/entries, GET …/trial-balance. */
export function registerLedger(registry: OpenAPIRegistry) {
  const account = registry.register("LedgerAccount", ledgerAccountJsonSchema);
  const entry = registry.register("LedgerEntry", ledgerEntryJsonSchema);
  const input = registry.register("LedgerEntryInput", manualEntrySchema);
  const balance = registry.register("TrialBalance", trialBalanceJsonSchema);
  registry.registerPath({
    method: "get",
    path: "/api/ledger/accounts",
    summary: "The company's chart of accounts: side, analytics and SAF-T code of each",
    responses: {
      "200": json(z.object({ accounts: z.array(account) }), "The chart"),
      "401": errors["401"],
      "403": locked,
    },
  });
  registry.registerPath({
    method: "get",
    path: "/api/ledger/entries",
    summary: "The journal (хронологичен регистър) of a period, oldest first, at most 500 entries",
    parameters: [
      ...period,
      {
        name: "account",
        in: "query",
        schema: { type: "string" },
        description: "Only entries touching this account",
      },
    ] as never,
    responses: {
      "200": json(z.object({ entries: z.array(entry), truncated: z.boolean() }), "The entries"),
      "400": errors["400"],
      "401": errors["401"],
      "403": locked,
    },
  });
  registry.registerPath({
    method: "post",
    path: "/api/ledger/entries",
    summary: "A manual journal entry: dated, with its document, balanced (owner or accountant)",
    request: { body: jsonContent(input) },
    responses: {
      "201": json(entry, "The entry, posted"),
      "400": errors["400"],
      "401": errors["401"],
      "403": locked,
    },
  });
  registry.registerPath({
    method: "get",
    path: "/api/ledger/trial-balance",
    summary:
      "The trial balance (оборотна ведомост): opening, turnover and closing per account, and totals, as decimal strings",
    parameters: period,
    responses: {
      "200": json(balance, "The trial balance"),
      "400": errors["400"],
      "401": errors["401"],
      "403": locked,
    },
  });
}
