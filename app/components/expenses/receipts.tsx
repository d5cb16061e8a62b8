import { Form, useNavigation, useRevalidator } from "@remix-run/react";
import { useId, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { CompanyField } from "~/components/forms/company-field";
import * as fieldStyles from "~/components/forms/field.css";
import { FormError } from "~/components/forms/field-frame";
import { Button } from "~/components/ui/button";
import type { FormAnswer } from "~/utils/forms";
import * as styles from "./expenses.css";

export interface Receipt {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
}

const kb = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1).replace(".", ",")} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * The receipts of an expense: thumbnails (images) or links (PDF), each downloadable and removable;
 * an upload form that works without JavaScript (multipart, to the page's action) and, with it,
 * takes dropped files and shows the upload's progress (to the JSON API).
 */
export function Receipts({
  expenseId,
  receipts,
  answer,
  locked = false,
}: {
  expenseId: string;
  receipts: Receipt[];
  answer: FormAnswer | undefined;
  /** The expense's month is locked (decision 058): receipts are shown, not added or removed. */
  locked?: boolean;
}) {
  const busy = useNavigation().state !== "idle";
  const url = (r: Receipt, inline: boolean) =>
    `/api/expenses/${expenseId}/attachments/${r.id}${inline ? "?inline=1" : ""}`;
  return (
    <>
      {receipts.length ? (
        <ul className={styles.thumbs} aria-label="Прикачени документи">
          {receipts.map((r) => (
            <li key={r.id} className={styles.thumb}>
              {r.contentType.startsWith("image/") ? (
                <a href={url(r, true)} target="_blank" rel="noreferrer">
                  <img
                    src={url(r, true)}
                    alt={`Документ ${r.fileName}`}
                    className={styles.thumbImage}
                  />
                </a>
              ) : (
                <a href={url(r, true)} target="_blank" rel="noreferrer">
                  {r.contentType === "application/xml" ? "XML" : "PDF"}: {r.fileName}
                </a>
              )}
              <span className={fieldStyles.hint}>
                {r.fileName} · {kb(r.size)}
              </span>
              <a href={url(r, false)} download={r.fileName}>
                Изтегли<span className="visually-hidden"> {r.fileName}</span>
              </a>
              {locked ? null : (
                <Form method="post">
                  <CompanyField />
                  <input type="hidden" name="attachmentId" value={r.id} />
                  <Button
                    type="submit"
                    name="intent"
                    value="remove-receipt"
                    tone="secondary"
                    disabled={busy}
                  >
                    Премахни<span className="visually-hidden"> {r.fileName}</span>
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p>Няма прикачени документи.</p>
      )}
      {locked ? null : <ReceiptUpload expenseId={expenseId} answer={answer} />}
    </>
  );
}

function ReceiptUpload({
  expenseId,
  answer,
}: {
  expenseId: string;
  answer: FormAnswer | undefined;
}) {
  const hydrated = useHydrated();
  const busy = useNavigation().state !== "idle";
  const revalidator = useRevalidator();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [over, setOver] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const error = message ?? answer?.fieldErrors.files ?? answer?.formError;

  /** With JavaScript: the chosen or dropped files go to the API with a progress bar. */
  const send = (files: FileList | File[]) => {
    const list = [...files];
    if (!list.length) return;
    const body = new FormData();
    for (const file of list) body.append("files", file);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/expenses/${expenseId}/attachments`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) setProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      setProgress(null);
      if (input.current) input.current.value = "";
      if (xhr.status >= 200 && xhr.status < 300) {
        setMessage(null);
        revalidator.revalidate();
        return;
      }
      try {
        setMessage((JSON.parse(xhr.responseText) as { message: string }).message);
      } catch {
        setMessage("Файловете не бяха качени. Опитайте отново.");
      }
    };
    xhr.onerror = () => {
      setProgress(null);
      setMessage("Няма връзка със сървъра. Опитайте отново.");
    };
    setMessage(null);
    setProgress(0);
    xhr.send(body);
  };

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      onSubmit={(event) => {
        if (!hydrated || !input.current?.files?.length) return;
        event.preventDefault();
        send(input.current.files);
      }}
    >
      <CompanyField />
      <input type="hidden" name="intent" value="upload" />
      <div
        className={styles.dropzone}
        data-over={over}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          event.preventDefault();
          setOver(false);
          send(event.dataTransfer.files);
        }}
      >
        <label htmlFor="receipt-files" className={fieldStyles.label}>
          Добави документи (JPG, PNG или PDF, до 5 MB всеки)
        </label>
        <p id={hintId} className={fieldStyles.hint}>
          {hydrated
            ? "Пуснете файловете тук или ги изберете."
            : "Изберете файловете и натиснете «Качи»."}
        </p>
        <input
          ref={input}
          id="receipt-files"
          type="file"
          name="files"
          multiple
          accept="image/jpeg,image/png,application/pdf"
          aria-describedby={hintId}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            if (hydrated && event.currentTarget.files?.length) send(event.currentTarget.files);
          }}
        />
      </div>
      {progress !== null ? (
        <p>
          <label htmlFor="receipt-progress">Качване: {progress} %</label>{" "}
          <progress id="receipt-progress" max={100} value={progress} />
        </p>
      ) : null}
      <FormError message={error} />
      <Button type="submit" tone="secondary" disabled={busy || progress !== null}>
        Качи
      </Button>
    </Form>
  );
}
