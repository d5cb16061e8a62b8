import { z } from "~/utils/zod-openapi.server";
import { PORTAL_LINK_STATES } from "./constants";
import type { PortalLink } from "./links.server";

/* The portal links as the JSON API gives them (decision 056), named in the OpenAPI document. */

export const portalLinkJsonSchema = z
  .object({
    id: z.string().uuid(),
    clientId: z.string().uuid(),
    createdAt: z.string().datetime(),
    createdBy: z.string().nullable().describe("The name of who made it"),
    expiresAt: z.string().datetime().describe("The end of the last day it is valid, in Sofia"),
    revokedAt: z.string().datetime().nullable(),
    revokedBy: z.string().nullable(),
    state: z.enum(["live", "expired", "revoked"]),
    stateLabel: z.string().openapi({ example: "Активна" }),
    lastViewedAt: z.string().datetime().nullable().describe("«отворена на …»: the last opening"),
    views: z.number().int().describe("How many times the list or a document was opened"),
    email: z
      .object({
        id: z.string().uuid(),
        kind: z.enum(["document", "reminder", "offer"]),
        documentType: z
          .union([z.enum(["invoice", "proforma", "credit_note", "debit_note"]), z.null()])
          .describe("The document's type; null for an offer's e-mail"),
        number: z.string().nullable().describe("The document's or the offer's number"),
        to: z.string().describe("The e-mail's recipients"),
      })
      .nullable()
      .describe("The e-mail the link was made for («Плати с карта», an offer's answer), or null"),
  })
  .openapi("PortalLink");

export const createdPortalLinkJsonSchema = portalLinkJsonSchema
  .extend({
    url: z.string().url().describe("The link to give the client: shown this once, never again"),
  })
  .openapi("CreatedPortalLink");

const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());

/** A link as the API gives it (never its token). */
export function portalLinkJson(link: PortalLink): z.infer<typeof portalLinkJsonSchema> {
  return {
    id: link.id,
    clientId: link.clientId,
    createdAt: iso(link.createdAt) as string,
    createdBy: link.createdByName,
    expiresAt: iso(link.expiresAt) as string,
    revokedAt: iso(link.revokedAt),
    revokedBy: link.revokedByName,
    state: link.state,
    stateLabel: PORTAL_LINK_STATES[link.state],
    lastViewedAt: iso(link.lastViewedAt),
    views: link.views,
    email: link.email,
  };
}

/** The address of the portal a token opens. */
export const portalUrl = (appUrl: string, token: string) =>
  `${appUrl.replace(/\/+$/, "")}/portal/${token}`;
