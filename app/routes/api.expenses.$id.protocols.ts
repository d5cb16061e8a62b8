import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import {
  answer,
  describeApi,
  errors,
  idParams,
  jsonContent,
  refusal,
} from "~/modules/api/describe";
import { recordAct } from "~/modules/auth/acts.server";
import {
  proposalJson,
  protocolJson,
  protocolJsonSchema,
  protocolsJsonSchema,
} from "~/modules/expenses/protocol-json.server";
import {
  isProtocolNote,
  issueNoteProtocol,
  noteProtocolProposal,
} from "~/modules/expenses/protocol-notes.server";
import { issueProtocolSchema } from "~/modules/expenses/protocol-schema";
import {
  expenseProtocols,
  issueProtocol,
  protocolProposal,
} from "~/modules/expenses/protocols.server";
import { AppError } from "~/utils/errors";
import { apiErrorResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { requireApiExpense } from "~/web/expenses/api.server";
import { requireApiFeatureUser } from "~/web/subscriptions/gate.server";

/**
 * GET /api/expenses/{id}/protocols → {protocols, proposal}: the expense's protocols under чл. 117
 * and the one it needs and has not got (decision 073).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireApiFeatureUser(request, context, "expenses", "expenses.view");
  const expense = await requireApiExpense(context.db, user.companyId, params.id);
  try {
    const protocols = await expenseProtocols(context.db, user.companyId, expense.id);
    let proposal = null;
    let problem: string | null = null;
    try {
      proposal = isProtocolNote(expense.documentType)
        ? await noteProtocolProposal(context.db, user.companyId, expense.id)
        : await protocolProposal(context.db, user.companyId, expense.id);
    } catch (error) {
      // A credit note whose invoice has no protocol: no proposal, and what to do.
      if (!(error instanceof AppError) || error.status !== 409) throw error;
      problem = error.message;
    }
    return json({
      protocols: protocols.map((p) => protocolJson(expense.id, p)),
      proposal: proposal && proposalJson(proposal),
      problem,
    });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

/** POST issues the proposed protocol (date, rate, goods or services optional) → 201 the protocol. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const user = await requireApiFeatureUser(request, context, "expenses", "expenses.edit");
  const expense = await requireApiExpense(context.db, user.companyId, params.id);
  try {
    const { data } = await parseJsonBody(request, issueProtocolSchema);
    const made = isProtocolNote(expense.documentType)
      ? await issueNoteProtocol(
          context.db,
          user.companyId,
          expense.id,
          {
            protocolDate: data.protocolDate ?? undefined,
            originalExpenseId: data.originalExpenseId,
          },
          user.id,
        )
      : await issueProtocol(
          context.db,
          user.companyId,
          expense.id,
          {
            protocolDate: data.protocolDate ?? undefined,
            vatRate: data.vatRate,
            goods: data.acquisition === "goods",
          },
          user.id,
        );
    await recordAct(context, user, "protocol.issue", {
      type: "expense",
      id: expense.id,
      label: `Протокол № ${made.number}`,
    });
    const all = await expenseProtocols(context.db, user.companyId, expense.id);
    const issued = all.find((p) => p.id === made.id);
    return json(issued && protocolJson(expense.id, issued), { status: 201 });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary: "The expense's protocols under чл. 117 ЗДДС and the one it needs (decision 073)",
    request: { params: idParams() },
    responses: {
      "200": answer("Its protocols and the proposal", protocolsJsonSchema),
      "404": refusal("No such expense in your company"),
    },
  },
  post: {
    summary:
      "Issue the proposed protocol under чл. 117: the next number of the company's series, dated within 15 days of the chargeable day; for a credit or debit note, the correcting protocol of its invoice's protocol (чл. 117, ал. 4)",
    request: { params: idParams(), body: jsonContent(issueProtocolSchema) },
    responses: {
      "201": answer("The protocol", protocolJsonSchema),
      "400": errors["400"],
      "404": refusal("No such expense in your company"),
      "409": refusal(
        "The expense has a protocol already, the month is locked, or a note's invoice has no protocol to correct",
      ),
    },
  },
}));
