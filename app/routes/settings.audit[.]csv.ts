import type { LoaderFunctionArgs } from "@remix-run/node";
import { describeAuditDetails } from "~/modules/audit/constants";
import { auditFiltersFromSearch, listCompanyAudit } from "~/modules/audit/trail.server";
import { ROLE_LABELS } from "~/modules/auth/capabilities";
import { csvStreamResponse } from "~/utils/csv.server";
import { todayInSofia } from "~/utils/dates";
import { jsonError } from "~/utils/http.server";
import { ownValue } from "~/utils/own-keys";
import { recordDownload } from "~/web/auth/downloads.server";
import { requireCompanyUser } from "~/web/auth/guards.server";

const HEADER = [
  "Кога",
  "Имейл",
  "Име",
  "Роля",
  "Администратор",
  "Действие",
  "Обект",
  "Подробности",
  "IP",
];

const when = new Intl.DateTimeFormat("bg-BG", {
  timeZone: "Europe/Sofia",
  dateStyle: "short",
  timeStyle: "medium",
});

/** GET /settings/audit.csv?<the page's filters> — the whole filtered trail for Excel. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "audit.view");
  const { filters, errors } = auditFiltersFromSearch(new URL(request.url).searchParams);
  if (Object.keys(errors).length) return jsonError("Невалидни данни", 400, errors);
  async function* pages() {
    let after: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof listCompanyAudit>> = await listCompanyAudit(
        context.db,
        user.companyId,
        filters,
        { after, limit: 1000 },
      );
      yield page.rows.map((row) => [
        when.format(new Date(row.createdAt)),
        row.actor.email ?? "",
        row.actor.name ?? "",
        row.actor.role ? (ownValue(ROLE_LABELS, row.actor.role) ?? row.actor.role) : "",
        row.actor.impersonatorEmail ?? "",
        row.actionLabel,
        row.target.label ?? "",
        describeAuditDetails(row.details),
        row.ip ?? "",
      ]);
      after = page.nextCursor;
    } while (after);
  }
  const today = todayInSofia();
  const csv = await csvStreamResponse(HEADER, pages(), `audit-${today}.csv`, `Одит-${today}.csv`);
  return recordDownload(context, user, "export", csv, `Одит-${today}.csv`);
}
