import {
  type ActionFunctionArgs,
  type HeadersFunction,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FormError } from "~/components/forms/field-frame";
import { SiteFooter } from "~/components/layout/site-footer";
import * as styles from "~/components/portal/portal.css";
import {
  ActFiles,
  answerText,
  ReconciliationAnswer,
} from "~/components/portal/portal-reconciliations";
import { PortalLangContext, portalWords } from "~/components/portal/portal-words";
import { recordPortalAnswer } from "~/modules/portal/answers.server";
import { PORTAL_MESSAGES } from "~/modules/portal/constants";
import { portalLanguage } from "~/modules/portal/language.server";
import { recordPortalView } from "~/modules/portal/links.server";
import { DISPUTE_FIELDS, reconciliationDisputeSchema } from "~/modules/statements/answer.server";
import { clientReconciliation } from "~/modules/statements/portal.server";
import {
  type ReconciliationAnswer as Answer,
  confirmReconciliation,
} from "~/modules/statements/reconciliations.server";
import {
  RECONCILIATION_ANSWER_FORM as FORM,
  RECONCILIATION_ANSWER_MESSAGES as MESSAGES,
} from "~/modules/statements/schema";
import { formatDate } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { useFormAnswer } from "~/utils/forms";
import {
  parseFormValues,
  refuseForm,
  refuseUnknownIntent,
  refuseWithAppError,
  typedValues,
} from "~/utils/forms.server";
import { openPortal, PORTAL_HEADERS, withPortalHeaders } from "~/web/portal/access.server";

/*
 * /portal/{token}/reconciliations/{id} (issue #47 item 4, decisions 069 and 070): one act of
 * reconciliation the link's company issued to the link's client, and the client's answer — a
 * form POST whose only credential is the token (no session), counted like every portal request,
 * recorded in the company's audit trail; once only (409 after). Another client's act: 404.
 */

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const marketingUrl = context.config.marketingUrl;
  const opening = await openPortal(context, token);
  if (!("link" in opening)) {
    const retry =
      opening.refused === "limited" ? { "Retry-After": String(opening.retryAfter) } : undefined;
    const message =
      opening.refused === "limited" ? PORTAL_MESSAGES.limited : PORTAL_MESSAGES.invalid;
    return json(
      { page: null, message, marketingUrl },
      { status: opening.status, headers: { ...PORTAL_HEADERS, ...retry } },
    );
  }
  const { link } = opening;
  const search = new URL(request.url).searchParams;
  const act = await clientReconciliation(context.db, link, params.act);
  if (!act) {
    return json(
      { page: null, message: MESSAGES.notFound, marketingUrl },
      { status: 404, headers: PORTAL_HEADERS },
    );
  }
  const language = await portalLanguage(context.db, link, search.get("lang"));
  await recordPortalView(context.db, link, "reconciliation", context.clientIp);
  return json(
    {
      page: {
        act,
        companyName: link.companyName,
        clientName: link.clientName,
        base: `/portal/${token}`,
        ...language,
      },
      message: null,
      marketingUrl,
    },
    { headers: PORTAL_HEADERS },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const token = params.token ?? "";
  const opening = await openPortal(context, token);
  if (!("link" in opening)) {
    const refused = refuseForm(
      {
        formId: FORM,
        fieldErrors: {},
        formError:
          opening.refused === "limited" ? PORTAL_MESSAGES.limited : PORTAL_MESSAGES.invalid,
      },
      opening.status,
    );
    if (opening.refused === "limited")
      refused.headers.set("Retry-After", String(opening.retryAfter));
    return withPortalHeaders(refused);
  }
  const { link } = opening;
  const values = typedValues(await request.formData());
  const refuse = (formError: string, status: number) =>
    withPortalHeaders(
      refuseForm({ formId: FORM, fieldErrors: {}, formError, repopulateFields: values }, status),
    );
  const act = await clientReconciliation(context.db, link, params.act);
  if (!act) return refuse(MESSAGES.notFound, 404);
  const answered = (at: string | null) =>
    refuse(MESSAGES.answered(act.number, formatDate((at ?? "").slice(0, 10) || new Date())), 409);
  let answer: Answer;
  if (values.intent === "confirm") answer = { status: "confirmed" };
  else if (values.intent === "dispute") {
    const parsed = parseFormValues(FORM, reconciliationDisputeSchema, values, DISPUTE_FIELDS);
    if (parsed.refusal) return withPortalHeaders(parsed.refusal);
    answer = { status: "disputed", amountCents: parsed.data.amount, note: parsed.data.note };
  } else return withPortalHeaders(refuseUnknownIntent(FORM));
  if (act.status !== "issued") return answered(act.answeredAt);
  try {
    await context.db.transaction().execute(async (trx) => {
      const done = await confirmReconciliation(trx, link, act.id, answer);
      await recordPortalAnswer(trx, link, context.clientIp, done);
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // Answered in between (a second tab, a double click): the first answer stands.
    if (error.status === 409)
      return answered((await clientReconciliation(context.db, link, act.id))?.answeredAt ?? null);
    return withPortalHeaders(refuseWithAppError(FORM, error, values));
  }
  const lang = new URL(request.url).searchParams.get("lang") === "en" ? "?lang=en" : "";
  return redirect(`/portal/${token}/reconciliations/${act.id}${lang}`, {
    status: 303,
    headers: PORTAL_HEADERS,
  });
}

export default function PortalAct() {
  const { page, message, marketingUrl } = useLoaderData<typeof loader>();
  const answer = useFormAnswer(FORM);
  const w = portalWords(page?.lang ?? "bg");
  return (
    <PortalLangContext.Provider value={w.lang}>
      <main id="main" lang={w.lang} className={styles.frame}>
        {page ? (
          <>
            <p>{page.companyName}</p>
            <h1>{w.act(page.act.number)}</h1>
            <p>
              {w.books(
                page.companyName,
                w.day(page.act.asOf),
                w.money(page.act.balanceCents, page.act.currency),
              )}
            </p>
            <p>
              {w.pdfIn} <ActFiles act={page.act} base={page.base} />
            </p>
            {page.act.status === "issued" ? (
              <ReconciliationAnswer
                act={page.act}
                base={page.base}
                companyName={page.companyName}
                answer={answer}
              />
            ) : (
              <>
                <FormError message={answer?.formError} />
                <p role="status">{answerText(page.act, w)}</p>
              </>
            )}
            <p>
              <a href={`${page.base}${w.query("", w.lang)}`}>{w.back}</a>
            </p>
          </>
        ) : (
          <>
            <h1>Портал за клиента</h1>
            <p role="alert">{answer?.formError ?? message}</p>
          </>
        )}
      </main>
      <SiteFooter marketingUrl={marketingUrl} />
    </PortalLangContext.Provider>
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data?.page
      ? `${portalWords(data.page.lang).act(data.page.act.number)} | ${data.page.companyName}`
      : "Портал за клиента | Сметка",
  },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "same-origin" },
];
