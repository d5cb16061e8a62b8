import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import * as page from "~/components/layout/page.css";
import { ButtonLink } from "~/components/ui/button";
import * as listStyles from "~/components/ui/list.css";
import { ScrollTable } from "~/components/ui/scroll-table";
import { listAdmins } from "~/modules/admin/administrators.server";
import { formatDate } from "~/utils/dates";
import { requireAdmin } from "~/web/admin/guard.server";

/** /hatterscastle/administrators: the back office's admins, with links to edit them. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requireAdmin(request, context);
  return json({ admins: await listAdmins(context.db), myId: me.id });
}

export default function Administrators() {
  const { admins, myId } = useLoaderData<typeof loader>();
  return (
    <div className={page.page}>
      <div className={listStyles.header}>
        <h1>Администратори</h1>
        <ButtonLink to="/hatterscastle/administrators/new">Нов администратор</ButtonLink>
      </div>
      <ScrollTable label="Администратори">
        <table className={listStyles.table}>
          <caption className="visually-hidden">Администратори</caption>
          <thead>
            <tr>
              {["Име", "Имейл", "Състояние", "Създаден", "Последен вход", "Действия"].map(
                (label) => (
                  <th key={label} scope="col" className={listStyles.cell}>
                    {label}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody>
            {admins.map((admin) => (
              <tr key={admin.id}>
                <th scope="row" className={listStyles.cell}>
                  {admin.firstName} {admin.lastName}
                  {admin.id === myId ? " (вие)" : ""}
                </th>
                <td className={listStyles.cell}>{admin.email}</td>
                <td className={listStyles.cell}>{admin.locked ? "Блокиран" : "Активен"}</td>
                <td className={listStyles.cell}>{formatDate(admin.createdAt)}</td>
                <td className={listStyles.cell}>
                  {admin.lastSignIn ? formatDate(admin.lastSignIn) : "—"}
                </td>
                <td className={listStyles.cell}>
                  <Link
                    to={`/hatterscastle/administrators/edit/${admin.id}`}
                    aria-label={`Редактирай ${admin.email}`}
                  >
                    Редактирай
                  </Link>
                  {" · "}
                  <Link
                    to={`/hatterscastle/administrators/reset-password/${admin.id}`}
                    aria-label={`Нова парола за ${admin.email}`}
                  >
                    Нова парола
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Администратори | Сметка" }];
