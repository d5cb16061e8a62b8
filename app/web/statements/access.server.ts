import type { CompanyUser } from "~/modules/auth/session.server";
import { STATEMENT_MESSAGES } from "~/modules/statements/schema";
import { AppError } from "~/utils/errors";

/**
 * The statement and the acts show every document of a client (decision 070): staff limited to
 * the documents they made would read others' through them, so they are refused (403).
 */
export function refuseOwnDocumentsOnly(user: CompanyUser): void {
  if (user.ownDocumentsOnly) throw new AppError(STATEMENT_MESSAGES.ownOnly, 403);
}
