import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { answer, describeApi, errors, jsonContent, refusal, z } from "~/modules/api/describe";
import { actorOf } from "~/modules/auth/acts.server";
import { createManualEntry } from "~/modules/ledger/accounts.server";
import {
  entryJson,
  ledgerEntryJsonSchema,
  periodQueryJsonSchema,
} from "~/modules/ledger/json.server";
import { journal } from "~/modules/ledger/reports.server";
import {
  accountFilter,
  LEDGER_MESSAGES,
  manualEntrySchema,
  periodOf,
} from "~/modules/ledger/schema";
import { todayInSofia } from "~/utils/dates";
import { apiErrorResponse, jsonError, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { requireApiFeatureCompany, requireApiFeatureUser } from "~/web/subscriptions/gate.server";

/**
 * GET /api/ledger/entries?from=&to=&account= → {entries, truncated}: the journal of the period
 * (oldest first, at most 500; `account` keeps the entries that touch it). Standard plan.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const companyId = await requireApiFeatureCompany(request, context, "ledger", "ledger.view");
  const search = new URL(request.url).searchParams;
  const period = periodOf(search, todayInSofia());
  if (!period) return jsonError(LEDGER_MESSAGES.period, 400);
  const account = accountFilter(search);
  if (account === false) return jsonError(LEDGER_MESSAGES.account, 400);
  const { entries, truncated } = await journal(context.db, companyId, { ...period, account });
  return json({ entries: entries.map(entryJson), truncated });
}

/** POST /api/ledger/entries → 201 with the manual entry; 400 when unbalanced or an account is unknown. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const user = await requireApiFeatureUser(request, context, "ledger", "ledger.edit");
  const { data } = await parseJsonBody(request, manualEntrySchema);
  try {
    const id = await createManualEntry(context.db, user.companyId, data, actorOf(user, context));
    const { entries } = await journal(context.db, user.companyId, {
      from: data.entryDate,
      to: data.entryDate,
    });
    const entry = entries.find((e) => e.id === id);
    return json(entry && entryJson(entry), { status: 201 });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

export const openapi = describeApi(() => ({
  get: {
    summary: "The journal (хронологичен регистър) of a period, oldest first, at most 500 entries",
    request: {
      query: periodQueryJsonSchema().extend({
        account: z.string().optional().describe("Only entries touching this account"),
      }),
    },
    responses: {
      "200": answer(
        "The entries",
        z.object({ entries: z.array(ledgerEntryJsonSchema), truncated: z.boolean() }),
      ),
      "400": errors["400"],
      "401": errors["401"],
      "403": refusal("The role may not, or the plan is below «Стандартен»"),
    },
  },
  post: {
    summary: "A manual journal entry: dated, with its document, balanced (owner or accountant)",
    request: { body: jsonContent(manualEntrySchema) },
    responses: {
      "201": answer("The entry, posted", ledgerEntryJsonSchema),
      "400": errors["400"],
      "401": errors["401"],
      "403": refusal("The role may not, or the plan is below «Стандартен»"),
    },
  },
}));
