import { Form, useNavigation } from "@remix-run/react";
import { CompanyField } from "~/components/forms/company-field";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import * as page from "~/components/layout/page.css";
import { Button } from "~/components/ui/button";
import type { FILING_FIELDS } from "~/modules/vat/schema";
import { typedOr, useFormAnswer } from "~/utils/forms";

/** Who files the VAT files (/reports/vat, issue #16): the filer's name, ЕГН, role and address. */
export function FilingForm({
  month,
  settings,
}: {
  month: string;
  /** The company's saved filer, or null before the first save. */
  settings: Record<(typeof FILING_FIELDS)[number], string | number> | null;
}) {
  const answer = useFormAnswer("filing");
  const form = useFocusFirstInvalid(answer);
  const busy = useNavigation().state !== "idle";
  const value = (name: keyof NonNullable<typeof settings>) =>
    typedOr(
      answer,
      name,
      settings ? String(settings[name]) : name === "creditCoefficient" ? "1" : "",
    );
  return (
    <section className={page.card} aria-labelledby="filing" id="filing">
      <h2 id="filing" className={page.cardTitle}>
        Кой подава файловете
      </h2>
      <Form method="post" ref={form} noValidate>
        <CompanyField />
        <input type="hidden" name="month" value={month} />
        <FormError message={answer?.formError} />
        <FormField
          name="filerName"
          label="Име, презиме и фамилия"
          required
          defaultValue={value("filerName")}
          error={answer?.fieldErrors.filerName}
        />
        <FormField
          name="filerEgn"
          label="ЕГН или ЛНЧ"
          required
          inputMode="numeric"
          defaultValue={value("filerEgn")}
          error={answer?.fieldErrors.filerEgn}
        />
        <FormField
          name="filerRole"
          label="Качество"
          required
          options={[
            ["R", "Представляващ"],
            ["A", "Пълномощник"],
          ]}
          defaultValue={value("filerRole") || "R"}
          error={answer?.fieldErrors.filerRole}
        />
        <FormField
          name="filerCity"
          label="Населено място"
          required
          defaultValue={value("filerCity")}
          error={answer?.fieldErrors.filerCity}
        />
        <FormField
          name="filerPostalCode"
          label="Пощенски код"
          required
          inputMode="numeric"
          defaultValue={value("filerPostalCode")}
          error={answer?.fieldErrors.filerPostalCode}
        />
        <FormField
          name="filerAddress"
          label="Адрес"
          required
          defaultValue={value("filerAddress")}
          error={answer?.fieldErrors.filerAddress}
        />
        <FormField
          name="creditCoefficient"
          label="Коефициент за частичен данъчен кредит (кл. 33)"
          hint="От 0,00 до 1,00; 1 — ако нямате частичен кредит"
          defaultValue={value("creditCoefficient")}
          error={answer?.fieldErrors.creditCoefficient}
        />
        <Button type="submit" disabled={busy}>
          Запази
        </Button>
      </Form>
    </section>
  );
}
