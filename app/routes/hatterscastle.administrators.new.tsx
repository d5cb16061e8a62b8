import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link } from "@remix-run/react";
import { NewAdminForm } from "~/components/admin/administrator-form";
import * as page from "~/components/layout/page.css";
import { createAdmin } from "~/modules/admin/administrators.server";
import { NEW_ADMIN_FIELD_ORDER, NEW_ADMIN_FORM_ID } from "~/modules/admin/administrators-constants";
import { newAdminSchema } from "~/modules/admin/administrators-schema";
import { AppError } from "~/utils/errors";
import { useFormAnswer } from "~/utils/forms";
import { parseFormValues, refuseWithAppError, typedValues } from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readAdminForm } from "~/web/admin/forms.server";
import { requireAdmin } from "~/web/admin/guard.server";

/** /hatterscastle/administrators/new: a new admin in the operator's company. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return json({});
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const values = typedValues(await readAdminForm(request));
  // The password is never sent back to the page (refuseForm leaves it out).
  const { data, refusal } = parseFormValues(
    NEW_ADMIN_FORM_ID,
    newAdminSchema,
    values,
    NEW_ADMIN_FIELD_ORDER,
  );
  if (refusal) return refusal;
  try {
    await createAdmin(context, admin, data);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refuseWithAppError(NEW_ADMIN_FORM_ID, error, values);
  }
  return redirectWithToast("/hatterscastle/administrators", {
    title: "Администраторът е създаден",
    description:
      data.passwordMode === "link"
        ? `Изпратихме връзка за задаване на парола на ${data.email}.`
        : data.email,
  });
}

export default function NewAdministrator() {
  const answer = useFormAnswer(NEW_ADMIN_FORM_ID);
  return (
    <div className={page.page}>
      <p>
        <Link to="/hatterscastle/administrators">« Администратори</Link>
      </p>
      <h1>Нов администратор</h1>
      <section className={page.card} style={{ maxWidth: "36rem" }}>
        <NewAdminForm answer={answer} />
      </section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Нов администратор | Сметка" }];
