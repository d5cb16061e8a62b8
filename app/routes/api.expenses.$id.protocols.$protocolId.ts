import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { answer, describeApi, errors, jsonContent, refusal, z } from "~/modules/api/describe";
import { recordAct } from "~/modules/auth/acts.server";
import { protocolJson, protocolJsonSchema } from "~/modules/expenses/protocol-json.server";
import { PROTOCOL_MESSAGES } from "~/modules/expenses/protocol-rules";
import { correctProtocolSchema } from "~/modules/expenses/protocol-schema";
import {
  cancelProtocol,
  correctProtocol,
  expenseProtocols,
} from "~/modules/expenses/protocols.server";
import { apiErrorResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { requireApiExpense } from "~/web/expenses/api.server";
import { requireApiFeatureUser } from "~/web/subscriptions/gate.server";

const notFound = () => json({ message: PROTOCOL_MESSAGES.notFound }, { status: 404 });

/** GET /api/expenses/{id}/protocols/{protocolId} → the protocol. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireApiFeatureUser(request, context, "expenses", "expenses.view");
  const expense = await requireApiExpense(context.db, user.companyId, params.id);
  const found = (await expenseProtocols(context.db, user.companyId, expense.id)).find(
    (p) => p.id === params.protocolId,
  );
  return found ? json(protocolJson(expense.id, found)) : notFound();
}

/**
 * DELETE cancels the protocol (its month open) → 200 the protocol, cancelled; POST {base, reason,
 * date?} issues a correcting protocol for one of a locked month → 201 the correcting protocol.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST" && request.method !== "DELETE") {
    return methodNotAllowed("GET, POST, DELETE");
  }
  const user = await requireApiFeatureUser(request, context, "expenses", "expenses.edit");
  const expense = await requireApiExpense(context.db, user.companyId, params.id);
  const id = params.protocolId ?? "";
  try {
    let madeId = id;
    if (request.method === "DELETE") {
      const done = await cancelProtocol(context.db, user.companyId, expense.id, id, user.id);
      await recordAct(context, user, "protocol.cancel", {
        type: "expense",
        id: expense.id,
        label: `Протокол № ${done.number}`,
      });
    } else {
      const { data } = await parseJsonBody(request, correctProtocolSchema);
      const made = await correctProtocol(
        context.db,
        user.companyId,
        expense.id,
        id,
        { baseCents: data.base, reason: data.reason, protocolDate: data.protocolDate ?? undefined },
        user.id,
      );
      madeId = made.id;
      await recordAct(context, user, "protocol.correct", {
        type: "expense",
        id: expense.id,
        label: `Протокол № ${made.number}`,
      });
    }
    const found = (await expenseProtocols(context.db, user.companyId, expense.id)).find(
      (p) => p.id === madeId,
    );
    if (!found) return notFound();
    return json(protocolJson(expense.id, found), {
      status: request.method === "DELETE" ? 200 : 201,
    });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

const params = z.object({ id: z.string().uuid(), protocolId: z.string().uuid() });

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary: "One protocol under чл. 117 of the expense",
    request: { params },
    responses: {
      "200": answer("The protocol", protocolJsonSchema),
      "404": refusal("No such expense or protocol in your company"),
    },
  },
  delete: {
    summary:
      "Cancel a protocol while its month is open (it keeps its number; the sales journal shows it cancelled)",
    request: { params },
    responses: {
      "200": answer("The protocol, cancelled", protocolJsonSchema),
      "404": refusal("No such expense or protocol in your company"),
      "409": refusal("Cancelled already, or its month is locked: issue a correcting protocol"),
    },
  },
  post: {
    summary:
      "A correcting protocol (чл. 117, ал. 4) for a protocol of a locked month: the supply's new base and the reason",
    request: { params, body: jsonContent(correctProtocolSchema) },
    responses: {
      "201": answer("The correcting protocol", protocolJsonSchema),
      "400": errors["400"],
      "404": refusal("No such expense or protocol in your company"),
      "409": refusal(
        "Its month is open (cancel it and issue a new one instead), or it is cancelled",
      ),
    },
  },
}));
