import {
  type HeadersFunction,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SiteFooter } from "~/components/layout/site-footer";
import { PortalCardPay } from "~/components/portal/card-payment";
import * as styles from "~/components/portal/portal.css";
import {
  PortalDocuments,
  type PortalDocumentView,
  PortalPayments,
} from "~/components/portal/portal-documents";
import { PortalOffers, type PortalOfferView } from "~/components/portal/portal-offers";
import { PortalReconciliations } from "~/components/portal/portal-reconciliations";
import { PortalLanguageSwitch, PortalStatement } from "~/components/portal/portal-statement";
import { PortalLangContext, portalWords } from "~/components/portal/portal-words";
import { portalOffers } from "~/modules/offers/accept.server";
import { PORTAL_OFFER_ANSWERS } from "~/modules/offers/constants";
import { PORTAL_MESSAGES } from "~/modules/portal/constants";
import { portalSummary } from "~/modules/portal/documents.server";
import { portalLanguage } from "~/modules/portal/language.server";
import { recordPortalView } from "~/modules/portal/links.server";
import { portalStatement } from "~/modules/statements/portal.server";
import { todayInSofia } from "~/utils/dates";
import { portalCardState } from "~/web/card-payments/portal.server";
import { openPortal, PORTAL_HEADERS } from "~/web/portal/access.server";

/*
 * /portal/{token} (issue #47 item 2, decision 069): a client, without an account, sees their
 * documents of one company — what they owe and since when, each document's PDF and UBL, and how
 * to pay. No session is read; the link is counted (rate limits) and every opening is logged.
 */

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const marketingUrl = context.config.marketingUrl;
  const opening = await openPortal(context, token);
  if (!("link" in opening)) {
    const retry =
      opening.refused === "limited" ? { "Retry-After": String(opening.retryAfter) } : undefined;
    return json(
      { portal: null, refused: opening.refused, marketingUrl },
      { status: opening.status, headers: { ...PORTAL_HEADERS, ...retry } },
    );
  }
  const { link } = opening;
  const url = new URL(request.url);
  const today = todayInSofia();
  // The statement of account, the acts of reconciliation and English labels (issue #47 item 4);
  // the offers to answer (issue #48 item 1).
  const [summary, statement, language, offers] = await Promise.all([
    portalSummary(context.db, link, today),
    portalStatement(context.db, link, url.searchParams, today),
    portalLanguage(context.db, link, url.searchParams.get("lang")),
    portalOffers(context.db, link.companyId, link.clientId),
  ]);
  const answered = url.searchParams.get("offer");
  await recordPortalView(context.db, link, "list", context.clientIp);
  return json(
    {
      portal: {
        companyName: link.companyName,
        clientName: link.clientName,
        expiresAt: link.expiresAt,
        base: `/portal/${token}`,
        ...summary,
        ...language,
        statement,
        search: url.search,
        offers,
        offerAnswer: PORTAL_OFFER_ANSWERS.find((answer) => answer === answered) ?? null,
        card: await portalCardState(context, link, url),
      },
      refused: null,
      marketingUrl,
    },
    { status: statement.periodError ? 400 : 200, headers: PORTAL_HEADERS },
  );
}

export default function ClientPortal() {
  const { portal, refused, marketingUrl } = useLoaderData<typeof loader>();
  const w = portalWords(portal?.lang ?? "bg");
  return (
    <PortalLangContext.Provider value={w.lang}>
      <main id="main" lang={w.lang} className={styles.frame}>
        {portal ? (
          <>
            <PortalLanguageSwitch search={portal.search} english={portal.english} />
            <p>{portal.companyName}</p>
            <h1>{w.documentsFor(portal.clientName)}</h1>
            <section className={styles.summary} aria-labelledby="portal-owed">
              <h2 id="portal-owed">{w.owed}</h2>
              {portal.owed.length === 0 ? (
                <p>{w.nothingOwed}</p>
              ) : (
                <p>
                  {portal.owed.map((row) => w.money(row.dueCents, row.currency)).join(w.and)}
                  {portal.overdueSince ? (
                    <>
                      {" "}
                      —{" "}
                      <span className={styles.overdue}>
                        {w.overdueSince(w.day(portal.overdueSince))}
                      </span>
                    </>
                  ) : null}
                </p>
              )}
            </section>
            <PortalCardPay
              card={portal.card}
              documents={portal.documents as PortalDocumentView[]}
              base={portal.base}
            />
            <PortalPayments documents={portal.documents as PortalDocumentView[]} />
            <section aria-labelledby="portal-documents">
              <h2 id="portal-documents">{w.documents}</h2>
              <PortalDocuments
                documents={portal.documents as PortalDocumentView[]}
                base={portal.base}
              />
            </section>
            <PortalStatement statement={portal.statement} base={portal.base} />
            <PortalReconciliations acts={portal.statement.acts} base={portal.base} />
            <PortalOffers
              offers={portal.offers as PortalOfferView[]}
              base={portal.base}
              answer={portal.offerAnswer}
            />
            <p>{w.validUntil(w.day(portal.expiresAt), portal.companyName)}</p>
          </>
        ) : (
          <>
            <h1>Портал за клиента</h1>
            <p role="alert">
              {refused === "limited" ? PORTAL_MESSAGES.limited : PORTAL_MESSAGES.invalid}
            </p>
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
    title: data?.portal
      ? `Документи за ${data.portal.clientName} | ${data.portal.companyName}`
      : "Портал за клиента | Сметка",
  },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "same-origin" },
];
