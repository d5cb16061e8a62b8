import { Form, useNavigation } from "@remix-run/react";
import { AmountField } from "~/components/forms/amount-field";
import { CompanyField } from "~/components/forms/company-field";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import * as formGrid from "~/components/forms/form-grid.css";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import { Button } from "~/components/ui/button";
import type { FormAnswer } from "~/utils/forms";

export interface CatalogueFormOptions {
  /** Rates in force today, highest first. */
  rates: number[];
  /** Grounds in force today, as printed, with what they mean. */
  grounds: { text: string; label: string }[];
  vatRegistered: boolean;
  /** The company's 70x accounts, for a member who keeps the books; null: the field is not drawn. */
  revenueAccounts: { code: string; name: string }[] | null;
}

/**
 * An item of the catalogue (new and edit): a native form that works without JavaScript. The
 * price is without VAT and goes onto a document's line as it is.
 */
export function CatalogueForm({
  values,
  answer,
  options,
  submitLabel,
}: {
  values: Record<string, string>;
  answer: FormAnswer | undefined;
  options: CatalogueFormOptions;
  submitLabel: string;
}) {
  const busy = useNavigation().state !== "idle";
  const form = useFocusFirstInvalid(answer);
  const value = (name: string) =>
    (answer?.repopulateFields?.[name] as string | undefined) ?? values[name] ?? "";
  const error = (name: string) => answer?.fieldErrors[name];
  const rate = value("vatRate");
  const rateOptions: [string, string][] = [
    ...options.rates.map((r) => [String(r), `${r} %`] as [string, string]),
    ["none", "Без ДДС"],
  ];
  // A rate saved earlier that is no longer in force stays offered, marked, until changed.
  if (rate && !rateOptions.some(([v]) => v === rate)) {
    rateOptions.unshift([rate, `${rate} % (не е в сила днес)`]);
  }
  return (
    <Form method="post" ref={form} noValidate>
      <CompanyField />
      <FormError message={answer?.formError} />
      <div className={formGrid.grid}>
        <FormField
          name="name"
          label="Наименование"
          required
          defaultValue={value("name")}
          error={error("name")}
          hint="Както ще се отпечата на реда на документа"
          controlProps={{ maxLength: 200 }}
        />
        <FormField
          name="nameEn"
          label="Наименование на английски"
          defaultValue={value("nameEn")}
          error={error("nameEn")}
          hint="За документи на английски"
          controlProps={{ maxLength: 200, lang: "en" }}
        />
      </div>
      <div className={formGrid.row}>
        <FormField
          name="unit"
          label="Мярка"
          defaultValue={value("unit") || "бр."}
          error={error("unit")}
          controlProps={{ maxLength: 20 }}
        />
        <AmountField
          name="unitPrice"
          label="Ед. цена без ДДС"
          required
          defaultValue={value("unitPrice")}
          error={error("unitPrice")}
          hint="До 4 знака след запетаята; във валутата на документа"
        />
        <FormField
          name="vatRate"
          label="ДДС"
          options={rateOptions}
          defaultValue={rate || rateOptions[0]?.[0]}
          error={error("vatRate")}
          hint={
            options.vatRegistered
              ? undefined
              : "Без регистрация по ЗДДС: в документите редовете са без ДДС"
          }
        />
      </div>
      <FormField
        name="vatGround"
        label="Основание за 0 % или без ДДС"
        defaultValue={value("vatGround")}
        error={error("vatGround")}
        hint="Попълва основанието на документа, ако там няма избрано"
        controlProps={{ maxLength: 200, list: "catalogue-vat-grounds" }}
      />
      <datalist id="catalogue-vat-grounds">
        {options.grounds.map((g) => (
          <option key={g.text} value={g.text}>
            {g.label}
          </option>
        ))}
      </datalist>
      {options.revenueAccounts ? (
        <FormField
          name="revenueAccount"
          label="Сметка за приходи"
          options={[
            ["default", "По подразбиране на фирмата (правилата на счетоводството)"],
            ...options.revenueAccounts.map(
              (a) => [a.code, `${a.code} ${a.name}`] as [string, string],
            ),
          ]}
          defaultValue={value("revenueAccount") || "default"}
          error={error("revenueAccount")}
          hint="Продажбите на артикула се осчетоводяват по нея (702 стоки, 703 услуги); промяната важи за документите, издадени след нея"
        />
      ) : null}
      <p>
        <Button type="submit" name="intent" value="save" disabled={busy}>
          {submitLabel}
        </Button>
      </p>
    </Form>
  );
}
