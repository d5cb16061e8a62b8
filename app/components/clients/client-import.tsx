import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { CompanyField } from "~/components/forms/company-field";
import { FormField } from "~/components/forms/form-field";
import * as page from "~/components/layout/page.css";
import { Button, ButtonLink } from "~/components/ui/button";
import * as styles from "~/components/ui/list.css";
import { ScrollTable } from "~/components/ui/scroll-table";
import { CLIENT_IMPORT_COLUMNS, CLIENT_IMPORT_LIMITS } from "~/modules/clients/import";

/*
 * The forms of /clients/import: the upload (multipart, without JavaScript too), the preview
 * drawn by the server with «Импортирай» (which posts the kept file's SHA-256 back), the report.
 */

export interface ImportPreview {
  file: string;
  fileName: string;
  clients: {
    line: number;
    name: string;
    kind: string;
    eik: string | null;
    vatNumber: string | null;
    city: string;
    duplicate: string | null;
  }[];
  refused: RefusedRow[];
  ignoredColumns: string[];
}

interface RefusedRow {
  line: number;
  name: string;
  reasons: string[];
}

export interface ImportReport {
  fileName: string;
  added: number;
  refused: RefusedRow[];
}

const useBusy = () => useNavigation().state !== "idle";

/** Moves focus to a result's heading when it appears (the answer of a posted form). */
function useFocusHeading() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return heading;
}

export function ImportUploadForm({ formError }: { formError?: string }) {
  const busy = useBusy();
  return (
    <section className={page.card} aria-labelledby="client-import-upload">
      <h2 id="client-import-upload" className={page.cardTitle}>
        1. Изберете файла
      </h2>
      <p>
        CSV (UTF-8 или Windows-1251, разделител «;», «,» или табулация) или Excel (.xlsx), до{" "}
        {CLIENT_IMPORT_LIMITS.maxBytes / 1024 / 1024} MB и {CLIENT_IMPORT_LIMITS.maxRows} реда.
        Първият ред е заглавният. Подходящ е експортът на клиентите от Сметка (в ZIP архива от
        Настройки → Експорт на данните) или таблица от друга програма със същите колони. Ако
        продължавате и номерацията на фактурите от друга програма, задайте следващия номер в{" "}
        <Link to="/settings#numbering">Настройки → Номерация на документите</Link>.
      </p>
      <details>
        <summary>Колоните, които се четат</summary>
        <ul>
          {CLIENT_IMPORT_COLUMNS.map((column) => (
            <li key={column.field}>
              <strong>{column.names[0]}</strong>
              {column.names.length > 1 ? ` (или ${column.names.slice(1).join(", ")})` : ""}
            </li>
          ))}
        </ul>
        <p>
          Задължителни са «Име», «Град» и «Адрес», а за фирма — и «ЕИК». Без колона «Вид» клиент с
          ЕИК се внася като фирма, а без ЕИК — като физическо лице.
        </p>
      </details>
      <Form method="post" encType="multipart/form-data">
        <CompanyField />
        <input type="hidden" name="intent" value="preview" />
        <FormField
          name="file"
          label="Файл с клиенти"
          type="file"
          required
          error={formError}
          controlProps={{ accept: ".csv,.txt,.xlsx,text/csv" }}
        />
        <Button type="submit" disabled={busy}>
          Прегледай
        </Button>
      </Form>
    </section>
  );
}

function RefusedTable({ rows, caption }: { rows: RefusedRow[]; caption: string }) {
  return (
    <ScrollTable label={caption}>
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className={styles.cell}>
              Ред
            </th>
            <th scope="col" className={styles.cell}>
              Име
            </th>
            <th scope="col" className={styles.cell}>
              Причина
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.line}>
              <td className={styles.cell}>{row.line}</td>
              <th scope="row" className={styles.cell}>
                {row.name || "—"}
              </th>
              <td className={styles.cell}>
                {row.reasons.map((reason) => (
                  <div key={reason}>{reason}</div>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

export function ImportPreviewSection({ preview }: { preview: ImportPreview }) {
  const busy = useBusy();
  const heading = useFocusHeading();
  const toAdd = preview.clients.filter((c) => !c.duplicate).length;
  const duplicates = preview.clients.length - toAdd;
  return (
    <section className={page.card} aria-labelledby="client-import-preview">
      <h2 id="client-import-preview" className={page.cardTitle} ref={heading} tabIndex={-1}>
        2. Преглед на «{preview.fileName}»
      </h2>
      <p role="status">
        Ще бъдат добавени: {toAdd}. Дубликати (няма да бъдат добавени): {duplicates}. Редове с
        грешки: {preview.refused.length}.
      </p>
      {preview.ignoredColumns.length > 0 ? (
        <p>Колони, които не се четат: {preview.ignoredColumns.join(", ")}.</p>
      ) : null}
      {preview.clients.length > 0 ? (
        <ScrollTable label="Клиенти от файла">
          <table className={styles.table}>
            <caption>Клиенти от файла</caption>
            <thead>
              <tr>
                <th scope="col" className={styles.cell}>
                  Ред
                </th>
                <th scope="col" className={styles.cell}>
                  Име
                </th>
                <th scope="col" className={styles.cell}>
                  Вид
                </th>
                <th scope="col" className={styles.cell}>
                  ЕИК/Булстат
                </th>
                <th scope="col" className={styles.cell}>
                  ДДС номер
                </th>
                <th scope="col" className={styles.cell}>
                  Град
                </th>
                <th scope="col" className={styles.cell}>
                  Състояние
                </th>
              </tr>
            </thead>
            <tbody>
              {preview.clients.map((client) => (
                <tr key={client.line}>
                  <td className={styles.cell}>{client.line}</td>
                  <th scope="row" className={styles.cell}>
                    {client.name}
                  </th>
                  <td className={styles.cell}>{client.kind}</td>
                  <td className={styles.cell}>{client.eik ?? "—"}</td>
                  <td className={styles.cell}>{client.vatNumber ?? "—"}</td>
                  <td className={styles.cell}>{client.city}</td>
                  <td className={styles.cell}>
                    {client.duplicate ? (
                      <strong>Дубликат: {client.duplicate}</strong>
                    ) : (
                      "Ще бъде добавен"
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      ) : null}
      {preview.refused.length > 0 ? (
        <RefusedTable rows={preview.refused} caption="Редове с грешки (няма да бъдат добавени)" />
      ) : null}
      {toAdd > 0 ? (
        <Form method="post" className={styles.toolbar}>
          <CompanyField />
          <input type="hidden" name="intent" value="import" />
          <input type="hidden" name="file" value={preview.file} />
          <input type="hidden" name="fileName" value={preview.fileName} />
          <Button type="submit" disabled={busy}>
            Импортирай
          </Button>
          <ButtonLink to="/clients/import" tone="secondary">
            Отказ
          </ButtonLink>
        </Form>
      ) : (
        <p>
          Няма клиенти за добавяне. Поправете файла и го качете отново.{" "}
          <Link to="/clients/import">Започни отначало</Link>
        </p>
      )}
    </section>
  );
}

export function ImportReportSection({ report }: { report: ImportReport }) {
  const heading = useFocusHeading();
  return (
    <section className={page.card} aria-labelledby="client-import-report">
      <h2 id="client-import-report" className={page.cardTitle} ref={heading} tabIndex={-1}>
        Импортът приключи
      </h2>
      <p role="status">
        Добавени клиенти от «{report.fileName}»: {report.added}. Неприети редове:{" "}
        {report.refused.length}.
      </p>
      {report.refused.length > 0 ? (
        <RefusedTable rows={report.refused} caption="Неприети редове и причината" />
      ) : null}
      <p>
        <Link to="/clients">Към клиентите</Link> · <Link to="/clients/import">Друг файл</Link>
      </p>
    </section>
  );
}
