import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { CompanyField, keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import { DocumentSheet } from "~/components/invoices/document-sheet";
import * as styles from "~/components/invoices/invoices.css";
import * as page from "~/components/layout/page.css";
import { Button, ButtonLink } from "~/components/ui/button";
import { getLogoDataUrl } from "~/modules/accounts/account.server";
import { documentsOf, requireDocument } from "~/modules/invoices/documents.server";
import { printModelFor } from "~/modules/invoices/render.server";
import { requireCompanyUser } from "~/web/auth/guards.server";

/**
 * GET /invoice/preview?id= — exactly what will print: the same print model as the PDF. The
 * editor's "Преглед" saves the draft and comes here.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "documents.view");
  const id = new URL(request.url).searchParams.get("id") ?? undefined;
  const doc = await requireDocument(context.db, user.companyId, id, documentsOf(user));
  const [model, logoUrl] = await Promise.all([
    printModelFor(context.db, doc),
    getLogoDataUrl(context.db, user.companyId),
  ]);
  return json({ id: doc.id, status: doc.status, model, logoUrl });
}

export default function Preview() {
  const { id, status, model, logoUrl } = useLoaderData<typeof loader>();
  const busy = useNavigation().state !== "idle";
  return (
    <div className={page.page}>
      <p>
        <Link to={status === "draft" ? `/invoice/edit/${id}` : `/invoice/${id}`}>
          « {status === "draft" ? "Обратно към редактирането" : "Към документа"}
        </Link>
      </p>
      <h1>Преглед преди печат</h1>
      <div className={styles.actions} style={{ marginBottom: "1rem" }}>
        {status === "draft" ? (
          <>
            <ButtonLink to={`/invoice/edit/${id}`} tone="secondary">
              Редактирай
            </ButtonLink>
            <Form method="post" action={`/invoice/${id}`}>
              <CompanyField />
              <Button type="submit" name="intent" value="issue" disabled={busy}>
                Издай
              </Button>
            </Form>
          </>
        ) : null}
        <a href={`/invoice/${id}/pdf?inline=1`} target="_blank" rel="noreferrer">
          Отвори като PDF<span className="visually-hidden"> (в нов раздел)</span>
        </a>
      </div>
      <DocumentSheet model={model} logoUrl={logoUrl} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Преглед на документ | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
