import { redirect } from "@remix-run/node";
import type { EditorActionData, EditorOutcome } from "~/modules/invoices/editor.server";
import { refuseForm } from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * The document editor's outcome as an HTTP answer (/invoice/new and /invoice/edit/{id}): the form
 * again with its answer (a FormAnswer through refuseForm, decision 054; 200 for a line added or
 * removed), the preview, the issue confirmation, or the saved draft's page.
 */
export function answerEditor(outcome: EditorOutcome) {
  if (outcome.kind === "form") return refuseForm<EditorActionData>(outcome.answer, outcome.status);
  const { id, intent } = outcome;
  if (intent === "preview") return redirect(`/invoice/preview?id=${id}`);
  // «Издай» saves the draft and asks on the document's page: issuing cannot be undone.
  if (intent === "issue") return redirect(`/invoice/${id}?issue=1#issue-confirm`);
  return redirectWithToast(`/invoice/${id}`, "Черновата е запазена");
}
