import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { DocumentEditor } from "~/components/invoices/document-editor";
import * as page from "~/components/layout/page.css";
import { requireCompanyUser } from "~/modules/auth/guards.server";
import { requireDocument } from "~/modules/invoices/documents.server";
import {
  type EditorActionData,
  editorOptions,
  submitEditor,
  valuesFromDocument,
} from "~/modules/invoices/editor.server";
import { DOCUMENT_TYPES } from "~/modules/invoices/schema";
import { answerEditor } from "~/routes/_app.invoice.new";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context);
  const doc = await requireDocument(context.db, user.companyId, params.id);
  // Issued documents are never edited: their page offers cancel and notes instead.
  if (doc.status !== "draft") throw redirect(`/invoice/${doc.id}`);
  const options = await editorOptions(context.db, user.companyId, doc.clientId);
  return json({ id: doc.id, values: valuesFromDocument(doc), ...options });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireCompanyUser(request, context);
  const doc = await requireDocument(context.db, user.companyId, params.id);
  if (doc.status !== "draft") throw redirect(`/invoice/${doc.id}`);
  return answerEditor(await submitEditor(context.db, user, await request.formData(), doc));
}

export default function EditDocument() {
  const { id, values, clients, invoices, vatRegistered } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as EditorActionData | undefined;
  const current = data?.values ?? values;
  return (
    <div className={page.page}>
      <p>
        <Link to={`/invoice/${id}`}>« Към документа</Link>
      </p>
      <h1>Чернова: {DOCUMENT_TYPES[current.type as keyof typeof DOCUMENT_TYPES] ?? "Документ"}</h1>
      <DocumentEditor
        values={current}
        errors={data?.errors ?? {}}
        formError={data?.formError}
        revision={data?.revision ?? id}
        focus={data?.focus}
        clients={clients}
        invoices={invoices}
        vatRegistered={vatRegistered}
      />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Редактиране на чернова | Сметка" }];
