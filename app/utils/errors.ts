/*
 * The errors a domain module throws (decision 052): they say what went wrong in the domain's
 * words and know nothing of HTTP. One place maps them to an answer: the route guard
 * (`utils/route-guard.server.ts`) for what no route answered, `refuseWithAppError` for a page's
 * form and `apiErrorResponse` for the API (`utils/forms.server.ts`, `utils/http.server.ts`).
 */

/** An error a domain module throws for the user to see: a Bulgarian message and a status. */
export class AppError extends Error {
  override name = "AppError";
  constructor(
    message: string,
    public status = 400,
    public fields?: Record<string, string>,
    /** Headers of the answer (Retry-After of a 503). */
    public headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/**
 * A record the caller asked for that is not there (or is another company's). Not an AppError:
 * a route that answers a rule's refusal at its form lets this one through to the route guard,
 * which answers the bare 404 «Not Found» (the error page; the same text under /api).
 */
export class NotFoundError extends Error {
  override name = "NotFoundError";
  readonly status = 404;
  constructor() {
    super("Not Found");
  }
}
