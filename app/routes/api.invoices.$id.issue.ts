import { type ActionFunctionArgs, json } from "@remix-run/node";
import { answer, describeApi, errors, idParams, z } from "~/modules/api/describe";
import { actorOf } from "~/modules/auth/acts.server";
import { documentsOf, refuseHiddenOriginal } from "~/modules/invoices/documents.server";
import { issueWarnings } from "~/modules/invoices/english-details.server";
import { documentJson, documentJsonSchema } from "~/modules/invoices/json.server";
import { issueWithPdf } from "~/modules/invoices/render.server";
import { apiErrorResponse, methodNotAllowed } from "~/utils/http.server";
import { requireApiCompanyUser } from "~/web/auth/guards.server";
import { requireApiDocument } from "~/web/invoices/api.server";

/**
 * POST /api/invoices/{id}/issue → 200 with the number and totals, and `warnings` (an English
 * document of a company without its English details: issued, printed in Cyrillic there); 409
 * when not a draft.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiCompanyUser(request, context, "documents.edit");
  const { companyId } = user;
  const doc = await requireApiDocument(context.db, companyId, params.id, documentsOf(user));
  let issued: Awaited<ReturnType<typeof issueWithPdf>>;
  try {
    await refuseHiddenOriginal(context.db, companyId, doc, documentsOf(user));
    issued = await issueWithPdf(context, companyId, doc.id, actorOf(user, context));
  } catch (error) {
    return apiErrorResponse(error);
  }
  const warnings = await issueWarnings(context.db, companyId, doc.language);
  // Issuing changes the document's row only: its lines are the draft's, and a draft has no payments.
  return json({
    ...documentJson({ ...issued, lines: doc.lines, payments: doc.payments }),
    warnings,
  });
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  post: {
    summary: "Issue a draft: the next 10-digit number of its series",
    request: { params: idParams() },
    responses: {
      "200": answer(
        "The issued document with number and totals, and `warnings`: Bulgarian sentences about what it prints in Cyrillic (an English or bilingual document of a company without its English name, address or city); issued all the same",
        documentJsonSchema.extend({ warnings: z.array(z.string()).optional() }),
      ),
      "404": errors["404"],
      "409": { description: "Already issued" },
    },
  },
}));
