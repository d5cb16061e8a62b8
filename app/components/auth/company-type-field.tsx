import * as fieldStyles from "~/components/forms/field.css";
import { COMPANY_KIND_TEXTS, COMPANY_KINDS } from "~/modules/accounts/company-kind";

/** The company's kind (registration's step 2): one radio per kind, with the step's error. */
export function CompanyTypeField({
  error,
  defaultValue,
}: {
  error?: string | undefined;
  defaultValue?: string | undefined;
}) {
  return (
    <fieldset
      className={fieldStyles.fieldset}
      aria-describedby={error ? "companyType-error" : undefined}
    >
      <legend className={fieldStyles.legend}>Вид *</legend>
      {COMPANY_KINDS.map((kind) => (
        <div key={kind} className={fieldStyles.checkboxRow}>
          <input
            type="radio"
            name="companyType"
            value={kind}
            id={`companyType-${kind}`}
            defaultChecked={kind === defaultValue}
          />
          <label htmlFor={`companyType-${kind}`}>{COMPANY_KIND_TEXTS[kind].label}</label>
        </div>
      ))}
      {error ? (
        <p id="companyType-error" className={fieldStyles.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
