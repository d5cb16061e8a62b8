import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { FormError } from "~/components/forms/field-frame";
import * as page from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";
import { getAdmin, sendAdminPasswordLink } from "~/modules/admin/administrators.server";
import { ADMIN_MESSAGES } from "~/modules/admin/administrators-constants";
import { RESET_PASSWORD_TTL_MS } from "~/modules/auth/tokens.server";
import { AppError } from "~/utils/errors";
import { useFormAnswer } from "~/utils/forms";
import { refuseWithAppError } from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { isUuid } from "~/utils/uuid";
import { requireAdmin } from "~/web/admin/guard.server";

const FORM_ID = "reset-admin-password";

async function adminOf(
  params: LoaderFunctionArgs["params"],
  context: LoaderFunctionArgs["context"],
) {
  const admin = isUuid(params.id) ? await getAdmin(context.db, params.id) : null;
  if (!admin) throw json({ message: ADMIN_MESSAGES.notFound }, { status: 404 });
  return admin;
}

/**
 * /hatterscastle/administrators/reset-password/{id}: a confirmation, then an e-mail with a
 * one-time link to set a new password (the reset-password flow's token and mail).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const admin = await adminOf(params, context);
  return json({
    admin: { id: admin.id, email: admin.email, name: `${admin.firstName} ${admin.lastName}` },
    minutes: RESET_PASSWORD_TTL_MS / 60_000,
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const me = await requireAdmin(request, context);
  const admin = await adminOf(params, context);
  try {
    await sendAdminPasswordLink(context, me, admin.id);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refuseWithAppError(FORM_ID, error, {});
  }
  return redirectWithToast("/hatterscastle/administrators", {
    title: "Връзката е изпратена",
    description: `Изпратихме връзка за нова парола на ${admin.email}.`,
  });
}

export default function ResetAdministratorPassword() {
  const { admin, minutes } = useLoaderData<typeof loader>();
  const answer = useFormAnswer(FORM_ID);
  const busy = useNavigation().state !== "idle";
  return (
    <div className={page.page}>
      <p>
        <Link to="/hatterscastle/administrators">« Администратори</Link>
      </p>
      <h1>Нова парола за {admin.name}</h1>
      <section className={page.card} style={{ maxWidth: "36rem" }}>
        <Form method="post">
          <FormError message={answer?.formError} />
          <p>
            Ще изпратим на <strong>{admin.email}</strong> еднократна връзка за задаване на нова
            парола. Връзката е валидна {minutes} минути; досегашната парола работи, докато не бъде
            сменена.
          </p>
          <Button type="submit" disabled={busy}>
            Изпрати връзката
          </Button>
        </Form>
      </section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Нова парола за администратор | Сметка" }];
