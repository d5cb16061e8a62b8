import { type ShouldRevalidateFunction, useActionData, useRouteLoaderData } from "@remix-run/react";
import { useId } from "react";
import { Button } from "~/components/ui/button";
import {
  COMPANY_FIELD,
  type CompanyMismatch,
  companyMismatchMessage,
  FORM_KEY_FIELD,
  SWITCH_FIELD,
} from "~/modules/auth/form-company";
import * as styles from "./company-field.css";

interface MismatchAnswer {
  companyMismatch?: CompanyMismatch;
  formKey?: string | null;
  repopulateFields?: Record<string, unknown>;
}

/**
 * The first child of every form on a company's pages (issue #41 item 1): the company the page was
 * drawn for, and which form this is. A submission after the person switched company in another
 * tab is refused before anything is written (the server's checkFormCompany); this form then says
 * so, naming both companies, keeps what was typed, and offers to switch back and save it in one
 * step — a submit button of this same form, so it works without JavaScript and sends exactly
 * what the form shows.
 */
export function CompanyField() {
  const key = useId();
  const layout = useRouteLoaderData("routes/_app") as
    | { company?: { id: string; name: string } | null }
    | undefined;
  const answer = useActionData() as MismatchAnswer | undefined;
  const company = layout?.company;
  if (!company) return null;
  const mismatch =
    answer?.companyMismatch && answer.formKey === key ? answer.companyMismatch : undefined;
  return (
    <>
      <input type="hidden" name={COMPANY_FIELD} value={company.id} />
      <input type="hidden" name={FORM_KEY_FIELD} value={key} />
      {mismatch ? (
        <MismatchAlert mismatch={mismatch} intent={answer?.repopulateFields?.intent} />
      ) : null}
    </>
  );
}

/**
 * The refusal at its form. Once shown, the form is sent for its own company: the hidden field
 * asks the server to move the session back first, and the button repeats what was asked (the
 * refused submission's `intent`), so it works with JavaScript and without.
 */
function MismatchAlert({ mismatch, intent }: { mismatch: CompanyMismatch; intent: unknown }) {
  const { form, active } = mismatch;
  return (
    <div role="alert" className={styles.alert}>
      <p className={styles.message}>{companyMismatchMessage(mismatch)}</p>
      <div className={styles.actions}>
        {mismatch.canSwitch && form ? (
          <>
            <input type="hidden" name={SWITCH_FIELD} value={form.id} />
            <Button
              type="submit"
              {...(typeof intent === "string" && intent ? { name: "intent", value: intent } : {})}
            >
              Превключи към „{form.name}“ и запиши
            </Button>
          </>
        ) : null}
        {/* A plain link: the dashboard of the company the session works in now. */}
        <a href="/dashboard" data-reload>
          Остани във фирма „{active.name}“
        </a>
      </div>
    </div>
  );
}

/**
 * Every company page's `shouldRevalidate`: after a form refused for its company, the page stays as
 * the person had it (in the form's company, with what they typed) instead of being loaded again
 * in the company the session was switched to elsewhere, where the record may not exist.
 */
export const keepPageOnCompanyMismatch: ShouldRevalidateFunction = ({
  actionResult,
  defaultShouldRevalidate,
}) =>
  actionResult && typeof actionResult === "object" && "companyMismatch" in actionResult
    ? false
    : defaultShouldRevalidate;
