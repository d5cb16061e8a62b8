import { Form, useNavigation } from "@remix-run/react";
import { CompanyField } from "~/components/forms/company-field";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import * as formGrid from "~/components/forms/form-grid.css";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import { Button } from "~/components/ui/button";
import { DOCUMENT_LANGUAGES } from "~/modules/invoices/constants";
import { OFFER_BECOMES } from "~/modules/offers/constants";
import type { FormAnswer } from "~/utils/forms";

export interface OfferFormOptions {
  clients: { id: string; name: string }[];
  catalogue: { id: string; name: string }[];
  rates: number[];
  grounds: { text: string; label: string }[];
}

/*
 * An offer (new and edit, decision 077): a native form that works without JavaScript. A line
 * picked from the catalogue is filled in on the server (its name, unit, price and rate) unless
 * typed; «+ Добави ред» posts the form and draws it again with one more row.
 */
export function OfferForm({
  values,
  rows,
  answer,
  options,
  submitLabel,
}: {
  values: Record<string, string>;
  /** How many line rows to draw. */
  rows: number;
  answer: FormAnswer | undefined;
  options: OfferFormOptions;
  submitLabel: string;
}) {
  const busy = useNavigation().state !== "idle";
  const form = useFocusFirstInvalid(answer);
  const value = (name: string) =>
    (answer?.repopulateFields?.[name] as string | undefined) ?? values[name] ?? "";
  const error = (name: string) => answer?.fieldErrors[name];
  const field = (name: string) => ({ name, defaultValue: value(name), error: error(name) });
  const rateOptions: [string, string][] = [
    ...options.rates.map((r) => [String(r), `${r} %`] as [string, string]),
    ["none", "Без ДДС"],
  ];
  const catalogue: [string, string][] = [
    ["", "— въведен ръчно —"],
    ...options.catalogue.map((item) => [item.id, item.name] as [string, string]),
  ];
  return (
    <Form method="post" ref={form} noValidate key={rows}>
      <CompanyField />
      <FormError message={answer?.formError} />
      <div className={formGrid.grid}>
        <FormField
          {...field("clientId")}
          label="Клиент"
          required
          options={[
            ["", "Изберете клиент"],
            ...options.clients.map((c) => [c.id, c.name] as const),
          ]}
        />
        <FormField {...field("issueDate")} label="Дата" type="date" required />
        <FormField {...field("validUntil")} label="Валидна до" type="date" required />
        <FormField {...field("becomes")} label="При приемане става" options={OFFER_BECOMES} />
        <FormField {...field("language")} label="Език" options={DOCUMENT_LANGUAGES} />
        <FormField {...field("currency")} label="Валута" hint="Трибуквен код, напр. EUR" />
        <FormField
          {...field("eurRate")}
          label="Курс към еврото (за друга валута)"
          inputMode="decimal"
        />
        <FormField
          {...field("vatGround")}
          label="Основание за неначисляване на ДДС"
          options={[["", "—"], ...options.grounds.map((g) => [g.text, g.label] as const)]}
        />
        <FormField {...field("authorName")} label="Съставил" />
      </div>
      <fieldset>
        <legend className={formGrid.legend}>Редове</legend>
        {error("lines") ? <p role="alert">{error("lines")}</p> : null}
        {Array.from({ length: rows }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a row is its position («lines.N.…»)
          <div key={`line-${i}`} className={formGrid.row} aria-label={`Ред ${i + 1}`} role="group">
            <FormField
              {...field(`lines.${i}.catalogueItemId`)}
              label={`Ред ${i + 1}: от каталога`}
              options={catalogue}
            />
            <FormField {...field(`lines.${i}.description`)} label="Описание" />
            <FormField {...field(`lines.${i}.quantity`)} label="Количество" inputMode="decimal" />
            <FormField {...field(`lines.${i}.unit`)} label="Мярка" />
            <FormField
              {...field(`lines.${i}.unitPrice`)}
              label="Ед. цена без ДДС"
              inputMode="decimal"
            />
            <FormField {...field(`lines.${i}.discount`)} label="Отстъпка, %" inputMode="decimal" />
            <FormField {...field(`lines.${i}.vatRate`)} label="ДДС" options={rateOptions} />
          </div>
        ))}
        <input type="hidden" name="rows" value={rows} />
        <Button type="submit" name="intent" value="add_line" tone="secondary" disabled={busy}>
          + Добави ред
        </Button>
      </fieldset>
      <FormField {...field("notes")} label="Забележки" multiline />
      <p>
        <Button type="submit" name="intent" value="save" disabled={busy}>
          {submitLabel}
        </Button>
      </p>
    </Form>
  );
}
