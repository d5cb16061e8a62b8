import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ExportProgress, ExportReady, StartExportForm } from "~/components/export/export-status";
import { keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import * as styles from "~/components/layout/page.css";
import { EXPORT_KEEP_DAYS, EXPORT_STATES } from "~/modules/export/constants";
import { recentExports, startExport } from "~/modules/export/service.server";
import { formatDate } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { useFormAnswer } from "~/utils/forms";
import { refuseUnknownIntent, refuseWithAppError, typedValues } from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requireCompanyUser } from "~/web/auth/guards.server";

/*
 * /settings/export (issue #28 item 3, decision 027): the company's whole export as one ZIP — ask
 * for it, watch it being made (the page refreshes itself, without JavaScript too), download it.
 * Every plan has it.
 */

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "exports");
  const exports = await recentExports(context.db, user.companyId);
  return json({ exports });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireCompanyUser(request, context, "exports");
  const values = typedValues(await request.formData());
  if (values.intent !== "start-export") return refuseUnknownIntent();
  try {
    await startExport(context, { id: user.id, companyId: user.companyId });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refuseWithAppError("export", error, {});
  }
  return redirectWithToast("/settings/export", {
    title: "Експортът се подготвя",
    description: "Ще получите имейл с връзка, когато архивът е готов.",
  });
}

export default function CompanyExport() {
  const { exports } = useLoaderData<typeof loader>();
  const answer = useFormAnswer("export");
  const [latest, ...older] = exports;
  const making = latest?.state === "queued" || latest?.state === "running";
  return (
    <div className={styles.page}>
      <p>
        <Link to="/settings">« Настройки</Link>
      </p>
      <h1>Експорт на данните</h1>
      <section className={styles.card} aria-labelledby="export-what">
        <h2 id="export-what">Какво съдържа</h2>
        <p>
          Един ZIP архив с всички данни на фирмата: всеки издаден документ като PDF (същият, който е
          получил клиентът) и като електронна фактура (UBL), файловете за НАП по ЗДДС за всеки
          месец, клиентите, артикулите, разходите, заплатите и плащанията като таблици CSV за Excel,
          прикачените разходни документи с имената им и файл README.txt, който описва всеки файл.
          Архивът се пази {EXPORT_KEEP_DAYS} дни след като е готов.
        </p>
      </section>
      <section className={styles.card} aria-labelledby="export-now">
        <h2 id="export-now">Вашият експорт</h2>
        {latest && making ? <ExportProgress item={latest} refreshTo="/settings/export" /> : null}
        {latest?.state === "ready" ? <ExportReady item={latest} /> : null}
        {latest?.state === "failed" ? (
          <p role="alert">{latest.error ?? EXPORT_STATES.failed}</p>
        ) : null}
        {making ? null : (
          <StartExportForm
            action="/settings/export"
            label={latest ? "Подготви нов експорт" : undefined}
            error={answer?.formError}
          />
        )}
      </section>
      {older.length ? (
        <section className={styles.card} aria-labelledby="export-older">
          <h2 id="export-older">По-ранни</h2>
          <ul>
            {older.map((item) => (
              <li key={item.id}>
                {formatDate(item.createdAt)}: {EXPORT_STATES[item.state]}
                {item.state === "ready" ? (
                  <>
                    {" — "}
                    <a href={`/api/export/${item.id}/download`} download>
                      изтегли
                    </a>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Експорт на данните | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
