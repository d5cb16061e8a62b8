import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { Checkbox } from "~/components/admin/customer-forms";
import { dateOrDash } from "~/components/admin/customer-parts";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import * as page from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";
import { DELETION_DAYS } from "~/modules/accounts/limits";
import { byAdmin } from "~/modules/admin/audit.server";
import { ADMIN_MESSAGES, EDIT_USER_FIELDS } from "~/modules/admin/constants";
import { editUserSchema, lockSchema } from "~/modules/admin/schema";
import {
  cancelUserDeletion,
  findCustomerUser,
  lockUser,
  NOT_FOUND,
  scheduleUserDeletion,
  unlockUser,
  updateCustomerUser,
} from "~/modules/admin/users.server";
import { AppError } from "~/utils/errors";
import { typedOr, useFormAnswer } from "~/utils/forms";
import { refuseUnknownIntent, refuseWithAppError } from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { parseAdminForm, readAdminValues } from "~/web/admin/forms.server";
import { requireAdmin } from "~/web/admin/guard.server";

async function userOr404(context: LoaderFunctionArgs["context"], id: string | undefined) {
  const user = await findCustomerUser(context.db, id ?? "");
  if (!user) throw json({ message: NOT_FOUND }, { status: 404 });
  return user;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const user = await userOr404(context, params.id);
  return json({
    user: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      verified: user.emailVerifiedAt !== null,
      lockedAt: user.lockedAt?.toISOString() ?? null,
      lockedReason: user.lockedReason,
      deletionScheduledAt: user.deletionScheduledAt?.toISOString() ?? null,
      anonymizedAt: user.anonymizedAt?.toISOString() ?? null,
    },
  });
}

/** The contact form, lock / unlock, and schedule / cancel the deletion: one intent each. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const user = await userOr404(context, params.id);
  const values = await readAdminValues(request);
  const audit = byAdmin(admin, context);
  const detail = `/hatterscastle/users/${user.id}`;
  try {
    switch (values.intent) {
      case "update": {
        const { data, refusal } = await parseAdminForm(
          "user",
          editUserSchema,
          values,
          EDIT_USER_FIELDS,
        );
        if (refusal) return refusal;
        await updateCustomerUser(context.db, user, data, audit);
        return redirectWithToast(detail, "Данните на потребителя са запазени");
      }
      case "lock": {
        const { data, refusal } = await parseAdminForm("lock", lockSchema, values, ["reason"]);
        if (refusal) return refusal;
        await lockUser(context.db, user, data.reason, audit);
        return redirectWithToast(detail, {
          title: "Потребителят е блокиран",
          description: "Не може да влиза, а отворените му сесии са прекратени.",
        });
      }
      case "unlock":
        await unlockUser(context.db, user, audit);
        return redirectWithToast(detail, "Потребителят е отблокиран");
      case "schedule-deletion": {
        const when = await scheduleUserDeletion(context.db, user, audit);
        return redirectWithToast(detail, {
          title: "Изтриването е насрочено",
          description: `Профилът ще бъде изтрит на ${dateOrDash(when.toISOString())}.`,
        });
      }
      case "cancel-deletion": {
        const cancelled = await cancelUserDeletion(context.db, user, audit);
        return redirectWithToast(
          detail,
          cancelled ? "Изтриването е отменено" : "Няма насрочено изтриване",
        );
      }
      default:
        return refuseUnknownIntent();
    }
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    const formId = values.intent === "lock" ? "lock" : "user";
    return refuseWithAppError(formId, error, values, ADMIN_MESSAGES.failed);
  }
}

export default function AdminEditUser() {
  const { user } = useLoaderData<typeof loader>();
  const answer = useFormAnswer("user");
  const lock = useFormAnswer("lock");
  const form = useFocusFirstInvalid(answer);
  const lockForm = useFocusFirstInvalid(lock);
  const busy = useNavigation().state === "submitting";
  return (
    <div className={page.page}>
      <p>
        <Link to={`/hatterscastle/users/${user.id}`}>« Към потребителя</Link>
      </p>
      <h1>
        Редакция на {user.firstName} {user.lastName}
      </h1>
      <div className={page.grid}>
        <section className={page.card} aria-labelledby="contact-title">
          <h2 id="contact-title" className={page.cardTitle}>
            Данни за контакт
          </h2>
          <Form method="post" ref={form} noValidate>
            <input type="hidden" name="intent" value="update" />
            <FormError message={answer?.formError} />
            <FormField
              name="email"
              label="Имейл"
              type="email"
              required
              defaultValue={typedOr(answer, "email", user.email)}
              error={answer?.fieldErrors.email}
              controlProps={{ maxLength: 254 }}
            />
            <FormField
              name="firstName"
              label="Име"
              required
              defaultValue={typedOr(answer, "firstName", user.firstName)}
              error={answer?.fieldErrors.firstName}
              controlProps={{ maxLength: 100 }}
            />
            <FormField
              name="lastName"
              label="Фамилия"
              required
              defaultValue={typedOr(answer, "lastName", user.lastName)}
              error={answer?.fieldErrors.lastName}
              controlProps={{ maxLength: 100 }}
            />
            <Checkbox
              id="user-verified"
              name="verified"
              label="Имейлът е потвърден"
              answer={answer}
              defaultChecked={user.verified}
            />
            <Button type="submit" disabled={busy}>
              Запази
            </Button>
          </Form>
        </section>

        <section className={page.card} aria-labelledby="lock-title">
          <h2 id="lock-title" className={page.cardTitle}>
            Блокиране
          </h2>
          {user.lockedAt ? (
            <Form method="post">
              <p>
                Блокиран от {dateOrDash(user.lockedAt)}
                {user.lockedReason ? `: ${user.lockedReason}` : "."}
              </p>
              <input type="hidden" name="intent" value="unlock" />
              <Button type="submit" disabled={busy}>
                Отблокирай
              </Button>
            </Form>
          ) : (
            <Form method="post" ref={lockForm} noValidate>
              <p>Блокираният потребител не може да влиза; отворените му сесии се прекратяват.</p>
              <input type="hidden" name="intent" value="lock" />
              <FormError message={lock?.formError} />
              <FormField
                name="reason"
                label="Причина"
                required
                multiline
                defaultValue={typedOr(lock, "reason")}
                error={lock?.fieldErrors.reason}
                controlProps={{ maxLength: 500 }}
              />
              <Button type="submit" disabled={busy}>
                Блокирай
              </Button>
            </Form>
          )}
        </section>

        <section className={page.card} aria-labelledby="deletion-title">
          <h2 id="deletion-title" className={page.cardTitle}>
            Изтриване на профила
          </h2>
          {user.anonymizedAt ? (
            <p>Профилът е изтрит на {dateOrDash(user.anonymizedAt)}.</p>
          ) : user.deletionScheduledAt ? (
            <Form method="post">
              <p>Изтриването е насрочено за {dateOrDash(user.deletionScheduledAt)}.</p>
              <input type="hidden" name="intent" value="cancel-deletion" />
              <Button type="submit" disabled={busy}>
                Отмени изтриването
              </Button>
            </Form>
          ) : (
            <Form method="post">
              <p>
                Както при заявка от самия клиент: личните данни се изтриват след {DELETION_DAYS}{" "}
                дни, а дотогава изтриването може да бъде отменено.
              </p>
              <input type="hidden" name="intent" value="schedule-deletion" />
              <Button type="submit" tone="secondary" disabled={busy}>
                Насрочи изтриване
              </Button>
            </Form>
          )}
        </section>
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Редакция на потребител | Админ | Сметка" }];
