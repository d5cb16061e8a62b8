import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useSearchParams } from "@remix-run/react";
import { keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import { DateField } from "~/components/forms/date-field";
import { FormField } from "~/components/forms/form-field";
import * as styles from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";
import * as listStyles from "~/components/ui/list.css";
import { ListPager } from "~/components/ui/list-pager";
import { ScrollTable } from "~/components/ui/scroll-table";
import { AUDIT_GROUPS, AUDIT_KEPT_YEARS, describeAuditDetails } from "~/modules/audit/constants";
import { auditFiltersFromSearch, listCompanyAudit } from "~/modules/audit/trail.server";
import { ROLE_LABELS } from "~/modules/auth/capabilities";
import { listMembers } from "~/modules/team/members.server";
import { ownValue } from "~/utils/own-keys";
import { requireCompanyUser } from "~/web/auth/guards.server";

/**
 * /settings/audit (issue #29 item 5): the company's audit trail, newest first, filtered by group,
 * member and period (a GET form: works without JavaScript), keyset pages, and the same as CSV.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "audit.view");
  const params = new URL(request.url).searchParams;
  const { filters, errors } = auditFiltersFromSearch(params);
  const [page, members] = await Promise.all([
    listCompanyAudit(context.db, user.companyId, filters, { after: params.get("after") }),
    listMembers(context.db, user.companyId),
  ]);
  return json(
    {
      companyName: user.companyName,
      entries: page.rows,
      nextCursor: page.nextCursor,
      errors,
      members: members.map((m) => ({
        id: m.userId,
        name: `${m.firstName} ${m.lastName}`.trim() || m.email,
      })),
    },
    { status: Object.keys(errors).length ? 400 : 200 },
  );
}

const GROUP_OPTIONS: readonly (readonly [string, string])[] = [
  ["", "Всички действия"],
  ...Object.entries(AUDIT_GROUPS).map(([key, group]) => [key, group.label] as const),
];

const when = new Intl.DateTimeFormat("bg-BG", {
  timeZone: "Europe/Sofia",
  dateStyle: "short",
  timeStyle: "medium",
});

export default function Audit() {
  const { companyName, entries, nextCursor, errors, members } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const csvQuery = new URLSearchParams(params);
  csvQuery.delete("after");
  return (
    <div className={styles.page}>
      <h1>Одитна следа</h1>
      <p>
        Фирма: <strong>{companyName}</strong>. Кой какво е направил и кога: входове, смяна на
        фирмата, покани и роли, документи, плащания, файлове за НАП и експорти. Записите не се
        променят и се пазят поне {AUDIT_KEPT_YEARS} години.
      </p>
      <Form method="get" className={listStyles.toolbar} aria-label="Филтри">
        <FormField
          name="group"
          label="Действия"
          options={GROUP_OPTIONS}
          defaultValue={params.get("group") ?? ""}
          error={errors.group}
        />
        <FormField
          name="actorId"
          label="Член"
          options={[["", "Всички"], ...members.map((m) => [m.id, m.name] as const)]}
          defaultValue={params.get("actorId") ?? ""}
          error={errors.actorId}
        />
        <DateField
          name="from"
          label="От"
          defaultValue={params.get("from") ?? ""}
          error={errors.from}
        />
        <DateField name="to" label="До" defaultValue={params.get("to") ?? ""} error={errors.to} />
        <div>
          <Button type="submit">Покажи</Button>
        </div>
      </Form>
      <p>
        <a href={`/settings/audit.csv${csvQuery.size ? `?${csvQuery}` : ""}`} download>
          Изтегли като CSV
        </a>
      </p>
      {entries.length === 0 ? (
        <p>Няма записи за избраното.</p>
      ) : (
        <ScrollTable label="Записи">
          <table className={listStyles.table}>
            <caption className="visually-hidden">Одитна следа на {companyName}</caption>
            <thead>
              <tr>
                <th scope="col" className={listStyles.cell}>
                  Кога
                </th>
                <th scope="col" className={listStyles.cell}>
                  Кой
                </th>
                <th scope="col" className={listStyles.cell}>
                  Действие
                </th>
                <th scope="col" className={listStyles.cell}>
                  Обект
                </th>
                <th scope="col" className={listStyles.cell}>
                  Подробности
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td className={listStyles.cell}>{when.format(new Date(entry.createdAt))}</td>
                  <td className={listStyles.cell}>
                    {entry.actor.name || entry.actor.email || "Сметка (автоматично)"}
                    {entry.actor.role ? (
                      <>
                        <br />
                        {ownValue(ROLE_LABELS, entry.actor.role) ?? entry.actor.role}
                      </>
                    ) : null}
                    {entry.actor.impersonatorEmail ? (
                      <>
                        <br />
                        администратор {entry.actor.impersonatorEmail}
                      </>
                    ) : null}
                  </td>
                  <td className={listStyles.cell}>{entry.actionLabel}</td>
                  <td className={listStyles.cell}>{entry.target.label ?? "—"}</td>
                  <td className={listStyles.cell}>
                    {describeAuditDetails(entry.details)}
                    {entry.ip ? ` · IP ${entry.ip}` : ""}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
      <ListPager path="/settings/audit" nextCursor={nextCursor} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Одитна следа | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
