import type { JobDeps } from "~/modules/jobs/jobs.server";
import { sendMail } from "~/modules/mail/mailer.server";
import { exportReadyMail } from "~/modules/mail/templates.server";
import { emailLogoUrl } from "~/modules/settings/app-settings.server";
import { formatDate } from "~/utils/dates";
import { isUuid } from "~/utils/uuid";

/** «1,2 MB» for the e-mail and the page. */
export function sizeLabel(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 / 1024).toFixed(1).replace(".", ",")} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2).replace(".", ",")} GB`;
}

/** The job «export.mail»: tells who asked that the export is ready, with the page's link. */
export async function sendExportReadyMail(deps: JobDeps, data: { exportId?: unknown }) {
  const id = data.exportId;
  if (typeof id !== "string" || !isUuid(id)) return;
  const row = await deps.db
    .selectFrom("companyExports as x")
    .innerJoin("users as u", "u.id", "x.requestedBy")
    .select(["x.state", "x.sizeBytes", "x.expiresAt", "u.email", "u.firstName", "u.anonymizedAt"])
    .where("x.id", "=", id)
    .executeTakeFirst();
  if (row?.state !== "ready" || row.anonymizedAt || !row.expiresAt) return;
  await sendMail(
    deps.config,
    exportReadyMail({
      to: row.email,
      firstName: row.firstName,
      link: `${deps.config.appUrl}/settings/export`,
      until: formatDate(row.expiresAt),
      size: sizeLabel(row.sizeBytes ?? 0),
      logoUrl: await emailLogoUrl({ db: deps.db, config: deps.config }),
    }),
  );
}
