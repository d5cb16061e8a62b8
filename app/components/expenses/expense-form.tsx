import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { CompanyField } from "~/components/forms/company-field";
import { DateField } from "~/components/forms/date-field";
import * as fieldStyles from "~/components/forms/field.css";
import { FormError } from "~/components/forms/field-frame";
import { FormField } from "~/components/forms/form-field";
import { useFocusFirstInvalid } from "~/components/forms/use-focus-first-invalid";
import { Button } from "~/components/ui/button";
import {
  EXPENSE_ACQUISITIONS,
  EXPENSE_DOCUMENT_TYPES,
  EXPENSE_PAYMENT_METHODS,
  givesVatCredit,
  NO_CREDIT_NOTE,
  VAT_CREDITS,
} from "~/modules/expenses/constants";
import { CURRENCIES } from "~/modules/reference/currencies";
import type { FormAnswer } from "~/utils/forms";
import { AmountsTable, useLiveAmounts } from "./expense-amounts";
import * as styles from "./expenses.css";
import { ReverseChargeField } from "./reverse-charge-field";
import { SupplierPicker } from "./supplier-picker";
import { UblImportFields } from "./ubl-import";

/**
 * The expense form (a native multipart form): supplier, document, amounts per VAT rate, VAT
 * credit, payment, notes and receipts. With JavaScript the VAT follows the base (unless edited),
 * the totals are live, a previous supplier is picked by searching, and only the fields that apply
 * are shown.
 */
export function ExpenseForm({
  values,
  answer,
  categories,
  vatRegistered,
  submitLabel,
  withFiles,
  ublImport,
}: {
  values: Record<string, string>;
  answer: FormAnswer | undefined;
  categories: { id: string; name: string }[];
  vatRegistered: boolean;
  submitLabel: string;
  withFiles: boolean;
  /** Offer «Импорт от електронна фактура (UBL)» (a new expense), with what the last import noted. */
  ublImport?: { warnings: string[] };
}) {
  const form = useFocusFirstInvalid(answer);
  const hydrated = useHydrated();
  const busy = useNavigation().state !== "idle";
  const value = (name: string, fallback = "") =>
    (answer?.repopulateFields?.[name] as string | undefined) ?? values[name] ?? fallback;
  const [paid, setPaid] = useState(value("paid") !== "no");
  const [credit, setCredit] = useState(value("vatCredit") || (vatRegistered ? "full" : "none"));
  const [currency, setCurrency] = useState(value("currency") || "EUR");
  const [documentType, setDocumentType] = useState(value("documentType", "invoice"));
  const totals = useLiveAmounts(
    form,
    answer?.repopulateFields ? ({ ...answer.repopulateFields } as Record<string, string>) : values,
  );
  const error = (name: string) => answer?.fieldErrors[name];

  return (
    <Form method="post" encType="multipart/form-data" ref={form} noValidate>
      <CompanyField />
      {ublImport ? (
        // Enter in a field submits with the form's first submit button: this one saves, so the
        // import's «Прочети файла» below is only ever pressed on purpose.
        <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true">
          {submitLabel}
        </button>
      ) : null}
      <FormError message={answer?.formError} />
      {answer?.fieldErrors.confirmDuplicate ? (
        <div className={styles.duplicate}>
          <p style={{ marginTop: 0 }}>
            {answer.link ? <Link to={answer.link.to}>{answer.link.text}</Link> : null}, ако е същият
            документ.
          </p>
          <div className={fieldStyles.checkboxRow}>
            <input id="confirm-duplicate" type="checkbox" name="confirmDuplicate" />
            <label htmlFor="confirm-duplicate">Запиши въпреки това (документът е друг)</label>
          </div>
        </div>
      ) : null}

      {ublImport ? (
        <UblImportFields
          error={error("ubl")}
          fileId={value("ublFile")}
          fileName={value("ublFileName")}
          pdfId={value("ublPdf")}
          pdfName={value("ublPdfName")}
          warnings={ublImport.warnings}
        />
      ) : null}

      <fieldset className={styles.section}>
        <legend className={styles.legend}>Доставчик</legend>
        <input type="hidden" name="supplierId" defaultValue={value("supplierId")} />
        {hydrated ? <SupplierPicker form={form} /> : null}
        <div className={styles.row}>
          <FormField
            name="supplierName"
            label="Име на доставчика"
            required
            defaultValue={value("supplierName")}
            error={error("supplierName")}
            autoComplete="organization"
          />
          <FormField
            name="supplierEik"
            label="ЕИК/Булстат"
            inputMode="numeric"
            defaultValue={value("supplierEik")}
            error={error("supplierEik")}
          />
          <FormField
            name="supplierVatNumber"
            label="ДДС номер"
            defaultValue={value("supplierVatNumber")}
            error={error("supplierVatNumber")}
            hint="BG и цифрите на българския номер, или чуждестранен с кода на държавата (DE…, NO…MVA)"
          />
        </div>
        <FormField
          name="supplierCompanyId"
          label="Регистрационен номер"
          defaultValue={value("supplierCompanyId")}
          error={error("supplierCompanyId")}
          hint="На чуждестранен доставчик (вместо ЕИК), напр. организационният номер в Норвегия"
        />
        <FormField
          name="supplierAddress"
          label="Адрес"
          defaultValue={value("supplierAddress")}
          error={error("supplierAddress")}
        />
      </fieldset>

      <fieldset className={styles.section}>
        <legend className={styles.legend}>Документ</legend>
        <div className={styles.row}>
          <FormField
            name="documentType"
            label="Вид документ"
            required
            options={EXPENSE_DOCUMENT_TYPES}
            defaultValue={value("documentType", "invoice")}
            error={error("documentType")}
          />
          {!hydrated || documentType === "protocol_117" ? (
            <FormField
              name="acquisition"
              label="Протоколът е за"
              options={EXPENSE_ACQUISITIONS}
              defaultValue={value("acquisition", "services")}
              error={error("acquisition")}
              hint="Само за протокол по чл. 117: колоната в дневника за продажбите"
            />
          ) : null}
          <FormField
            name="documentNumber"
            label="Номер"
            required
            defaultValue={value("documentNumber")}
            error={error("documentNumber")}
            hint="Фактура и известие от български доставчик: 10 цифри"
          />
          <DateField
            name="documentDate"
            label="Дата на документа"
            required
            defaultValue={value("documentDate")}
            error={error("documentDate")}
          />
          <DateField
            name="taxEventDate"
            label="Дата на данъчното събитие"
            defaultValue={value("taxEventDate")}
            error={error("taxEventDate")}
            hint="Празно, ако съвпада с датата на документа"
          />
        </div>
        <ReverseChargeField value={value} error={error} />
        <FormField
          name="description"
          label="Описание"
          required
          defaultValue={value("description")}
          error={error("description")}
        />
        <FormField
          name="categoryId"
          label="Категория"
          required
          options={[
            ["", "— Изберете категория —"],
            ...categories.map((c) => [c.id, c.name] as [string, string]),
          ]}
          defaultValue={value("categoryId")}
          error={error("categoryId")}
          hint={<Link to="/expenses/categories">Категории</Link>}
        />
      </fieldset>

      <fieldset className={styles.section}>
        <legend className={styles.legend}>Суми</legend>
        <div className={styles.row}>
          <FormField
            name="currency"
            label="Валута"
            options={[
              ["EUR", "EUR — евро"],
              ["BGN", "BGN — лев (само за документи до 31.12.2025)"],
              ...CURRENCIES.filter((c) => c !== "EUR").map((c) => [c, c] as [string, string]),
            ]}
            defaultValue={value("currency", "EUR")}
            error={error("currency")}
          />
          {!hydrated || (currency !== "EUR" && currency !== "BGN") ? (
            <FormField
              name="eurRate"
              label="Курс към еврото (1 единица = … EUR)"
              inputMode="decimal"
              defaultValue={value("eurRate")}
              error={error("eurRate")}
              hint={
                // The ECB's rate an e-invoice's import filled in, with its date (decision 051).
                value("eurRateNote") ||
                "Само за валути, различни от EUR и BGN; оставен празен, се попълва курсът на ЕЦБ за датата"
              }
            />
          ) : null}
        </div>
        <FormError message={error("amounts")} />
        <AmountsTable
          value={value}
          error={error}
          hydrated={hydrated}
          totals={totals}
          currency={currency}
        />
      </fieldset>

      <fieldset className={styles.section}>
        <legend className={styles.legend}>Данъчен кредит</legend>
        {vatRegistered && hydrated && !givesVatCredit(documentType) ? (
          <>
            <input type="hidden" name="vatCredit" value="none" />
            <p className={fieldStyles.hint}>{NO_CREDIT_NOTE}</p>
          </>
        ) : vatRegistered ? (
          <>
            <div className={styles.radioRow}>
              {Object.entries(VAT_CREDITS).map(([key, label]) => (
                <label key={key}>
                  <input
                    type="radio"
                    name="vatCredit"
                    value={key}
                    defaultChecked={credit === key}
                    onChange={() => setCredit(key)}
                  />{" "}
                  {label}
                </label>
              ))}
            </div>
            {!hydrated || credit === "partial" ? (
              <FormField
                name="vatCreditCoefficient"
                label="Коефициент за частичен кредит"
                inputMode="decimal"
                defaultValue={value("vatCreditCoefficient")}
                error={error("vatCreditCoefficient")}
                hint="Между 0 и 1, напр. 0,45 (само при частичен кредит)"
              />
            ) : null}
            {hydrated ? null : <p className={fieldStyles.hint}>{NO_CREDIT_NOTE}</p>}
          </>
        ) : (
          <p className={fieldStyles.hint}>
            Без регистрация по ЗДДС: ДДС по покупките не се приспада.
          </p>
        )}
      </fieldset>

      <fieldset className={styles.section}>
        <legend className={styles.legend}>Плащане</legend>
        <div className={styles.radioRow}>
          <label>
            <input
              type="radio"
              name="paid"
              value="yes"
              defaultChecked={paid}
              onChange={() => setPaid(true)}
            />{" "}
            Платен
          </label>
          <label>
            <input
              type="radio"
              name="paid"
              value="no"
              defaultChecked={!paid}
              onChange={() => setPaid(false)}
            />{" "}
            Неплатен
          </label>
        </div>
        <div className={styles.row}>
          {!hydrated || paid ? (
            <>
              <DateField
                name="paidOn"
                label="Дата на плащане"
                defaultValue={value("paidOn")}
                error={error("paidOn")}
                hint={hydrated ? undefined : "При платен разход"}
              />
              <FormField
                name="paymentMethod"
                label="Начин на плащане"
                options={EXPENSE_PAYMENT_METHODS}
                defaultValue={value("paymentMethod", "bank")}
                error={error("paymentMethod")}
              />
            </>
          ) : null}
          {!hydrated || !paid ? (
            <DateField
              name="dueDate"
              label="Падеж"
              defaultValue={value("dueDate")}
              error={error("dueDate")}
              hint={hydrated ? undefined : "При неплатен разход"}
            />
          ) : null}
        </div>
      </fieldset>

      <FormField
        name="notes"
        label="Бележки"
        multiline
        defaultValue={value("notes")}
        error={error("notes")}
      />

      {withFiles ? (
        <FormField
          name="files"
          label="Документи (JPG, PNG или PDF, до 5 MB всеки)"
          type="file"
          error={error("files")}
          controlProps={{
            accept: "image/jpeg,image/png,application/pdf,.xml,application/xml",
            multiple: true,
          }}
        />
      ) : null}

      <Button type="submit" disabled={busy}>
        {busy ? "Записване..." : submitLabel}
      </Button>
      <SelectWatcher form={form} name="currency" onChange={setCurrency} />
      <SelectWatcher form={form} name="documentType" onChange={setDocumentType} />
    </Form>
  );
}

/**
 * Keeps what the form shows in step with a select (the form's controls are uncontrolled): the
 * currency, and the document type (a касов бон carries no VAT credit).
 */
function SelectWatcher({
  form,
  name,
  onChange,
}: {
  form: React.RefObject<HTMLFormElement>;
  name: string;
  onChange: (value: string) => void;
}) {
  useEffect(() => {
    const element = form.current?.elements.namedItem(name) as HTMLSelectElement | null;
    if (!element) return;
    const update = () => onChange(element.value);
    element.addEventListener("change", update);
    return () => element.removeEventListener("change", update);
  }, [form, name, onChange]);
  return null;
}
