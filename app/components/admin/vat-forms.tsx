import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { DateField } from "~/components/forms/date-field";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import { Button } from "~/components/ui/button";
import { VAT_GROUND_KINDS } from "~/modules/reference/vat-rows";
import { typedOr, useFormAnswer } from "~/utils/forms";

/*
 * The forms of /hatterscastle/vat-update: add a rate or a ground from a day, set a row's last
 * day. Native forms, each with its intent; a refused one comes back with what was typed.
 */

function VatForm({
  intent,
  title,
  submit,
  children,
}: {
  intent: string;
  title: string;
  submit: string;
  children: (answer: ReturnType<typeof useFormAnswer>) => ReactNode;
}) {
  const answer = useFormAnswer(intent);
  const form = useFocusFirstInvalid(answer);
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" ref={form} noValidate aria-labelledby={`${intent}-title`}>
      <h3 id={`${intent}-title`}>{title}</h3>
      <input type="hidden" name="intent" value={intent} />
      <FormError message={answer?.formError} />
      {children(answer)}
      <Button type="submit" tone="secondary" disabled={busy}>
        {submit}
      </Button>
    </Form>
  );
}

export function AddRateForm() {
  return (
    <VatForm intent="add-rate" title="Нова ставка" submit="Добави ставката">
      {(answer) => (
        <>
          <FormField
            name="rate"
            label="Ставка (%)"
            inputMode="numeric"
            required
            hint="Цяло число от 0 до 100"
            defaultValue={typedOr(answer, "rate")}
            error={answer?.fieldErrors.rate}
            controlProps={{ maxLength: 3 }}
          />
          <FormField
            name="name"
            label="Наименование"
            required
            placeholder="напр. Намалена ставка"
            defaultValue={typedOr(answer, "name")}
            error={answer?.fieldErrors.name}
            controlProps={{ maxLength: 100 }}
          />
          <DateField
            name="validFrom"
            label="В сила от"
            required
            hint="Важи за документи с дата на данъчно събитие (или издаване) от този ден"
            defaultValue={typedOr(answer, "validFrom")}
            error={answer?.fieldErrors.validFrom}
          />
        </>
      )}
    </VatForm>
  );
}

/** Sets the last day of one of the rows (a rate or a ground). */
export function EndRowForm({
  intent,
  title,
  rows,
  hint,
}: {
  intent: "end-rate" | "end-ground";
  title: string;
  rows: { id: string; label: string }[];
  hint: string;
}) {
  return (
    <VatForm intent={intent} title={title} submit="Запази последния ден">
      {(answer) => (
        <>
          <FormField
            name="id"
            label={intent === "end-rate" ? "Ставка" : "Основание"}
            required
            options={[["", "— Изберете —"], ...rows.map((r) => [r.id, r.label] as const)]}
            defaultValue={typedOr(answer, "id")}
            error={answer?.fieldErrors.id}
          />
          <DateField
            name="validTo"
            label="Последен ден на действие"
            required
            hint={hint}
            defaultValue={typedOr(answer, "validTo")}
            error={answer?.fieldErrors.validTo}
          />
        </>
      )}
    </VatForm>
  );
}

export function AddGroundForm() {
  return (
    <VatForm intent="add-ground" title="Ново основание" submit="Добави основанието">
      {(answer) => (
        <>
          <FormField
            name="text"
            label="Текст, както се отпечатва"
            required
            placeholder="напр. чл. 21, ал. 2 от ЗДДС"
            defaultValue={typedOr(answer, "text")}
            error={answer?.fieldErrors.text}
            controlProps={{ maxLength: 200 }}
          />
          <FormField
            name="textEn"
            label="Текст на английски (за документите на английски)"
            hint="Празно — английският документ печата българския текст"
            placeholder="напр. Art. 21(2) of the Bulgarian VAT Act; Art. 196 of Directive 2006/112/EC"
            defaultValue={typedOr(answer, "textEn")}
            error={answer?.fieldErrors.textEn}
            controlProps={{ maxLength: 300, lang: "en" }}
          />
          <FormField
            name="label"
            label="Описание"
            required
            defaultValue={typedOr(answer, "label")}
            error={answer?.fieldErrors.label}
            controlProps={{ maxLength: 200 }}
          />
          <FormField
            name="kind"
            label="Вид"
            required
            options={[["", "— Изберете —"], ...Object.entries(VAT_GROUND_KINDS)]}
            defaultValue={typedOr(answer, "kind")}
            error={answer?.fieldErrors.kind}
          />
          <DateField
            name="validFrom"
            label="В сила от"
            required
            defaultValue={typedOr(answer, "validFrom")}
            error={answer?.fieldErrors.validFrom}
          />
        </>
      )}
    </VatForm>
  );
}

/** «Изтегли курсовете от ЕЦБ»: the daily job's work now (decision 051). */
export function FetchEcbForm() {
  return (
    <VatForm intent="fetch-ecb" title="Изтегляне сега" submit="Изтегли курсовете от ЕЦБ">
      {() => (
        <p>
          Курсовете се изтеглят всеки ден в 17:30 от ecb.europa.eu; след пропуснати дни се изтеглят
          последните 90 дни.
        </p>
      )}
    </VatForm>
  );
}
