import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import { DocumentEditor } from "~/components/invoices/document-editor";
import * as page from "~/components/layout/page.css";
import { DOCUMENT_TYPES } from "~/modules/invoices/constants";
import { documentsOf } from "~/modules/invoices/documents.server";
import { EDITOR_FORM, editorAnswerOf } from "~/modules/invoices/editor";
import { loadEditor, newDocumentValues, submitEditor } from "~/modules/invoices/editor.server";
import { useFormAnswer } from "~/utils/forms";
import { ownValue } from "~/utils/own-keys";
import { requireCompanyUser } from "~/web/auth/guards.server";
import { answerEditor } from "~/web/invoices/editor-answer.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "documents.edit");
  const url = new URL(request.url);
  return json(
    await loadEditor(
      context.db,
      user.companyId,
      url,
      () => newDocumentValues(context.db, user, url.searchParams),
      documentsOf(user),
    ),
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireCompanyUser(request, context, "documents.edit");
  return answerEditor(await submitEditor(context, user, await request.formData()));
}

export default function NewDocument() {
  const loaded = useLoaderData<typeof loader>();
  // The editor's own answer; one about any form (its company) shows only its message.
  const answer = useFormAnswer(EDITOR_FORM);
  const data = editorAnswerOf(answer);
  const current = data?.repopulateFields ?? loaded.values;
  return (
    <div className={page.page}>
      <p>
        <Link to="/invoices">« Документи</Link>
      </p>
      <h1>Нов документ: {ownValue(DOCUMENT_TYPES, current.type) ?? "Фактура"}</h1>
      {loaded.hasClients ? null : (
        <p role="note">
          За да издадете документ, първо <Link to="/client/new">добавете клиент</Link>.
        </p>
      )}
      <DocumentEditor
        action="/invoice/new"
        values={current}
        errors={data?.fieldErrors ?? {}}
        formError={answer?.formError}
        revision={data?.revision ?? loaded.revision ?? "initial"}
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

export const meta: MetaFunction = () => [{ title: "Нов документ | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
