import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  MaxPartSizeExceededError,
  type MetaFunction,
  redirect,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useId, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { BotCheckWidget } from "~/components/forms/bot-check";
import * as fieldStyles from "~/components/forms/field.css";
import * as styles from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";
import { useToast } from "~/components/ui/toaster";
import { botCheckMessage, botCheckWidget, verifyBotCheck } from "~/modules/auth/bot-check.server";
import { requireUser } from "~/modules/auth/guards.server";
import {
  ATTACHMENT_MAX_BYTES,
  customEmailProblem,
  FEEDBACK_CATEGORIES,
  FEEDBACK_MESSAGES,
  feedbackSchema,
  SEVERITIES,
  SUPPORT_CATEGORIES,
} from "~/modules/feedback/schema";
import { submitFeedback } from "~/modules/feedback/service.server";
import { AppError, safeRedirect } from "~/utils/http.server";
import { toastHeader } from "~/utils/toast.server";

// The Обратна връзка / Поддръжка forms of the floating button, as a page so they work without
// JavaScript; the same rules as POST /api/feedback.

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  return json({
    type: url.searchParams.get("type") === "support" ? ("support" as const) : ("feedback" as const),
    from: safeRedirect(url.searchParams.get("from"), "/dashboard"),
    email: user.email,
    bot: botCheckWidget(context),
  });
}

type Fields = Record<string, string>;

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(
      request,
      unstable_createMemoryUploadHandler({ maxPartSize: ATTACHMENT_MAX_BYTES }),
    );
  } catch (error) {
    if (!(error instanceof MaxPartSizeExceededError)) throw error;
    return json(
      {
        error: {
          field: "file",
          message: `${FEEDBACK_MESSAGES.fileTooLarge}. ${FEEDBACK_MESSAGES.fileTooLargeDetail}`,
        },
        values: {} as Fields,
      },
      { status: 413 },
    );
  }
  const values: Fields = {};
  for (const [key, value] of form) if (typeof value === "string") values[key] = value;
  const parsed = feedbackSchema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return json(
      { error: { field: issue.path.join("."), message: issue.message }, values },
      { status: 400 },
    );
  }
  const passed = await verifyBotCheck(context, { ...values, fromForm: true });
  if (!passed)
    return json(
      {
        error: {
          field: "recaptchaToken",
          message: botCheckMessage(context, FEEDBACK_MESSAGES.botCheck),
        },
        values,
      },
      { status: 400 },
    );
  const emailProblem = customEmailProblem(parsed.data);
  if (emailProblem)
    return json(
      { error: { field: "customEmail", message: emailProblem }, values },
      { status: 400 },
    );
  const file = form.get("file");
  const attachment =
    file instanceof File && file.size > 0
      ? { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }
      : null;
  try {
    await submitFeedback(context, user, parsed.data, attachment);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return json(
      { error: { field: error.status === 503 ? "" : "file", message: error.message }, values },
      { status: error.status },
    );
  }
  const toast =
    parsed.data.type === "support"
      ? {
          title: "Заявката за поддръжка е изпратена!",
          description: "Ще се свържем с вас възможно най-скоро.",
        }
      : {
          title: "Благодарим за обратната връзка!",
          description: "Вашето съобщение беше изпратено успешно.",
        };
  return redirect(safeRedirect(values.from, "/dashboard"), {
    headers: { "Set-Cookie": await toastHeader({ type: "success", ...toast }) },
  });
}

export default function Feedback() {
  const { type, from, email, bot } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const values = data?.values ?? {};
  const currentType = (values.type as "feedback" | "support" | undefined) ?? type;
  const categories: Record<string, string> =
    currentType === "support" ? SUPPORT_CATEGORIES : FEEDBACK_CATEGORIES;
  const [different, setDifferent] = useState(values.useDifferentEmail === "on");
  const hydrated = useHydrated();
  const customEmail = useRef<HTMLInputElement>(null);
  const busy = useNavigation().state === "submitting";
  const id = useId();
  const showToast = useToast();
  const [fileError, setFileError] = useState<{ title: string; detail: string } | null>(null);
  const error = data?.error;
  const errorFor = (field: string) =>
    error?.field === field ? (
      <p id={`${id}-${field}-error`} className={fieldStyles.error}>
        {error.message}
      </p>
    ) : null;
  const invalid = (field: string) =>
    error?.field === field
      ? { "aria-invalid": true as const, "aria-describedby": `${id}-${field}-error` }
      : {};

  return (
    <div className={styles.page}>
      <section
        className={styles.card}
        style={{ maxWidth: "40rem" }}
        aria-labelledby={`${id}-title`}
      >
        <h1 id={`${id}-title`}>{currentType === "support" ? "Поддръжка" : "Обратна връзка"}</h1>
        <p>
          <Link
            to={`/feedback?type=${currentType === "support" ? "feedback" : "support"}&from=${encodeURIComponent(from)}`}
          >
            {currentType === "support"
              ? "Искате да споделите мнение? Обратна връзка"
              : "Имате проблем? Поддръжка"}
          </Link>
        </p>
        {error ? (
          <div role="alert" className={fieldStyles.formError}>
            {FEEDBACK_MESSAGES.title}: {error.message}
          </div>
        ) : null}
        <Form method="post" encType="multipart/form-data" noValidate>
          <input type="hidden" name="type" value={currentType} />
          <input type="hidden" name="from" value={from} />
          <div className={fieldStyles.field}>
            <label htmlFor={`${id}-category`} className={fieldStyles.label}>
              Категория *
            </label>
            <select
              id={`${id}-category`}
              name="category"
              className={fieldStyles.input}
              defaultValue={values.category ?? ""}
              {...invalid("category")}
            >
              <option value="">Изберете категория</option>
              {Object.entries(categories).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
            {errorFor("category")}
          </div>
          {currentType === "support" ? (
            <div className={fieldStyles.field}>
              <label htmlFor={`${id}-severity`} className={fieldStyles.label}>
                Спешност (по желание)
              </label>
              <select
                id={`${id}-severity`}
                name="severity"
                className={fieldStyles.input}
                defaultValue={values.severity ?? ""}
              >
                <option value="">Не е посочена</option>
                {Object.entries(SEVERITIES).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <div className={fieldStyles.field}>
            <label htmlFor={`${id}-message`} className={fieldStyles.label}>
              Съобщение *
            </label>
            <textarea
              id={`${id}-message`}
              name="message"
              rows={6}
              className={fieldStyles.input}
              defaultValue={values.message ?? ""}
              {...invalid("message")}
            />
            {errorFor("message")}
          </div>
          <div className={fieldStyles.field}>
            <label htmlFor={`${id}-file`} className={fieldStyles.label}>
              Прикачен файл (JPG или PNG, до 5 MB, по желание)
            </label>
            <input
              id={`${id}-file`}
              type="file"
              name="file"
              accept="image/png,image/jpeg"
              {...(fileError
                ? { "aria-invalid": true as const, "aria-describedby": `${id}-file-error` }
                : invalid("file"))}
              onChange={(event) => {
                const problem = checkFile(event.currentTarget.files?.[0]);
                setFileError(problem);
                if (!problem) return;
                // Refused in the browser before it is sent (spec §5); the server keeps its 413.
                event.currentTarget.value = "";
                showToast({ type: "error", title: problem.title, description: problem.detail });
              }}
            />
            {fileError ? (
              <p id={`${id}-file-error`} className={fieldStyles.error}>
                {fileError.title}. {fileError.detail}
              </p>
            ) : (
              errorFor("file")
            )}
          </div>
          <p>
            Ще ви отговорим на <strong>{email}</strong>.
          </p>
          <div className={fieldStyles.checkboxRow}>
            <input
              id={`${id}-different`}
              type="checkbox"
              name="useDifferentEmail"
              defaultChecked={different}
              onChange={(event) => {
                setDifferent(event.currentTarget.checked);
                // Unchecking clears the other address (spec §5).
                if (!event.currentTarget.checked && customEmail.current)
                  customEmail.current.value = "";
              }}
            />
            <label htmlFor={`${id}-different`}>Отговорете ми на друг имейл адрес</label>
          </div>
          <div className={fieldStyles.field}>
            <label htmlFor={`${id}-email`} className={fieldStyles.label}>
              Друг имейл адрес
            </label>
            <input
              id={`${id}-email`}
              type="email"
              name="customEmail"
              className={fieldStyles.input}
              ref={customEmail}
              defaultValue={values.customEmail ?? ""}
              disabled={hydrated && !different}
              {...invalid("customEmail")}
            />
            {errorFor("customEmail")}
          </div>
          <BotCheckWidget
            siteKey={bot.siteKey}
            token={bot.token}
            error={error?.field === "recaptchaToken" ? error.message : undefined}
          />
          <Button type="submit" disabled={busy}>
            {busy ? "Изпращане..." : "Изпрати"}
          </Button>{" "}
          <Link to={from}>Отказ</Link>
        </Form>
      </section>
    </div>
  );
}

/** A file the form would refuse: over 5 MB, or not a JPG/PNG (by its type; the server checks its bytes). */
function checkFile(file: File | undefined): { title: string; detail: string } | null {
  if (!file) return null;
  if (file.size > ATTACHMENT_MAX_BYTES) {
    return { title: FEEDBACK_MESSAGES.fileTooLarge, detail: FEEDBACK_MESSAGES.fileTooLargeDetail };
  }
  if (file.type && file.type !== "image/png" && file.type !== "image/jpeg") {
    return { title: FEEDBACK_MESSAGES.title, detail: FEEDBACK_MESSAGES.fileType };
  }
  return null;
}

export const meta: MetaFunction = () => [{ title: "Обратна връзка и поддръжка | Сметка" }];
