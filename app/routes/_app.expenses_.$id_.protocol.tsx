import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ProtocolList, ProtocolProposal } from "~/components/expenses/protocol-panel";
import { keepPageOnCompanyMismatch } from "~/components/forms/company-field";
import * as page from "~/components/layout/page.css";
import { GateBoundary } from "~/components/subscriptions/gate-boundary";
import { recordAct } from "~/modules/auth/acts.server";
import { EXPENSE_DOCUMENT_TYPES } from "~/modules/expenses/constants";
import {
  isProtocolNote,
  issueNoteProtocol,
  noteProtocolProposal,
} from "~/modules/expenses/protocol-notes.server";
import { PROTOCOL_FORMS } from "~/modules/expenses/protocol-rules";
import { correctProtocolSchema, issueProtocolSchema } from "~/modules/expenses/protocol-schema";
import {
  cancelProtocol,
  correctProtocol,
  expenseProtocols,
  issueProtocol,
  protocolProposal,
} from "~/modules/expenses/protocols.server";
import { requireExpense } from "~/modules/expenses/service.server";
import { AppError } from "~/utils/errors";
import {
  parseFormValues,
  refuseUnknownIntent,
  refuseWithAppError,
  typedValues,
} from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requireFeature } from "~/web/subscriptions/gate.server";

/**
 * /expenses/{id}/protocol — the expense's protocol under чл. 117 ЗДДС (decision 073): the one
 * Сметка proposes after the expense is saved, to confirm; those issued, cancelled, corrected.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireFeature(request, context, "expenses", "expenses.view");
  const expense = await requireExpense(context.db, user.companyId, params.id);
  const protocols = await expenseProtocols(context.db, user.companyId, expense.id);
  let proposal = null;
  let problem: string | null = null;
  try {
    proposal = isProtocolNote(expense.documentType)
      ? await noteProtocolProposal(context.db, user.companyId, expense.id)
      : await protocolProposal(context.db, user.companyId, expense.id);
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    problem = error.message;
  }
  return json({
    expense: {
      id: expense.id,
      title: `${EXPENSE_DOCUMENT_TYPES[expense.documentType]} № ${expense.documentNumber}`,
      supplierName: expense.supplierName,
    },
    protocols,
    proposal,
    problem,
  });
}

const ISSUE_ORDER = ["originalExpenseId", "protocolDate", "vatRate", "acquisition"] as const;
const CORRECT_ORDER = ["base", "reason", "protocolDate"] as const;

/** The page's forms: issue the proposal, cancel a protocol, issue a correcting one. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireFeature(request, context, "expenses", "expenses.edit");
  const expense = await requireExpense(context.db, user.companyId, params.id);
  const values = typedValues(await request.formData());
  const back = `/expenses/${expense.id}/protocol`;
  const formId =
    values.intent === "cancel"
      ? PROTOCOL_FORMS.cancel
      : values.intent === "correct"
        ? PROTOCOL_FORMS.correct
        : PROTOCOL_FORMS.issue;
  try {
    switch (values.intent) {
      case "issue": {
        const parsed = parseFormValues(formId, issueProtocolSchema, values, ISSUE_ORDER);
        if (parsed.refusal) return parsed.refusal;
        const note = isProtocolNote(expense.documentType);
        const made = note
          ? await issueNoteProtocol(
              context.db,
              user.companyId,
              expense.id,
              {
                protocolDate: parsed.data.protocolDate ?? undefined,
                originalExpenseId: parsed.data.originalExpenseId,
              },
              user.id,
            )
          : await issueProtocol(
              context.db,
              user.companyId,
              expense.id,
              {
                protocolDate: parsed.data.protocolDate ?? undefined,
                vatRate: parsed.data.vatRate,
                goods: parsed.data.acquisition === "goods",
              },
              user.id,
            );
        const label = `${note ? "Коригиращ протокол" : "Протокол"} № ${made.number}`;
        await recordAct(context, user, "protocol.issue", {
          type: "expense",
          id: expense.id,
          label,
        });
        return redirectWithToast(back, {
          title: `${label} е издаден`,
          description: "Протоколът е в дневниците по ДДС и в счетоводството.",
        });
      }
      case "cancel": {
        const done = await cancelProtocol(
          context.db,
          user.companyId,
          expense.id,
          values.protocolId ?? "",
          user.id,
        );
        const label = `Протокол № ${done.number}`;
        await recordAct(context, user, "protocol.cancel", {
          type: "expense",
          id: expense.id,
          label,
        });
        return redirectWithToast(back, `${label} е анулиран`);
      }
      case "correct": {
        const parsed = parseFormValues(formId, correctProtocolSchema, values, CORRECT_ORDER);
        if (parsed.refusal) return parsed.refusal;
        const made = await correctProtocol(
          context.db,
          user.companyId,
          expense.id,
          values.protocolId ?? "",
          {
            baseCents: parsed.data.base,
            reason: parsed.data.reason,
            protocolDate: parsed.data.protocolDate ?? undefined,
          },
          user.id,
        );
        const label = `Коригиращ протокол № ${made.number}`;
        await recordAct(context, user, "protocol.correct", {
          type: "expense",
          id: expense.id,
          label,
        });
        return redirectWithToast(back, `${label} е издаден`);
      }
      default:
        return refuseUnknownIntent();
    }
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      return refuseWithAppError(formId, error, values);
    }
    throw error;
  }
}

export default function ExpenseProtocolPage() {
  const { expense, protocols, proposal, problem } = useLoaderData<typeof loader>();
  return (
    <div className={page.page}>
      <p>
        <Link to={`/expenses/${expense.id}`}>« {expense.title}</Link>
      </p>
      <h1>Протокол по чл. 117 ЗДДС</h1>
      <p>
        {expense.title} от {expense.supplierName}
      </p>
      {problem ? <p className={page.warning}>{problem}</p> : null}
      {proposal ? <ProtocolProposal proposal={proposal} /> : null}
      {!proposal && !protocols.length && !problem ? (
        <p>Този разход не изисква протокол по чл. 117.</p>
      ) : null}
      <ProtocolList expenseId={expense.id} protocols={protocols} />
    </div>
  );
}

export const ErrorBoundary = GateBoundary;

export const meta: MetaFunction = () => [{ title: "Протокол по чл. 117 ЗДДС | Сметка" }];

/** After a form refused for its company the page stays as it was (issue #41 item 1). */
export const shouldRevalidate = keepPageOnCompanyMismatch;
