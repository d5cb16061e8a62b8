import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import { DocumentEditor } from "~/components/invoices/document-editor";
import * as page from "~/components/layout/page.css";
import { DOCUMENT_TYPES } from "~/modules/invoices/constants";
import { documentsOf, requireDocument } from "~/modules/invoices/documents.server";
import { EDITOR_FORM, editorAnswerOf } from "~/modules/invoices/editor";
import { loadEditor, submitEditor, valuesFromDocument } from "~/modules/invoices/editor.server";
import { groundsOn, vatDateOf } from "~/modules/reference/vat-rows";
import { useFormAnswer } from "~/utils/forms";
import { ownValue } from "~/utils/own-keys";
import { requireCompanyUser } from "~/web/auth/guards.server";
import { answerEditor } from "~/web/invoices/editor-answer.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "documents.edit");
  const doc = await requireDocument(context.db, user.companyId, params.id, documentsOf(user));
  // Issued documents are never edited: their page offers cancel and notes instead.
  if (doc.status !== "draft") throw redirect(`/invoice/${doc.id}`);
  const url = new URL(request.url);
  // The grounds offered are those in force on the draft's date.
  const editor = await loadEditor(
    context.db,
    user.companyId,
    url,
    (grounds) => valuesFromDocument(doc, groundsOn(grounds, vatDateOf(doc))),
    documentsOf(user),
  );
  return json({ id: doc.id, ...editor });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireCompanyUser(request, context, "documents.edit");
  const doc = await requireDocument(context.db, user.companyId, params.id, documentsOf(user));
  if (doc.status !== "draft") throw redirect(`/invoice/${doc.id}`);
  return answerEditor(await submitEditor(context, user, await request.formData(), doc));
}

export default function EditDocument() {
  const loaded = useLoaderData<typeof loader>();
  // The editor's own answer; one about any form (its company) shows only its message.
  const answer = useFormAnswer(EDITOR_FORM);
  const data = editorAnswerOf(answer);
  const current = data?.repopulateFields ?? loaded.values;
  return (
    <div className={page.page}>
      <p>
        <Link to={`/invoice/${loaded.id}`}>« Към документа</Link>
      </p>
      <h1>Чернова: {ownValue(DOCUMENT_TYPES, current.type) ?? "Документ"}</h1>
      <DocumentEditor
        action={`/invoice/edit/${loaded.id}`}
        values={current}
        errors={data?.fieldErrors ?? {}}
        formError={answer?.formError}
        revision={data?.revision ?? loaded.revision ?? loaded.id}
        focus={data?.focus ?? loaded.focus}
        search={data?.search ?? loaded.search}
        invoices={loaded.invoices}
        vatRegistered={loaded.vatRegistered}
        vatRates={loaded.vatRates}
        vatGrounds={loaded.vatGrounds}
        hasCatalogue={loaded.hasCatalogue}
        rateNote={data ? data.rateNote : loaded.rateNote}
        advances={loaded.advances}
      />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Редактиране на чернова | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
