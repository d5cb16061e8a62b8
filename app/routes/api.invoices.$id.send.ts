import { type ActionFunctionArgs, json } from "@remix-run/node";
import { answer, describeApi, errors, idParams, jsonContent, z } from "~/modules/api/describe";
import { recordDocumentAct } from "~/modules/invoices/acts.server";
import { documentsOf, getDocument } from "~/modules/invoices/documents.server";
import { listDocumentEmails, queueDocumentEmail } from "~/modules/invoices/emails.server";
import {
  documentEmailJsonSchema,
  documentJson,
  documentJsonSchema,
} from "~/modules/invoices/json.server";
import { sendSchema } from "~/modules/invoices/schema";
import { mayShareWithClient } from "~/modules/portal/links.server";
import {
  API_MESSAGES,
  apiErrorResponse,
  formatFieldErrors,
  methodNotAllowed,
  readJson,
} from "~/utils/http.server";
import { requireApiCompanyUser } from "~/web/auth/guards.server";
import { requireApiDocument } from "~/web/invoices/api.server";

/**
 * POST /api/invoices/{id}/send {to?, message?, copyToMe?} → 202: the e-mail is recorded and handed to the queue, which
 * sends it with the PDF and tries again when the mail server fails. The answer has the document and
 * the e-mail with its state (queued, sent, failed); GET /api/invoices/{id} shows it later.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiCompanyUser(request, context, "documents.edit");
  const { companyId } = user;
  const doc = await requireApiDocument(context.db, companyId, params.id, documentsOf(user));
  const body = (await readJson(request)) ?? {};
  const parsed = sendSchema.safeParse({
    to: typeof body.to === "string" ? body.to : null,
    message: body.message ?? null,
    copy: body.copyToMe === true,
  });
  if (!parsed.success) {
    const errors = formatFieldErrors(parsed.error.format());
    return json({ message: API_MESSAGES.invalid, errors }, { status: 400 });
  }
  const { to, message, copy } = parsed.data;
  try {
    const emailId = await queueDocumentEmail(context, companyId, doc, to, "document", {
      overLimit: "refuse",
      message,
      copyTo: copy ? user.email : null,
      // «Плати с карта» opens the client's portal, all of their documents (decision 069).
      portalLink: mayShareWithClient(user),
    });
    await recordDocumentAct(context, user, "document.email", doc, {
      recipients: to || "имейлите на клиента",
    });
    const [now, emails] = await Promise.all([
      getDocument(context.db, companyId, doc.id),
      listDocumentEmails(context.db, companyId, doc.id),
    ]);
    return json(
      { ...(now && documentJson(now)), email: emails.find((e) => e.id === emailId) ?? null },
      { status: 202 },
    );
  } catch (error) {
    return apiErrorResponse(error);
  }
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  post: {
    summary: "E-mail an issued document with its PDF",
    request: {
      params: idParams(),
      body: jsonContent(
        z.object({
          to: z.string().max(5000).describe("Addresses; the client's by default").optional(),
          message: z
            .string()
            .max(1000)
            .describe("The sender's own short message, at the top of the e-mail")
            .optional(),
          copyToMe: z
            .boolean()
            .describe("A hidden copy (Bcc) to the signed-in user's address")
            .optional(),
        }),
        false,
      ),
    },
    responses: {
      "202": answer(
        "The e-mail is recorded and handed to the queue, which sends it with the PDF and tries again when the mail server fails: the document and the e-mail with its state; sentAt and sentTo are set once it is sent",
        documentJsonSchema.extend({
          email: documentEmailJsonSchema.nullable(),
        }),
      ),
      "400": errors["400"],
      "404": errors["404"],
      "409": { description: "Not issued" },
      "429": {
        description: "The company's hourly limit of e-mails is reached; nothing was recorded",
      },
      "503": { description: "The mail server refused; nothing was recorded" },
    },
  },
}));
