import { type Kysely, sql } from "kysely";
import { hashPassword, verifyPassword } from "~/modules/auth/password.server";
import { deleteUserSessions } from "~/modules/auth/session.server";
import { AppError } from "~/utils/errors";
import { sniffImage } from "~/utils/files.server";
import type { Database } from "~db/types";
import { DELETION_DAYS, LOGO_ERROR, LOGO_MAX_BYTES, OWNER_DELETION } from "./limits";

/** Changes the password after checking the current one; other sessions of the user end. */
export async function changePassword(
  db: Kysely<Database>,
  user: { id: string; sessionId: string },
  currentPassword: string,
  newPassword: string,
): Promise<void> {
  const row = await db
    .selectFrom("users")
    .select("passwordHash")
    .where("id", "=", user.id)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(row.passwordHash, currentPassword))) {
    throw new AppError("Текущата парола е грешна", 400, {
      currentPassword: "Текущата парола е грешна",
    });
  }
  const passwordHash = await hashPassword(newPassword);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({ passwordHash, updatedAt: new Date() })
      .where("id", "=", user.id)
      .execute();
    await deleteUserSessions(trx, user.id, user.sessionId);
  });
}

/**
 * Schedules the account for deletion in 30 days; returns the date. Refused (409) while the login
 * owns a company with other members: a company always has an owner (decision 028).
 */
export async function requestDeletion(db: Kysely<Database>, userId: string): Promise<Date> {
  const shared = await db
    .selectFrom("companyMembers as mine")
    .innerJoin("companyMembers as others", "others.companyId", "mine.companyId")
    .innerJoin("companies", "companies.id", "mine.companyId")
    .select(["mine.companyId", "companies.name"])
    .where("mine.userId", "=", userId)
    .where("mine.role", "=", "owner")
    .where("others.userId", "!=", userId)
    .executeTakeFirst();
  if (shared) throw new AppError(OWNER_DELETION(shared.name), 409);
  const scheduled = new Date(Date.now() + DELETION_DAYS * 24 * 60 * 60 * 1000);
  await db
    .updateTable("users")
    .set({ deletionRequestedAt: new Date(), deletionScheduledAt: scheduled, updatedAt: new Date() })
    .where("id", "=", userId)
    .execute();
  return scheduled;
}

export async function cancelDeletion(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .updateTable("users")
    .set({ deletionRequestedAt: null, deletionScheduledAt: null, updatedAt: new Date() })
    .where("id", "=", userId)
    .where("deletionScheduledAt", "is not", null)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Ends accounts whose 30 days have passed (the spec: nothing can be restored after deletion;
 * decision 033). The companies the login owns alone go with it, every row of them: documents,
 * payments, clients, expenses and receipts, salaries, files, exports, the bank — the company's
 * own duty to keep its books (ЗСч чл. 12) is why the deletion page offers the export first, and
 * the backups let the company go within their retention (README). The login itself is kept
 * anonymised (personal data gone, an unusable password marker) so the back office's records
 * that name it still resolve; its sessions, tokens and memberships in other companies end.
 * An owner whose company gained another member since the request is left for the next run
 * (the request refuses such an owner; the page says to transfer the company first).
 * Set-based and idempotent in one transaction; any instance may run it.
 */
export async function purgeDueAccounts(
  db: Kysely<Database>,
  now = new Date(),
): Promise<{ accounts: number; companies: number }> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom("users")
      .select("id")
      .where("deletionScheduledAt", "<=", now)
      .where("anonymizedAt", "is", null)
      .forUpdate()
      .execute();
    if (due.length === 0) return { accounts: 0, companies: 0 };
    const owned = await trx
      .selectFrom("companyMembers as mine")
      .leftJoin("companyMembers as other", (join) =>
        join
          .onRef("other.companyId", "=", "mine.companyId")
          .onRef("other.userId", "!=", "mine.userId"),
      )
      .select(["mine.userId", "mine.companyId", "other.userId as otherUserId"])
      .where(
        "mine.userId",
        "in",
        due.map((u) => u.id),
      )
      .where("mine.role", "=", "owner")
      .execute();
    const shared = new Set(owned.filter((o) => o.otherUserId !== null).map((o) => o.userId));
    const ids = due.map((u) => u.id).filter((id) => !shared.has(id));
    if (ids.length === 0) return { accounts: 0, companies: 0 };
    const companies = [
      ...new Set(owned.filter((o) => !shared.has(o.userId)).map((o) => o.companyId)),
    ];
    if (companies.length) await deleteCompanies(trx, companies);

    const done = await trx
      .updateTable("users")
      .set({
        email: sql<string>`'deleted-' || id || '@invalid.smetka.bg'`,
        firstName: "Изтрит",
        lastName: "потребител",
        passwordHash: "!anonymized",
        anonymizedAt: now,
        updatedAt: now,
      })
      .where("id", "in", ids)
      .returning("id")
      .execute();
    await trx.deleteFrom("sessions").where("userId", "in", ids).execute();
    await trx.deleteFrom("userTokens").where("userId", "in", ids).execute();
    // Gone from the teams they were in as accountant, staff or viewer.
    await trx.deleteFrom("companyMembers").where("userId", "in", ids).execute();
    return { accounts: done.length, companies: companies.length };
  });
}

/**
 * Deletes companies with every row that carries their id. Most tables go by their foreign key's
 * ON DELETE CASCADE; the few that protect a row another row points to (RESTRICT: a credit note's
 * invoice, a document's client, a salary's employee, an expense's category, a receipt's stored
 * file) are emptied first, in the order that keeps each of those checks true.
 */
async function deleteCompanies(trx: Kysely<Database>, ids: string[]) {
  // A login's home company points here without a cascade: another company it is a member of,
  // or none (access is by membership; decision 033).
  await trx
    .updateTable("users")
    .set((eb) => ({
      companyId: eb
        .selectFrom("companyMembers")
        .select("companyMembers.companyId")
        .whereRef("companyMembers.userId", "=", "users.id")
        .where("companyMembers.companyId", "not in", ids)
        .orderBy("companyMembers.createdAt")
        .limit(1),
    }))
    .where("companyId", "in", ids)
    .execute();
  // The operator's issued tax invoices stay (its own books; the buyer is in their snapshot);
  // the subscription's unpaid ones go.
  await trx
    .deleteFrom("subscriptionInvoices")
    .where("companyId", "in", ids)
    .where("taxNumber", "is", null)
    .execute();
  await trx.deleteFrom("recurringInvoices").where("companyId", "in", ids).execute();
  await trx
    .deleteFrom("documents")
    .where("companyId", "in", ids)
    .where("originalId", "is not", null)
    .execute();
  await trx.deleteFrom("documents").where("companyId", "in", ids).execute();
  await trx.deleteFrom("salaries").where("companyId", "in", ids).execute();
  await trx.deleteFrom("expenses").where("companyId", "in", ids).execute();
  await trx.deleteFrom("expenseAttachments").where("companyId", "in", ids).execute();
  await trx.deleteFrom("companies").where("id", "in", ids).execute();
}

/** Stores the company logo after checking its content and size. */
export async function saveLogo(
  db: Kysely<Database>,
  companyId: string,
  bytes: Uint8Array,
): Promise<void> {
  const contentType = sniffImage(bytes);
  if (!contentType || bytes.byteLength > LOGO_MAX_BYTES || bytes.byteLength === 0) {
    throw new AppError(LOGO_ERROR, 400, { logo: LOGO_ERROR });
  }
  await db
    .insertInto("companyLogos")
    .values({ companyId, contentType, data: bytes })
    .onConflict((c) =>
      c.column("companyId").doUpdateSet({ contentType, data: bytes, updatedAt: new Date() }),
    )
    .execute();
}

export async function deleteLogo(db: Kysely<Database>, companyId: string): Promise<void> {
  await db.deleteFrom("companyLogos").where("companyId", "=", companyId).execute();
}

/** The logo as a data: URL for an <img>, or null. */
export async function getLogoDataUrl(
  db: Kysely<Database>,
  companyId: string | null,
): Promise<string | null> {
  if (!companyId) return null;
  const row = await db
    .selectFrom("companyLogos")
    .select(["contentType", "data"])
    .where("companyId", "=", companyId)
    .executeTakeFirst();
  return row ? `data:${row.contentType};base64,${Buffer.from(row.data).toString("base64")}` : null;
}
