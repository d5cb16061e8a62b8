import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { CompanyField, keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import { DateField } from "~/components/forms/date-field";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import { RecurringPreview } from "~/components/invoices/recurring-preview";
import * as page from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";
import { getClient } from "~/modules/clients/queries.server";
import { DOCUMENT_TYPES } from "~/modules/invoices/constants";
import { documentsOf, requireDocument } from "~/modules/invoices/documents.server";
import { MODES, RECURRING_FIELDS } from "~/modules/recurring/constants";
import { PLACEHOLDERS } from "~/modules/recurring/placeholders";
import { FREQUENCIES, firstStartAfter, type Rule, upcoming } from "~/modules/recurring/schedule";
import { lineDescriptionSchema, recurringSchema } from "~/modules/recurring/schema";
import { createRecurring } from "~/modules/recurring/service.server";
import { printDate, todayInSofia } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { typedOr, useFormAnswer } from "~/utils/forms";
import {
  parseFormValues,
  refuseForm,
  refuseUnknownIntent,
  refuseWithAppError,
  typedValues,
} from "~/utils/forms.server";
import { formatMoney } from "~/utils/money";
import { redirectWithToast } from "~/utils/toast.server";
import { requireCompanyUser } from "~/web/auth/guards.server";

/*
 * /invoices/recurring/new?from={documentId} (issue #15, «Направи периодична»): the schedule of a
 * recurring invoice made from one of the company's invoices; the next dates are shown as the
 * schedule is chosen (and after a refused form without JavaScript).
 * It starts one period after the source document (issue #41, item 7: starting today made a second
 * invoice for the source's own period), and its lines may hold period placeholders filled in each
 * occurrence, shown in the preview («Преглед» re-draws it without JavaScript).
 */

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request, context, "documents.edit");
  const from = new URL(request.url).searchParams.get("from") ?? undefined;
  const doc = await requireDocument(context.db, user.companyId, from, documentsOf(user));
  if (doc.type !== "invoice") {
    throw json({ message: "Периодична може да е само фактура" }, { status: 400 });
  }
  const client = await getClient(context.db, user.companyId, doc.clientId);
  if (!client) throw json({ message: "Клиентът не е намерен" }, { status: 404 });
  const today = todayInSofia();
  const next = {
    monthly: firstStartAfter(doc.issueDate, "monthly", today),
    quarterly: firstStartAfter(doc.issueDate, "quarterly", today),
    yearly: firstStartAfter(doc.issueDate, "yearly", today),
  };
  return json({
    doc: {
      id: doc.id,
      title: `${DOCUMENT_TYPES[doc.type]}${doc.number ? ` № ${doc.number}` : " (чернова)"}`,
      total: formatMoney(doc.totalCents, doc.currency),
      client: client.name,
      issueDate: doc.issueDate,
      language: doc.language,
      lines: doc.lines.map((line) => line.description),
    },
    next,
    defaults: {
      name: `${client.name} — месечна фактура`.slice(0, 100),
      frequency: "monthly",
      dayOfMonth: doc.issueDate.slice(8, 10).replace(/^0/, ""),
      startOn: next.monthly,
      mode: "draft",
      ...Object.fromEntries(doc.lines.map((line, index) => [`line-${index}`, line.description])),
    } as Record<string, string>,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireCompanyUser(request, context, "documents.edit");
  const from = new URL(request.url).searchParams.get("from") ?? undefined;
  const doc = await requireDocument(context.db, user.companyId, from, documentsOf(user));
  const values = typedValues(await request.formData());
  // «Преглед»: the page again with what was typed, its dates and lines filled (without JavaScript).
  if (values.intent === "preview") {
    return json({ formId: "recurring", fieldErrors: {}, repopulateFields: values });
  }
  if (values.intent !== undefined && values.intent !== "create") {
    return refuseUnknownIntent("recurring");
  }
  const { data, refusal } = parseFormValues("recurring", recurringSchema, values, RECURRING_FIELDS);
  if (refusal) return refusal;
  const lineDescriptions: string[] = [];
  const lineErrors: Record<string, string> = {};
  doc.lines.forEach((line, index) => {
    const parsed = lineDescriptionSchema.safeParse(values[`line-${index}`] ?? line.description);
    if (parsed.success) lineDescriptions.push(parsed.data);
    else lineErrors[`line-${index}`] = parsed.error.issues[0]?.message ?? "Невалидно описание";
  });
  if (Object.keys(lineErrors).length) {
    return refuseForm({
      formId: "recurring",
      fieldErrors: lineErrors,
      formError: "Проверете отбелязаните полета",
      repopulateFields: values,
      focus: Object.keys(lineErrors)[0],
    });
  }
  try {
    await createRecurring(context.db, user.companyId, doc.id, { ...data, lineDescriptions });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refuseWithAppError("recurring", error, values);
  }
  return redirectWithToast("/invoices/recurring", {
    title: "Периодичната фактура е създадена",
    description: `Първата ще бъде на ${printDate(upcoming(data, data.startOn, 1)[0] ?? data.startOn)}.`,
  });
}

export default function NewRecurring() {
  const { doc, defaults, next } = useLoaderData<typeof loader>();
  const answer = useFormAnswer("recurring");
  const formRef = useFocusFirstInvalid(answer);
  const busy = useNavigation().state !== "idle";
  const value = (name: string) =>
    typedOr(answer, name, String(defaults[name as keyof typeof defaults] ?? ""));
  const [rule, setRule] = useState({
    frequency: value("frequency"),
    dayOfMonth: value("dayOfMonth"),
    startOn: value("startOn"),
    endOn: value("endOn"),
    lines: doc.lines.map((_, index) => value(`line-${index}`)),
  });
  return (
    <div className={page.page}>
      <p>
        <Link to={`/invoice/${doc.id}`}>« {doc.title}</Link>
      </p>
      <h1>Направи периодична</h1>
      <p>
        По образец на {doc.title} от {printDate(doc.issueDate)} за {doc.client} ({doc.total}):
        същият клиент, редове, валута и бележки; датите са тези на деня, в който се създава.
      </p>
      <Form
        method="post"
        ref={formRef}
        noValidate
        className={page.card}
        onChange={(event) => {
          const form = event.currentTarget;
          const read = (name: string) =>
            (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? "";
          setRule({
            frequency: read("frequency"),
            dayOfMonth: read("dayOfMonth"),
            startOn: read("startOn"),
            endOn: read("endOn"),
            lines: doc.lines.map((_, index) => read(`line-${index}`)),
          });
        }}
      >
        <CompanyField />
        <FormError message={answer?.formError} />
        <FormField
          name="name"
          label="Име"
          required
          defaultValue={value("name")}
          error={answer?.fieldErrors.name}
          controlProps={{ maxLength: 100 }}
        />
        <FormField
          name="frequency"
          label="Колко често"
          required
          defaultValue={value("frequency")}
          error={answer?.fieldErrors.frequency}
          options={Object.entries(FREQUENCIES).map(([key, f]) => [key, f.label] as const)}
        />
        <FormField
          name="dayOfMonth"
          label="Ден от месеца"
          required
          type="number"
          inputMode="numeric"
          defaultValue={value("dayOfMonth")}
          error={answer?.fieldErrors.dayOfMonth}
          hint="29, 30 и 31 са последният ден в по-кратките месеци"
          controlProps={{ min: 1, max: 31 }}
        />
        <DateField
          name="startOn"
          label="Начало"
          required
          defaultValue={value("startOn")}
          error={answer?.fieldErrors.startOn}
          hint={`Първата след ${printDate(doc.issueDate)}, за да не се издаде втора фактура за същия период: месечна — ${printDate(next.monthly)}, тримесечна — ${printDate(next.quarterly)}, годишна — ${printDate(next.yearly)}`}
        />
        <DateField
          name="endOn"
          label="Край (по желание)"
          defaultValue={value("endOn")}
          error={answer?.fieldErrors.endOn}
          hint="Празно: без край"
        />
        <fieldset>
          <legend>Какво да става в уречения ден</legend>
          {Object.entries(MODES).map(([key, label]) => (
            <label key={key} style={{ display: "block" }}>
              <input
                type="radio"
                name="mode"
                value={key}
                defaultChecked={value("mode") === key}
                aria-invalid={answer?.fieldErrors.mode ? true : undefined}
              />{" "}
              {label}
            </label>
          ))}
          {answer?.fieldErrors.mode ? <p role="alert">{answer.fieldErrors.mode}</p> : null}
        </fieldset>
        <fieldset>
          <legend>Редове</legend>
          {doc.lines.map((_, index) => (
            <FormField
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines keep their order
              key={index}
              name={`line-${index}`}
              label={`Ред ${index + 1}: описание`}
              required
              defaultValue={value(`line-${index}`)}
              error={answer?.fieldErrors[`line-${index}`]}
              controlProps={{ maxLength: 500 }}
            />
          ))}
          <details>
            <summary>Заместители за периода в описанието и бележките</summary>
            <p>Попълват се при всяко издаване с периода на фактурата (на английски в английска):</p>
            <dl>
              {PLACEHOLDERS.map((placeholder) => (
                <div key={placeholder.key}>
                  <dt>
                    <code>{placeholder.key}</code>
                  </dt>
                  <dd>{placeholder.meaning}</dd>
                </div>
              ))}
            </dl>
          </details>
        </fieldset>
        <RecurringPreview
          rule={{
            frequency: rule.frequency as Rule["frequency"],
            dayOfMonth: Number(rule.dayOfMonth),
            startOn: rule.startOn,
            endOn: rule.endOn || null,
          }}
          lines={rule.lines}
          language={doc.language}
        />
        <Button type="submit" name="intent" value="preview" tone="secondary" disabled={busy}>
          Преглед
        </Button>{" "}
        <Button type="submit" name="intent" value="create" disabled={busy}>
          Създай периодичната фактура
        </Button>
      </Form>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Направи периодична | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
