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
import { PORTAL_MESSAGES } from "~/modules/portal/constants";
import { portalSummary } from "~/modules/portal/documents.server";
import { recordPortalView } from "~/modules/portal/links.server";
import { formatDate, todayInSofia } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
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
  const summary = await portalSummary(context.db, link, todayInSofia());
  await recordPortalView(context.db, link, "list", context.clientIp);
  return json(
    {
      portal: {
        companyName: link.companyName,
        clientName: link.clientName,
        expiresAt: link.expiresAt,
        base: `/portal/${token}`,
        ...summary,
        card: await portalCardState(context, link, new URL(request.url)),
      },
      refused: null,
      marketingUrl,
    },
    { headers: PORTAL_HEADERS },
  );
}

export default function ClientPortal() {
  const { portal, refused, marketingUrl } = useLoaderData<typeof loader>();
  return (
    <>
      <main id="main" className={styles.frame}>
        {portal ? (
          <>
            <p>{portal.companyName}</p>
            <h1>Документи за {portal.clientName}</h1>
            <section className={styles.summary} aria-labelledby="portal-owed">
              <h2 id="portal-owed">Дължима сума</h2>
              {portal.owed.length === 0 ? (
                <p>Нямате неплатени фактури.</p>
              ) : (
                <p>
                  {portal.owed.map((row) => formatMoney(row.dueCents, row.currency)).join(" и ")}
                  {portal.overdueSince ? (
                    <>
                      {" "}
                      —{" "}
                      <span className={styles.overdue}>
                        просрочено от {formatDate(portal.overdueSince)}
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
              <h2 id="portal-documents">Документи</h2>
              <PortalDocuments
                documents={portal.documents as PortalDocumentView[]}
                base={portal.base}
              />
            </section>
            <p>
              Връзката е валидна до {formatDate(portal.expiresAt)} Изпратена ви е от{" "}
              {portal.companyName}; не я споделяйте.
            </p>
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
    </>
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
  { name: "referrer", content: "no-referrer" },
];
