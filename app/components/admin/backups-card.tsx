import * as page from "~/components/layout/page.css";
import { Badge, DataTable, dateTime } from "./customer-parts";

/** A backup run as the loader sends it (modules/backup/backups.server.ts, BackupRun). */
interface Run {
  startedAt: string;
  finishedAt: string;
  status: "done" | "failed";
  trigger: "schedule" | "command";
  host: string;
  file: string | null;
  sizeBytes: number | null;
  error: string | null;
}

/** Bytes for people: 12,3 MB. */
function size(bytes: number | null): string {
  if (bytes === null) return "—";
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace(".", ",")} MB`;
}

function seconds(run: Run): string {
  const ms = new Date(run.finishedAt).getTime() - new Date(run.startedAt).getTime();
  return `${(ms / 1000).toFixed(1).replace(".", ",")} с`;
}

/**
 * The back office's view of the backups (issue #28, decision 026): when the last good one ran, its
 * file and size, the schedule, the newest runs, and a warning when none ran, the last failed or
 * the last good one is late.
 */
export function BackupsCard(props: {
  intervalHours: number;
  keep: number;
  runs: Run[];
  lastDone: Run | null;
  warning: string | null;
}) {
  const { lastDone } = props;
  return (
    <section className={page.card} aria-labelledby="backups-title">
      <h2 id="backups-title" className={page.cardTitle}>
        Резервни копия
      </h2>
      {props.warning ? (
        <p role="alert" className={page.warning}>
          {props.warning}
        </p>
      ) : null}
      <p>
        {lastDone ? (
          <>
            Последно успешно: <strong>{dateTime(lastDone.startedAt)}</strong> —{" "}
            <code>{lastDone.file}</code>, {size(lastDone.sizeBytes)} (на {lastDone.host}, в
            DATA_DIR/backups).
          </>
        ) : (
          "Няма успешно резервно копие."
        )}
      </p>
      <p>
        {props.intervalHours > 0
          ? `По график на всеки ${props.intervalHours} ч.`
          : "Без график (BACKUP_INTERVAL=0): само с npm run backup."}{" "}
        Пазят се последните {props.keep} копия, така че данните на изтрита фирма остават в копията
        {props.intervalHours > 0
          ? ` до ${props.keep * props.intervalHours} ч. (${props.keep} × ${props.intervalHours} ч.).`
          : ` докато се направят още ${props.keep} копия.`}
      </p>
      {props.runs.length > 0 ? (
        <DataTable
          caption="Последните резервни копия"
          columns={["Начало", "Състояние", "Поискано от", "Файл", "Размер", "Време"]}
          rows={props.runs.map((run) => ({
            key: `${run.startedAt}-${run.host}`,
            cells: [
              dateTime(run.startedAt),
              <span key="status">
                {run.status === "done" ? (
                  <Badge tone="ok">Успешно</Badge>
                ) : (
                  <Badge tone="danger">Неуспешно</Badge>
                )}
                {run.error ? ` ${run.error}` : null}
              </span>,
              run.trigger === "schedule" ? "график" : "npm run backup",
              run.file ? <code key="file">{run.file}</code> : "—",
              size(run.sizeBytes),
              seconds(run),
            ],
          }))}
        />
      ) : null}
    </section>
  );
}
