import { Form, useNavigation } from "@remix-run/react";
import { CompanyField } from "~/components/forms/company-field";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import { Button } from "~/components/ui/button";
import { DOCUMENT_LANGUAGES } from "~/modules/invoices/constants";
import type { InvoiceDefaults } from "~/modules/settings/invoice-defaults-fields";
import { type FormAnswer, typedOr } from "~/utils/forms";

/**
 * The defaults of new documents: payment term, language, notes, footer. The admin's form for new
 * companies and a company's own on /settings are the same fields (intent "invoice-defaults").
 */
export function InvoiceDefaultsForm({
  values,
  answer,
  submitLabel,
}: {
  values: InvoiceDefaults;
  answer: FormAnswer | undefined;
  submitLabel: string;
}) {
  const busy = useNavigation().state !== "idle";
  const form = useFocusFirstInvalid(answer);
  const error = (name: string) => answer?.fieldErrors[name];
  return (
    <Form method="post" ref={form} noValidate>
      <CompanyField />
      <input type="hidden" name="intent" value="invoice-defaults" />
      <FormError message={answer?.formError} />
      <FormField
        name="paymentTermDays"
        label="Срок за плащане (дни)"
        inputMode="numeric"
        required
        hint="Падежът на нов документ е датата му плюс този срок, ако клиентът няма свой"
        defaultValue={typedOr(answer, "paymentTermDays", String(values.paymentTermDays))}
        error={error("paymentTermDays")}
        controlProps={{ maxLength: 3 }}
      />
      <FormField
        name="language"
        label="Език на документите"
        required
        hint="Когато клиентът не е с документи на английски"
        options={DOCUMENT_LANGUAGES}
        defaultValue={typedOr(answer, "language", values.language)}
        error={error("language")}
      />
      <FormField
        name="notes"
        label="Забележки по подразбиране"
        multiline
        hint="Попълват се в нов документ; до 1000 знака"
        defaultValue={typedOr(answer, "notes", values.notes ?? "")}
        error={error("notes")}
        controlProps={{ maxLength: 1000 }}
      />
      <FormField
        name="footer"
        label="Текст в долния край на документа"
        multiline
        hint="Отпечатва се на всеки документ; до 500 знака. Издадените документи запазват текста, с който са издадени."
        defaultValue={typedOr(answer, "footer", values.footer ?? "")}
        error={error("footer")}
        controlProps={{ maxLength: 500 }}
      />
      <Button type="submit" disabled={busy}>
        {submitLabel}
      </Button>
    </Form>
  );
}
