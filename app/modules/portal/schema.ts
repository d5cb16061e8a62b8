import { z } from "zod";
import { isIsoDate } from "~/utils/dates";
import { PORTAL_MAX_DAYS, PORTAL_MESSAGES } from "./constants";

/**
 * A new portal link's expiry (the client's page and POST /api/clients/{id}/portal-links): a
 * number of days from today, or the last day it is valid. Which days are allowed (after today,
 * within a year) is decided by `expiryDay` on the server, against Sofia's today.
 */
export const portalLinkSchema = z
  .object({
    days: z.preprocess(
      (value) => (value === "" || value === null ? undefined : value),
      z.coerce
        .number({ invalid_type_error: PORTAL_MESSAGES.expiryRequired })
        .int(PORTAL_MESSAGES.expiryRequired)
        .min(1, PORTAL_MESSAGES.expiryPast)
        .max(PORTAL_MAX_DAYS, PORTAL_MESSAGES.expiryTooLate)
        .optional(),
    ),
    expiresOn: z.preprocess(
      (value) => (value === "" || value === null ? undefined : value),
      z
        .string({ invalid_type_error: PORTAL_MESSAGES.expiryRequired })
        .refine(isIsoDate, PORTAL_MESSAGES.expiryRequired)
        .optional(),
    ),
  })
  .superRefine((value, ctx) => {
    if (value.days === undefined && value.expiresOn === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["expiresOn"],
        message: PORTAL_MESSAGES.expiryRequired,
      });
    }
  });

export type PortalLinkInput = z.infer<typeof portalLinkSchema>;
