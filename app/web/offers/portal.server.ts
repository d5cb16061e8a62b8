import type { AppLoadContext } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import type { Actor } from "~/modules/audit/trail.server";
import { acceptOffer, declineOffer, portalOfferId } from "~/modules/offers/accept.server";
import { renderOfferPdf } from "~/modules/offers/print.server";
import { getOffer } from "~/modules/offers/queries.server";
import { portalOfferAnswerSchema } from "~/modules/offers/schema";
import type { LivePortalLink } from "~/modules/portal/links.server";
import { truncateIp } from "~/modules/portal/links.server";
import { AppError } from "~/utils/errors";
import { openPortal, portalRefusalPage, withPortalHeaders } from "~/web/portal/access.server";
import { offerPdfResponse } from "./responses.server";

/*
 * The portal's offers (issue #48 item 1, decision 077): the client answers an offer with a plain
 * POST, the link's token its only credential, counted as every portal request is (openPortal), and
 * the answer goes to the company's audit trail. A refusal is a small Bulgarian page with a link
 * back; success goes back to the portal with what happened.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The client as the trail names them: no login, the link's client through the portal. */
function portalActor(link: LivePortalLink, ip: string | null): Actor {
  return {
    id: null,
    email: null,
    name: `${link.clientName} (портал за клиента)`.slice(0, 300),
    role: null,
    impersonatorEmail: null,
    ip: truncateIp(ip),
  };
}

function refusalPage(status: number, message: string, back: string) {
  const html = `<!doctype html><html lang="bg"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Оферта | Портал за клиента</title></head><body><main><h1>Офертата не е приета</h1><p role="alert">${escapeHtml(message)}</p><p><a href="${escapeHtml(back)}#offers">Обратно към документите</a></p></main></body></html>`;
  return withPortalHeaders(
    new Response(html, { status, headers: { "Content-Type": "text/html; charset=utf-8" } }),
  );
}

/** POST /portal/{token}/offers/{id}/answer: «Приемам» or «Отказвам». */
export async function answerOfferInPortal(
  context: Pick<AppLoadContext, "db" | "clientIp">,
  token: string,
  offerId: string,
  form: FormData,
) {
  const opening = await openPortal(context, token);
  if (!("link" in opening)) return portalRefusalPage(opening);
  const { link } = opening;
  const base = `/portal/${token}`;
  const parsed = portalOfferAnswerSchema.safeParse({
    answer: form.get("answer"),
    note: form.get("note") ?? undefined,
  });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Невалидни данни";
    return refusalPage(400, message, base);
  }
  const id = (await portalOfferId(context.db, link.companyId, link.clientId, offerId)) ?? null;
  if (!id) return portalRefusalPage({ refused: "invalid", status: 404 });
  const by = {
    companyId: link.companyId,
    clientId: link.clientId,
    createdBy: null,
    userId: null,
    actor: portalActor(link, context.clientIp),
    via: "portal" as const,
  };
  try {
    if (parsed.data.answer === "accept") await acceptOffer(context.db, by, id, parsed.data.note);
    else await declineOffer(context.db, by, id, parsed.data.note);
  } catch (error) {
    if (error instanceof AppError) return refusalPage(error.status, error.message, base);
    throw error;
  }
  const answered = parsed.data.answer === "accept" ? "accepted" : "declined";
  const response = redirect(`${base}?offer=${answered}#offers`, 303);
  return withPortalHeaders(response);
}

/** GET /portal/{token}/offers/{id}/pdf: the link's client's offer (not a withdrawn one). */
export async function offerPdfInPortal(
  context: Pick<AppLoadContext, "db" | "clientIp">,
  token: string,
  offerId: string,
) {
  const opening = await openPortal(context, token);
  if (!("link" in opening)) return portalRefusalPage(opening);
  const { link } = opening;
  const id = await portalOfferId(context.db, link.companyId, link.clientId, offerId);
  if (!id) return portalRefusalPage({ refused: "invalid", status: 404 });
  const offer = await getOffer(context.db, link.companyId, null, id);
  return withPortalHeaders(offerPdfResponse(offer, await renderOfferPdf(context.db, offer)));
}
