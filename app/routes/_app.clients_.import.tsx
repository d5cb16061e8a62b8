import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import {
  type ImportPreview,
  ImportPreviewSection,
  type ImportReport,
  ImportReportSection,
  ImportUploadForm,
} from "~/components/clients/client-import";
import { keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import * as page from "~/components/layout/page.css";
import { recordAct } from "~/modules/auth/acts.server";
import {
  CLIENT_IMPORT_FORM_ID,
  CLIENT_IMPORT_LIMITS,
  CLIENT_IMPORT_MESSAGES,
} from "~/modules/clients/import";
import { importClients, previewClientImport } from "~/modules/clients/import.server";
import { AppError } from "~/utils/errors";
import { cleanFileName, readFormWithFiles } from "~/utils/files.server";
import type { FormAnswer } from "~/utils/forms";
import { refuseForm, refuseUnknownIntent, refuseWithAppError } from "~/utils/forms.server";
import { requireCompanyUser } from "~/web/auth/guards.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCompanyUser(request, context, "clients.edit");
  return null;
}

const refuse = (formError: string, status = 400) =>
  refuseForm({ formId: CLIENT_IMPORT_FORM_ID, fieldErrors: {}, formError }, status);

/**
 * «Прегледай» (multipart: the file is read, checked and kept, nothing added) and «Импортирай»
 * (the kept file's SHA-256: its clients added in one transaction, the report of what was not).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireCompanyUser(request, context, "clients.edit");
  const { form, upload } = await readFormWithFiles(request, {
    fields: ["file"],
    maxBytes: CLIENT_IMPORT_LIMITS.maxBytes,
    maxFiles: 1,
  });
  try {
    switch (form.get("intent")) {
      case "preview": {
        if (upload.tooLarge.length > 0) return refuse(CLIENT_IMPORT_MESSAGES.tooLarge, 413);
        const file = upload.files[0];
        if (!file) return refuse(CLIENT_IMPORT_MESSAGES.noFile);
        const preview = await previewClientImport(context.db, user.companyId, file.bytes);
        return json({
          formId: CLIENT_IMPORT_FORM_ID,
          preview: { ...preview, fileName: file.fileName } satisfies ImportPreview,
        });
      }
      case "import": {
        const fileName = cleanFileName(String(form.get("fileName") ?? "клиенти"));
        const result = await importClients(
          context.db,
          user.companyId,
          String(form.get("file") ?? ""),
        );
        await recordAct(context, user, "clients.import", undefined, {
          file: fileName,
          imported: result.added,
          skipped: result.refused.length,
        });
        return json({
          formId: CLIENT_IMPORT_FORM_ID,
          report: { ...result, fileName } satisfies ImportReport,
        });
      }
      default:
        return refuseUnknownIntent(CLIENT_IMPORT_FORM_ID);
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refuseWithAppError(CLIENT_IMPORT_FORM_ID, error, {});
  }
}

export default function ImportClients() {
  const answer = useActionData<typeof action>() as
    | (Partial<FormAnswer> & { preview?: ImportPreview; report?: ImportReport })
    | undefined;
  return (
    <div className={page.page}>
      <p>
        <Link to="/clients">« Клиенти</Link>
      </p>
      <h1>Импорт на клиенти от файл</h1>
      {answer?.report ? (
        <ImportReportSection report={answer.report} />
      ) : answer?.preview ? (
        <ImportPreviewSection preview={answer.preview} />
      ) : (
        <ImportUploadForm formError={answer?.formError} />
      )}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Импорт на клиенти | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
