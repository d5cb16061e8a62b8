import { type Kysely, sql } from "kysely";
import type { Actor } from "~/modules/audit/trail.server";
import { recordCompanyAudit } from "~/modules/audit/trail.server";
import { CLIENT_NOT_FOUND } from "~/modules/invoices/visibility.server";
import { hmac, randomToken, sha256 } from "~/utils/crypto.server";
import { addDays, todayInSofia } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { isUuid } from "~/utils/uuid";
import type { Database, PortalViewKind } from "~db/types";
import {
  PORTAL_MAX_DAYS,
  PORTAL_MESSAGES,
  type PortalLinkEmail,
  type PortalLinkState,
} from "./constants";
import type { PortalLinkInput } from "./schema";

/*
 * The client portal's links (issue #47 item 2, decision 069): a random token given once to the
 * company, kept as its SHA-256 (as sessions and invitations are), valid until the end of a day
 * in Sofia the company chose, revocable; and every opening of a link as a row of portal_views.
 */

/** Who may make and revoke links: whoever edits clients and sees every document of the company. */
export function mayShareWithClient(user: {
  companyRole: string | null;
  ownDocumentsOnly: boolean;
}): boolean {
  return (
    (user.companyRole === "owner" ||
      user.companyRole === "accountant" ||
      user.companyRole === "staff") &&
    !user.ownDocumentsOnly
  );
}

/** A link as the client's page and the API list it (never its token). */
export interface PortalLink {
  id: string;
  clientId: string;
  createdAt: Date;
  createdByName: string | null;
  expiresAt: Date;
  revokedAt: Date | null;
  revokedByName: string | null;
  lastViewedAt: Date | null;
  views: number;
  state: PortalLinkState;
  /** The e-mail it was made for (an invoice's «Плати с карта», an offer's answer), or null. */
  email: PortalLinkEmail | null;
}

/** The last day a link is valid, from the days or the date asked for; 400 outside a year. */
export function expiryDay(input: PortalLinkInput, today = todayInSofia()): string {
  const day = input.expiresOn ?? addDays(today, input.days ?? 0);
  if (day <= today)
    throw new AppError(PORTAL_MESSAGES.expiryPast, 400, { expiresOn: PORTAL_MESSAGES.expiryPast });
  if (day > addDays(today, PORTAL_MAX_DAYS)) {
    throw new AppError(PORTAL_MESSAGES.expiryTooLate, 400, {
      expiresOn: PORTAL_MESSAGES.expiryTooLate,
    });
  }
  return day;
}

const stateOf = (row: { revokedAt: Date | null; expiresAt: Date }, now: Date): PortalLinkState =>
  row.revokedAt ? "revoked" : new Date(row.expiresAt) <= now ? "expired" : "live";

const fullName = (first: string | null, last: string | null) =>
  first === null ? null : `${first} ${last ?? ""}`.trim();

function linksQuery(db: Kysely<Database>, companyId: string, clientId: string) {
  return db
    .selectFrom("portalLinks")
    .leftJoin("users as maker", "maker.id", "portalLinks.createdBy")
    .leftJoin("users as revoker", "revoker.id", "portalLinks.revokedBy")
    .leftJoin("documentEmails as mail", "mail.id", "portalLinks.documentEmailId")
    .leftJoin("documents as mailDocument", "mailDocument.id", "mail.documentId")
    .leftJoin("offers as mailOffer", "mailOffer.id", "mail.offerId")
    .select([
      "portalLinks.id",
      "portalLinks.clientId",
      "portalLinks.createdAt",
      "portalLinks.expiresAt",
      "portalLinks.revokedAt",
      "maker.firstName as makerFirst",
      "maker.lastName as makerLast",
      "revoker.firstName as revokerFirst",
      "revoker.lastName as revokerLast",
      "mail.id as mailId",
      "mail.kind as mailKind",
      "mail.recipients as mailTo",
      "mailDocument.type as mailDocumentType",
      "mailDocument.number as mailDocumentNumber",
      "mailOffer.number as mailOfferNumber",
      (eb) =>
        eb
          .selectFrom("portalViews")
          .select((v) => v.fn.max("portalViews.viewedAt").as("at"))
          .whereRef("portalViews.linkId", "=", "portalLinks.id")
          .as("lastViewedAt"),
      (eb) =>
        eb
          .selectFrom("portalViews")
          .select((v) => v.fn.countAll<string>().as("n"))
          .whereRef("portalViews.linkId", "=", "portalLinks.id")
          .as("views"),
    ])
    .where("portalLinks.companyId", "=", companyId)
    .where("portalLinks.clientId", "=", clientId);
}

type LinkRow = Awaited<ReturnType<ReturnType<typeof linksQuery>["execute"]>>[number];

function linkOf(row: LinkRow, now: Date): PortalLink {
  return {
    id: row.id,
    clientId: row.clientId,
    createdAt: row.createdAt,
    createdByName: fullName(row.makerFirst, row.makerLast),
    expiresAt: row.expiresAt,
    revokedAt: row.revokedAt,
    revokedByName: fullName(row.revokerFirst, row.revokerLast),
    lastViewedAt: (row.lastViewedAt as Date | null) ?? null,
    views: Number(row.views ?? 0),
    state: stateOf(row, now),
    email:
      row.mailId && row.mailKind
        ? {
            id: row.mailId,
            kind: row.mailKind,
            documentType: row.mailDocumentType ?? null,
            number: row.mailDocumentNumber ?? row.mailOfferNumber ?? null,
            to: row.mailTo ?? "",
          }
        : null,
  };
}

/** A client's links, newest first (at most the last 50). */
export async function listPortalLinks(
  db: Kysely<Database>,
  companyId: string,
  clientId: string,
  now = new Date(),
): Promise<PortalLink[]> {
  const rows = await linksQuery(db, companyId, clientId)
    .orderBy("portalLinks.createdAt", "desc")
    .orderBy("portalLinks.id", "desc")
    .limit(50)
    .execute();
  return rows.map((row) => linkOf(row, now));
}

/** One of a client's links, or undefined (another client's, another company's, not an id). */
export async function getPortalLink(
  db: Kysely<Database>,
  companyId: string,
  clientId: string,
  linkId: string | undefined,
  now = new Date(),
): Promise<PortalLink | undefined> {
  if (!isUuid(linkId)) return undefined;
  const row = await linksQuery(db, companyId, clientId)
    .where("portalLinks.id", "=", linkId)
    .executeTakeFirst();
  return row && linkOf(row, now);
}

/**
 * Makes a link for one of the company's clients, valid to the end of `day` in Sofia; the token
 * is returned this once and only its SHA-256 is kept.
 */
export async function createPortalLink(
  db: Kysely<Database>,
  companyId: string,
  clientId: string,
  day: string,
  userId: string,
): Promise<{ link: PortalLink; token: string }> {
  const client = isUuid(clientId)
    ? await db
        .selectFrom("clients")
        .select("id")
        .where("companyId", "=", companyId)
        .where("id", "=", clientId)
        .executeTakeFirst()
    : undefined;
  if (!client) throw new AppError(CLIENT_NOT_FOUND, 404);
  const token = randomToken();
  const { id } = await db
    .insertInto("portalLinks")
    .values({
      companyId,
      clientId,
      tokenHash: sha256(token),
      createdBy: userId,
      expiresAt: sql<Date>`(${day}::date + 1)::timestamp at time zone 'Europe/Sofia'`,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const link = await getPortalLink(db, companyId, clientId, id);
  if (!link) throw new Error("The portal link just made is not there");
  return { link, token };
}

/**
 * The link an e-mail of a document carries (decision 071, «Плати с карта»): made when the e-mail
 * is composed, for the document's client, valid to the end of `day` in Sofia. Its token is the
 * e-mail's id signed with the server's secret, so a retried send carries the same link and makes
 * no second row; the database keeps only its SHA-256, as for every link. The token while the
 * link is live; undefined when the company has revoked it meanwhile.
 */
export async function mailPortalLink(
  db: Kysely<Database>,
  serverSecret: string,
  input: { companyId: string; clientId: string; emailId: string; day: string },
): Promise<string | undefined> {
  const token = hmac(serverSecret, `portal.mail:${input.emailId}`);
  await db
    .insertInto("portalLinks")
    .values({
      companyId: input.companyId,
      clientId: input.clientId,
      tokenHash: sha256(token),
      createdBy: null,
      // The e-mail it is made for, when that is one of the company's e-mails (the client's page
      // names it).
      documentEmailId: (eb) =>
        eb
          .selectFrom("documentEmails")
          .select("documentEmails.id")
          .where("documentEmails.companyId", "=", input.companyId)
          .where("documentEmails.id", "=", isUuid(input.emailId) ? input.emailId : null),
      expiresAt: sql<Date>`(${input.day}::date + 1)::timestamp at time zone 'Europe/Sofia'`,
    })
    .onConflict((c) => c.column("tokenHash").doNothing())
    .execute();
  const live = await findLivePortalLink(db, token);
  return live?.companyId === input.companyId && live.clientId === input.clientId
    ? token
    : undefined;
}

/** Revokes a live or expired link (409 when it already is revoked, 404 when it is not theirs). */
export async function revokePortalLink(
  db: Kysely<Database>,
  companyId: string,
  clientId: string,
  linkId: string | undefined,
  userId: string,
): Promise<PortalLink> {
  const link = await getPortalLink(db, companyId, clientId, linkId);
  if (!link) throw new AppError(PORTAL_MESSAGES.linkNotFound, 404);
  const updated = await db
    .updateTable("portalLinks")
    .set({ revokedAt: sql`now()`, revokedBy: userId })
    .where("companyId", "=", companyId)
    .where("id", "=", link.id)
    .where("revokedAt", "is", null)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw new AppError(PORTAL_MESSAGES.alreadyRevoked, 409);
  return (await getPortalLink(db, companyId, clientId, link.id)) as PortalLink;
}

/** What a live link opens: its company and client, by name only. */
export interface LivePortalLink {
  id: string;
  companyId: string;
  clientId: string;
  companyName: string;
  clientName: string;
  expiresAt: Date;
}

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/** The live link a token opens; undefined alike for an unknown, expired or revoked one. */
export async function findLivePortalLink(
  db: Kysely<Database>,
  token: string,
): Promise<LivePortalLink | undefined> {
  if (!TOKEN.test(token)) return undefined;
  return db
    .selectFrom("portalLinks")
    .innerJoin("companies", "companies.id", "portalLinks.companyId")
    .innerJoin("clients", (join) =>
      join
        .onRef("clients.companyId", "=", "portalLinks.companyId")
        .onRef("clients.id", "=", "portalLinks.clientId"),
    )
    .select([
      "portalLinks.id",
      "portalLinks.companyId",
      "portalLinks.clientId",
      "portalLinks.expiresAt",
      "companies.name as companyName",
      "clients.name as clientName",
    ])
    .where("portalLinks.tokenHash", "=", sha256(token))
    .where("portalLinks.revokedAt", "is", null)
    .where("portalLinks.expiresAt", ">", sql<Date>`now()`)
    .executeTakeFirst();
}

/** An address without its last part: IPv4 /24 («203.0.113.0»), IPv6 /48 («2001:db8:1::»). */
export function truncateIp(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const v4 = ip.replace(/^::ffff:/i, "");
  const four = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/.exec(v4);
  if (four) return `${four[1]}.${four[2]}.${four[3]}.0`;
  if (ip.includes(":")) {
    const groups = ip.split("::")[0]!.split(":").filter(Boolean).slice(0, 3);
    return `${groups.join(":")}::`.slice(0, 64);
  }
  return null;
}

/** Who opened a link, for the company's audit trail: the client, from a truncated address. */
export function clientActor(link: LivePortalLink, ip: string | null): Actor {
  return {
    id: null,
    email: null,
    name: `${link.clientName} (портал за клиента)`.slice(0, 300),
    role: null,
    impersonatorEmail: null,
    ip,
  };
}

/**
 * Records an opening of a link (the list, a document's PDF or UBL), and in the company's audit
 * trail the link's first opening of each day in Sofia (the views table keeps every one).
 */
export async function recordPortalView(
  db: Kysely<Database>,
  link: LivePortalLink,
  what: PortalViewKind,
  ip: string | null,
  documentId: string | null = null,
): Promise<void> {
  const truncated = truncateIp(ip);
  await db.transaction().execute(async (trx) => {
    const seenToday = await trx
      .selectFrom("portalViews")
      .select("id")
      .where("linkId", "=", link.id)
      .where(
        "viewedAt",
        ">=",
        sql<Date>`(now() at time zone 'Europe/Sofia')::date::timestamp at time zone 'Europe/Sofia'`,
      )
      .limit(1)
      .executeTakeFirst();
    await trx
      .insertInto("portalViews")
      .values({ linkId: link.id, companyId: link.companyId, what, ip: truncated, documentId })
      .execute();
    if (seenToday) return;
    await recordCompanyAudit(trx, {
      companyId: link.companyId,
      actor: clientActor(link, truncated),
      action: "portal.view",
      target: { type: "client", id: link.clientId, label: link.clientName },
      details: { link: link.id },
    });
  });
}
