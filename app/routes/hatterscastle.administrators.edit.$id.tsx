import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { EditAdminForm } from "~/components/admin/administrator-form";
import * as page from "~/components/layout/page.css";
import { getAdmin, updateAdmin } from "~/modules/admin/administrators.server";
import {
  ADMIN_MESSAGES,
  EDIT_ADMIN_FIELD_ORDER,
  EDIT_ADMIN_FORM_ID,
} from "~/modules/admin/administrators-constants";
import { editAdminSchema } from "~/modules/admin/administrators-schema";
import { formatDate } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { useFormAnswer } from "~/utils/forms";
import { parseFormValues, refuseWithAppError, typedValues } from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { isUuid } from "~/utils/uuid";
import { readAdminForm } from "~/web/admin/forms.server";
import { requireAdmin } from "~/web/admin/guard.server";

/** The admin of the address, or 404 (an unknown id, or a user who is not an admin). */
async function adminOf(
  params: LoaderFunctionArgs["params"],
  context: LoaderFunctionArgs["context"],
) {
  const admin = isUuid(params.id) ? await getAdmin(context.db, params.id) : null;
  if (!admin) throw json({ message: ADMIN_MESSAGES.notFound }, { status: 404 });
  return admin;
}

/** /hatterscastle/administrators/edit/{id}: names, e-mail, role and lock of an admin. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const me = await requireAdmin(request, context);
  const admin = await adminOf(params, context);
  return json({ admin, isSelf: admin.id === me.id });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const me = await requireAdmin(request, context);
  const admin = await adminOf(params, context);
  const values = typedValues(await readAdminForm(request));
  const { data, refusal } = parseFormValues(
    EDIT_ADMIN_FORM_ID,
    editAdminSchema,
    values,
    EDIT_ADMIN_FIELD_ORDER,
  );
  if (refusal) return refusal;
  try {
    await updateAdmin(context, me, admin.id, data);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refuseWithAppError(EDIT_ADMIN_FORM_ID, error, values);
  }
  return redirectWithToast("/hatterscastle/administrators", {
    title: "Промените са запазени",
    description: data.role === "admin" ? data.email : `${data.email} вече не е администратор.`,
  });
}

export default function EditAdministrator() {
  const { admin, isSelf } = useLoaderData<typeof loader>();
  const answer = useFormAnswer(EDIT_ADMIN_FORM_ID);
  return (
    <div className={page.page}>
      <p>
        <Link to="/hatterscastle/administrators">« Администратори</Link>
      </p>
      <h1>
        {admin.firstName} {admin.lastName}
      </h1>
      <dl className={page.list}>
        <dt>Създаден</dt>
        <dd>{formatDate(admin.createdAt)}</dd>
        <dt>Последен вход</dt>
        <dd>{admin.lastSignIn ? formatDate(admin.lastSignIn) : "—"}</dd>
        <dt>Парола</dt>
        <dd>
          <Link to={`/hatterscastle/administrators/reset-password/${admin.id}`}>
            Изпрати връзка за нова парола
          </Link>
        </dd>
      </dl>
      {isSelf ? (
        <p>Това е вашият профил: не можете да премахнете ролята си или да го блокирате.</p>
      ) : null}
      <section className={page.card} style={{ maxWidth: "36rem", marginTop: "1rem" }}>
        <EditAdminForm
          answer={answer}
          locked={admin.locked}
          values={{
            email: admin.email,
            firstName: admin.firstName,
            lastName: admin.lastName,
            lockedReason: admin.lockedReason ?? "",
          }}
        />
      </section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Администратор | Сметка" }];
