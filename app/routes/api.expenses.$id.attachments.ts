import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { answer, describeApi, errors, idParams, refusal, z } from "~/modules/api/describe";
import { addReceipts, uploadedReceipts } from "~/modules/expenses/attachments.server";
import { expenseAttachmentJsonSchema, expenseJson } from "~/modules/expenses/json.server";
import { apiErrorResponse, methodNotAllowed } from "~/utils/http.server";
import { requireApiExpense } from "~/web/expenses/api.server";
import { readReceiptForm } from "~/web/expenses/form.server";
import { requireApiFeatureCompany } from "~/web/subscriptions/gate.server";

/** GET /api/expenses/{id}/attachments → {attachments}. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const companyId = await requireApiFeatureCompany(request, context, "expenses", "expenses.view");
  const expense = await requireApiExpense(context.db, companyId, params.id);
  return json({ attachments: expenseJson(expense).attachments });
}

/**
 * POST /api/expenses/{id}/attachments, multipart/form-data with one or more files in "files" (or
 * "file"): JPG, PNG or PDF by content, 5 MB each → 201 {attachments} (all of the expense's);
 * 413 for a file over 5 MB, 400 for another type. Nothing is stored unless every file passes.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const companyId = await requireApiFeatureCompany(request, context, "expenses", "expenses.edit");
  const expense = await requireApiExpense(context.db, companyId, params.id);
  try {
    const { upload } = await readReceiptForm(request);
    await addReceipts(context.db, companyId, expense.id, uploadedReceipts(upload));
    const saved = await requireApiExpense(context.db, companyId, expense.id);
    return json({ attachments: expenseJson(saved).attachments }, { status: 201 });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary: "The expense's attachments",
    request: { params: idParams() },
    responses: {
      "200": answer(
        "The attachments",
        z.object({ attachments: z.array(expenseAttachmentJsonSchema).optional() }),
      ),
      "404": refusal("No such expense in your company"),
    },
  },
  post: {
    summary:
      "Attach receipts: JPG, PNG or PDF (judged by content), 5 MB each, up to 10 per upload and 20 per expense",
    request: {
      params: idParams(),
      body: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: z.object({
              files: z.array(z.string().openapi({ format: "binary" })).optional(),
            }),
          },
        },
      },
    },
    responses: {
      "201": answer(
        "All attachments of the expense",
        z.object({ attachments: z.array(expenseAttachmentJsonSchema).optional() }),
      ),
      "400": errors["400"],
      "404": refusal("No such expense in your company"),
      "413": refusal("A file over 5 MB: «Файлът е твърде голям: … Максималният размер е 5MB»"),
    },
  },
}));
