import { Form, Link, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { CompanyField } from "~/components/forms/company-field";
import { FormError } from "~/components/forms/field-frame";
import { Button } from "~/components/ui/button";
import { EXPORT_KEEP_DAYS, EXPORT_STATES } from "~/modules/export/constants";
import { formatDate } from "~/utils/dates";
import { countOf } from "~/utils/plural";

/** An export as the loaders hand it to the view (modules/export/service.server.ts ExportView). */
export interface ExportItem {
  id: string;
  state: keyof typeof EXPORT_STATES;
  part: string | null;
  documentsDone: number;
  documentsTotal: number;
  percent: number;
  files: number;
  sizeBytes: number | null;
  error: string | null;
  createdAt: string;
  readyAt: string | null;
  expiresAt: string | null;
}

const n = (value: number) => value.toLocaleString("bg-BG");

function size(bytes: number | null) {
  if (bytes === null) return "";
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 / 1024).toFixed(1).replace(".", ",")} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2).replace(".", ",")} GB`;
}

/** The download link of a finished export (authenticated, this company's only). */
export const downloadHref = (id: string) => `/api/export/${id}/download`;

/**
 * While an export is being made the page looks again by itself: with JavaScript by revalidating
 * every 3 s; without it the <noscript> refresh reloads the page every 5 s (and «Обнови» does it
 * at once).
 */
export function ExportProgress({ item, refreshTo }: { item: ExportItem; refreshTo: string }) {
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, 3000);
    return () => clearInterval(timer);
  }, [revalidator]);
  return (
    <div>
      <noscript>
        <meta httpEquiv="refresh" content="5" />
      </noscript>
      <p role="status">
        {EXPORT_STATES[item.state]}
        {item.part ? `: ${item.part}` : ""}
        {item.documentsTotal > 0
          ? ` — документи ${n(item.documentsDone)} от ${n(item.documentsTotal)}`
          : ""}
      </p>
      <progress max={100} value={item.percent} aria-label="Напредък на експорта">
        {item.percent} %
      </progress>
      <p>
        Ще получите имейл с връзка, когато архивът е готов. Страницата се обновява сама;{" "}
        <Link to={refreshTo}>Обнови</Link>.
      </p>
    </div>
  );
}

/** A finished export: its download and until when it is kept. */
export function ExportReady({ item }: { item: ExportItem }) {
  return (
    <div>
      <p>
        Архивът от {formatDate(item.readyAt ?? item.createdAt)} е готов (
        {countOf(item.files, "файл", "файла")}, {size(item.sizeBytes)}). Може да бъде изтеглен до{" "}
        {/* The date ends in «г.», which closes the sentence (no «г..»). */}
        {item.expiresAt
          ? formatDate(item.expiresAt)
          : `${countOf(EXPORT_KEEP_DAYS, "ден", "дни")}.`}
      </p>
      {/* A plain link: the browser downloads the file itself, with or without JavaScript. */}
      <a href={downloadHref(item.id)} download>
        Изтегли архива (ZIP)
      </a>
    </div>
  );
}

/** The button that asks for a new export (a native form; the action answers with a redirect). */
export function StartExportForm({
  action,
  label = "Подготви експорт на всички данни",
  error,
}: {
  action: string;
  label?: string;
  error?: string;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" action={action}>
      <CompanyField />
      <input type="hidden" name="intent" value="start-export" />
      <FormError message={error} />
      <Button type="submit" disabled={busy}>
        {label}
      </Button>
    </Form>
  );
}
