import { json, redirect } from "@remix-run/node";
import type { EditorOutcome } from "~/modules/invoices/editor.server";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * The document editor's outcome as an HTTP answer (/invoice/new and /invoice/edit/{id}): the form
 * again with its answer, the preview, the issue confirmation, or the saved draft's page.
 */
export function answerEditor(outcome: EditorOutcome) {
  if (outcome.kind === "form") return json(outcome.answer, { status: outcome.status });
  const { id, intent } = outcome;
  if (intent === "preview") return redirect(`/invoice/preview?id=${id}`);
  // «Издай» saves the draft and asks on the document's page: issuing cannot be undone.
  if (intent === "issue") return redirect(`/invoice/${id}?issue=1#issue-confirm`);
  return redirectWithToast(`/invoice/${id}`, "Черновата е запазена");
}
