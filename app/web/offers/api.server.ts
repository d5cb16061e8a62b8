import { json } from "@remix-run/node";
import type { Kysely } from "kysely";
import type { ZodTypeAny, z } from "zod";
import { OFFER_MESSAGES } from "~/modules/offers/constants";
import { getOffer, type OfferWithLines } from "~/modules/offers/queries.server";
import { AppError } from "~/utils/errors";
import { parseJsonBody } from "~/utils/http.server";
import type { Database } from "~db/types";

/**
 * The company's offer named by the path, or the API's 404 (another company's, and for staff
 * limited to their own documents another's, as on /offer/{id}).
 */
export async function requireApiOffer(
  db: Kysely<Database>,
  companyId: string,
  id: string | undefined,
  createdBy: string | null,
): Promise<OfferWithLines> {
  try {
    return await getOffer(db, companyId, createdBy, id);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) {
      throw json({ message: OFFER_MESSAGES.notFound }, { status: 404 });
    }
    throw error;
  }
}

/** A call whose JSON body may be left out: no body reads as `{}`; one given must be JSON. */
export async function optionalJsonBody<T extends ZodTypeAny>(
  request: Request,
  schema: T,
): Promise<z.infer<T>> {
  if (request.body === null) {
    const parsed = schema.safeParse({});
    if (parsed.success) return parsed.data;
  }
  return (await parseJsonBody(request, schema)).data;
}
