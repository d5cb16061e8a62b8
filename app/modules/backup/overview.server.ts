import type { Kysely } from "kysely";
import type { BackupConfig } from "~/utils/context.server";
import type { Database } from "~db/types";
import { type BackupRun, latestBackupRuns } from "./backups.server";

/** What the back office shows of the backups: the schedule, the newest runs and what is wrong. */
export interface BackupOverview {
  intervalHours: number;
  keep: number;
  runs: BackupRun[];
  /** The newest successful run, also when later ones failed. */
  lastDone: BackupRun | null;
  /** In Bulgarian: none yet, the last one failed, the last good one is late; null when all is well. */
  warning: string | null;
}

/** A good backup this much later than the interval is late (a run takes time; the schedule ticks every 10 minutes). */
const GRACE_MS = 60 * 60 * 1000;

export async function backupOverview(
  db: Kysely<Database>,
  backup: BackupConfig,
  now = new Date(),
): Promise<BackupOverview> {
  const runs = await latestBackupRuns(db, 5);
  const lastDone =
    runs.find((run) => run.status === "done") ?? (await latestBackupRuns(db, 1, "done"))[0] ?? null;
  const last = runs[0] ?? null;
  let warning: string | null = null;
  if (!last) {
    warning =
      backup.intervalHours > 0
        ? `Още няма резервно копие. Първото по график ще се направи до ${backup.intervalHours} ч. след създаването на базата; веднага: npm run backup.`
        : "Още няма резервно копие, а копията по график са изключени (BACKUP_INTERVAL=0): направете копие с npm run backup.";
  } else if (last.status === "failed") {
    warning = `Последното резервно копие не успя: ${last.error ?? "няма съобщение"}`;
  } else if (
    backup.intervalHours > 0 &&
    lastDone &&
    now.getTime() - new Date(lastDone.startedAt).getTime() >
      backup.intervalHours * 60 * 60 * 1000 + GRACE_MS
  ) {
    warning = `Последното успешно резервно копие е по-старо от интервала от ${backup.intervalHours} ч.`;
  }
  return { intervalHours: backup.intervalHours, keep: backup.keep, runs, lastDone, warning };
}
