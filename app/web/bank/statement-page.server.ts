import type { BankActor } from "~/modules/bank/access.server";
import { bookToAccount } from "~/modules/bank/book.server";
import {
  confirmSuggestion,
  type MatchOutcome,
  matchDocuments,
  unmatchTransaction,
} from "~/modules/bank/confirm.server";
import { BANK_MESSAGES } from "~/modules/bank/constants";
import { matchBankFee } from "~/modules/bank/expense-match.server";
import {
  documentsByNumbers,
  getTransaction,
  storedSuggestion,
} from "~/modules/bank/queries.server";
import { refreshSuggestions } from "~/modules/bank/rules.server";
import { documentNumbersOf } from "~/modules/bank/schema";
import { AppError, NotFoundError } from "~/utils/errors";
import { refuseForm, refuseUnknownIntent, typedValues } from "~/utils/forms.server";
import { safeRedirect } from "~/utils/http.server";
import { formatCents } from "~/utils/money";
import { countOf } from "~/utils/plural";
import { redirectWithToast } from "~/utils/toast.server";

/*
 * The statement page's action (its forms post here with a hidden intent): «Потвърди» a ranked
 * suggestion, «Разнеси» by typed document numbers, «Отмени» a match, «Обнови предложенията»,
 * «Създай разход в „Банкови такси“» for a bank's fee, «Осчетоводи по сметка» (decision 059).
 * Success goes back to the same view with a toast; a refusal answers the movement's form (400,
 * 404 or 409) with what was typed.
 */

const outcomeText = (outcome: MatchOutcome) =>
  outcome.overpaidCents > 0
    ? `Разнесено. Надплатени ${formatCents(outcome.overpaidCents)}: не са записани като плащане — издайте кредитно известие или върнете сумата`
    : "Движението е разнесено";

export async function statementAction(request: Request, actor: BankActor, statementId: string) {
  const values = typedValues(await request.formData());
  const back = safeRedirect(values.back, `/bank/statements/${statementId}`);
  const intent = values.intent;
  if (intent === "refresh") {
    const count = await refreshSuggestions(actor.context.db, actor.user.companyId, statementId);
    return redirectWithToast(
      back,
      `Предложенията са обновени: ${countOf(count, "движение", "движения")} с предложение`,
    );
  }
  if (
    intent !== "confirm" &&
    intent !== "match" &&
    intent !== "unmatch" &&
    intent !== "fee-expense" &&
    intent !== "book"
  ) {
    return refuseUnknownIntent();
  }
  const tx = await getTransaction(actor.context.db, actor.user.companyId, values.transactionId);
  if (!tx || tx.statementId !== statementId) throw new NotFoundError();
  const formId = `tx-${tx.id}`;
  const refuse = (message: string, status: number, field?: string) =>
    refuseForm(
      {
        formId,
        fieldErrors: field ? { [field]: message } : {},
        formError: message,
        repopulateFields: values,
        focus: field,
      },
      status,
    );
  try {
    if (intent === "unmatch") {
      await unmatchTransaction(actor, tx.id);
      return redirectWithToast(back, "Разнасянето е отменено: документите са както преди");
    }
    if (intent === "fee-expense") {
      await matchBankFee(actor, tx.id);
      return redirectWithToast(back, {
        title: "Разходът е създаден в «Банкови такси»",
        description: "Движението е разнесено към него; «Отмени» го изтрива.",
      });
    }
    if (intent === "book") {
      const account = (values.account ?? "").trim();
      if (!account) return refuse(BANK_MESSAGES.bookAccountMissing, 400, "account");
      await bookToAccount(actor, tx.id, account);
      return redirectWithToast(back, `Движението е осчетоводено по сметка ${account}`);
    }
    if (intent === "confirm") {
      const suggestion = await storedSuggestion(
        actor.context.db,
        actor.user.companyId,
        tx.id,
        Number(values.rank),
      );
      if (!suggestion) return refuse("Предложението не е намерено: обновете страницата", 404);
      const outcome = await confirmSuggestion(actor, tx.id, suggestion);
      return redirectWithToast(back, outcomeText(outcome));
    }
    const numbers = documentNumbersOf(values.numbers ?? "");
    if (!numbers) return refuse(BANK_MESSAGES.documentNumbers, 400, "numbers");
    const docs = await documentsByNumbers(actor.context.db, actor.user.companyId, numbers);
    const missing = numbers.find((n) => !docs.some((d) => d.number === n));
    if (missing) return refuse(BANK_MESSAGES.documentNumberUnknown(missing), 400, "numbers");
    const ordered = numbers.map((n) => docs.find((d) => d.number === n)?.id as string);
    const outcome = await matchDocuments(actor, tx.id, ordered);
    return redirectWithToast(back, outcomeText(outcome));
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      const field = intent === "match" ? "numbers" : intent === "book" ? "account" : undefined;
      return refuse(error.message, error.status, field);
    }
    throw error;
  }
}
