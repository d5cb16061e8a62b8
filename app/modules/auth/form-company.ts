/*
 * The company a form was opened for (issue #41 item 1): the names of the fields and header, the
 * answer's shape and its message, shared by the server's check and the page's CompanyField.
 */

/** The hidden field every form of a company's pages posts first: the company it was drawn for. */
export const COMPANY_FIELD = "_company";
/** The button of a refused form that switches back to the form's company and saves. */
export const SWITCH_FIELD = "_switchCompany";
/** Which form on the page was sent (the refusal is shown at that form only). */
export const FORM_KEY_FIELD = "_form";
/** The API's header naming the company a call is meant for. */
export const COMPANY_HEADER = "X-Company-Id";

/** A submission for another company than the one the session works in now. */
export interface CompanyMismatch {
  /** The company the form was opened for; null when the login is no longer a member there. */
  form: { id: string; name: string } | null;
  /** The company the session works in now (switched in another tab). */
  active: { id: string; name: string };
  /** Whether the person may switch back from here (not in an admin's view of a customer). */
  canSwitch: boolean;
}

/** The refusal's words: both companies, and that nothing was written. */
export function companyMismatchMessage(mismatch: CompanyMismatch, kind: "page" | "api" = "page") {
  const active = `„${mismatch.active.name}“`;
  if (!mismatch.form) {
    return kind === "api"
      ? `Заявката е за фирма, в която вече не членувате; работите във фирма ${active}. Нищо не е записано.`
      : `Формулярът е отворен за фирма, в която вече не членувате; сега работите във фирма ${active}. Нищо не е записано.`;
  }
  const form = `„${mismatch.form.name}“`;
  return kind === "api"
    ? `Заявката е за фирма ${form}, а сесията работи във фирма ${active}. Нищо не е записано.`
    : `Формулярът е отворен за фирма ${form}, а сега работите във фирма ${active} (сменена в друг раздел или прозорец). Нищо не е записано.`;
}
