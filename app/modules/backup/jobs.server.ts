import type { JobDeps, JobKinds } from "~/modules/jobs/jobs.server";
import { type BackupTarget, backUpIfDue } from "./backups.server";

/** The backup a job makes: the app's database into its DATA_DIR/backups. */
export function backupTarget({ db, config }: Pick<JobDeps, "db" | "config">): BackupTarget {
  return {
    db,
    kind: config.databaseKind,
    dataDir: config.dataDir,
    databaseUrl: config.backup.databaseUrl,
    keep: config.backup.keep,
  };
}

/** The scheduled backups (wired in app/composition.server.ts). */
export const backupJobs = {
  /**
   * Every 10 minutes: a backup when the last one started BACKUP_INTERVAL hours ago (decision 026).
   * A backup takes as long as the database needs, so its expiry is long and it is never retried:
   * one whose process died is followed by the next tick's, since none was recorded. «short»: a
   * tick waits while another is queued, never behind one whose process died.
   */
  "backup.run": {
    cron: "*/10 * * * *",
    queue: { policy: "short", retryLimit: 0, expireInSeconds: 6 * 60 * 60 },
    enabled: (config) => config.backup.intervalHours > 0,
    run: async (deps) => {
      const made = await backUpIfDue(backupTarget(deps), deps.config.backup.intervalHours);
      if (made)
        console.log(`Backup written: ${made.path} (${made.sizeBytes} bytes, ${made.ms} ms)`);
      return made;
    },
  },
} satisfies JobKinds;
