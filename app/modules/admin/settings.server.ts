import type { AppLoadContext } from "@remix-run/node";
import { type Kysely, sql } from "kysely";
import type { SessionUser } from "~/modules/auth/session.server";
import { feedbackCategoryName, SEVERITIES } from "~/modules/feedback/schema";
import {
  emailLogoPath,
  getOperatorDetails,
  getSupportEmail,
  type OperatorDetails,
  operatorDetailsSet,
  removeEmailLogo,
  setEmailLogo,
  setOperatorDetails,
  setSupportEmail,
} from "~/modules/settings/app-settings.server";
import { getNotification, setNotification } from "~/modules/settings/queries.server";
import { AppError } from "~/utils/errors";
import { sha256Hex, sniffImage } from "~/utils/files.server";
import { ownValue } from "~/utils/own-keys";
import { isUuid } from "~/utils/uuid";
import type { Database } from "~db/types";
import { byAdmin, recordAudit } from "./audit.server";
import { EMAIL_LOGO_MAX_BYTES, FEEDBACK_TYPES, SETTINGS_MESSAGES } from "./settings-schema";

/*
 * /hatterscastle/settings (issue #14, part 5): the banner message, the e-mail logo and the
 * support address, each change recorded in the audit log in the same transaction; and the
 * feedback and support requests customers sent, newest first.
 */

/** What the settings page shows. */
export async function adminSettings(context: AppLoadContext) {
  const [notification, emailLogo, supportEmail, operator, operatorSet] = await Promise.all([
    getNotification(context.db),
    emailLogoPath(context.db),
    getSupportEmail(context.db),
    getOperatorDetails(context.db),
    operatorDetailsSet(context.db),
  ]);
  return {
    notification,
    emailLogo,
    supportEmail,
    /** The seller on the subscription's invoices (issue #31 item 3), and whether it was set here. */
    operator,
    operatorSet,
    /** SUPPORT_EMAIL of the server, used when no address is set here. */
    serverSupportEmail: context.config.mail.supportEmail ?? null,
  };
}

export async function saveNotification(
  context: AppLoadContext,
  by: SessionUser,
  message: string | null,
): Promise<void> {
  await context.db.transaction().execute(async (trx) => {
    await setNotification(trx, message);
    await recordAudit(trx, {
      ...byAdmin(by, context),
      action: "settings.notification",
      target: message ? message.slice(0, 200) : null,
      details: { message },
    });
  });
}

/** Stores the e-mail logo: PNG or JPEG by its content, at most 1 MB; AppError 400 otherwise. */
export async function saveEmailLogo(
  context: AppLoadContext,
  by: SessionUser,
  file: { fileName: string; bytes: Uint8Array },
): Promise<void> {
  if (file.bytes.byteLength > EMAIL_LOGO_MAX_BYTES) {
    throw new AppError(SETTINGS_MESSAGES.logoTooLarge, 413, {
      logo: SETTINGS_MESSAGES.logoTooLarge,
    });
  }
  const type = sniffImage(file.bytes);
  if (!type) {
    throw new AppError(SETTINGS_MESSAGES.logoType, 400, { logo: SETTINGS_MESSAGES.logoType });
  }
  const hash = sha256Hex(file.bytes);
  await context.db.transaction().execute(async (trx) => {
    await setEmailLogo(trx, { type, hash, bytes: file.bytes });
    await recordAudit(trx, {
      ...byAdmin(by, context),
      action: "settings.email-logo",
      target: file.fileName.slice(0, 200),
      details: { type, bytes: file.bytes.byteLength, sha256: hash },
    });
  });
}

export async function deleteEmailLogo(context: AppLoadContext, by: SessionUser): Promise<void> {
  await context.db.transaction().execute(async (trx) => {
    await removeEmailLogo(trx);
    await recordAudit(trx, {
      ...byAdmin(by, context),
      action: "settings.email-logo",
      target: null,
      details: { removed: true },
    });
  });
}

export async function saveSupportEmail(
  context: AppLoadContext,
  by: SessionUser,
  email: string | null,
): Promise<void> {
  await context.db.transaction().execute(async (trx) => {
    await setSupportEmail(trx, email);
    await recordAudit(trx, {
      ...byAdmin(by, context),
      action: "settings.support-email",
      target: email,
    });
  });
}

/** The operator's requisites for its invoices (issue #31 item 3), recorded in the audit log. */
export async function saveOperatorDetails(
  context: AppLoadContext,
  by: SessionUser,
  details: Omit<OperatorDetails, "countryCode">,
): Promise<void> {
  await context.db.transaction().execute(async (trx) => {
    await setOperatorDetails(trx, {
      ...details,
      vatNumber: details.isVatRegistered ? details.vatNumber : null,
      countryCode: "BG",
    });
    await recordAudit(trx, {
      ...byAdmin(by, context),
      action: "settings.operator",
      target: `${details.name}, ЕИК ${details.eik}`,
      details: { ...details },
    });
  });
}

export const FEEDBACK_PAGE = 50;

export interface FeedbackRow {
  id: string;
  createdAt: string;
  type: string;
  category: string;
  severity: string | null;
  contactEmail: string;
  companyName: string | null;
  message: string;
  emailed: boolean;
  attachmentName: string | null;
}

/**
 * Feedback and support requests, newest first, FEEDBACK_PAGE at a time: `after` is the id of the
 * last one shown (keyset), and nextCursor the id to ask for the next page with (null at the end).
 */
export async function listFeedback(
  db: Kysely<Database>,
  after: string | null,
): Promise<{ rows: FeedbackRow[]; nextCursor: string | null }> {
  let query = db
    .selectFrom("feedback")
    .leftJoin("companies", "companies.id", "feedback.companyId")
    .select([
      "feedback.id",
      "feedback.createdAt",
      "feedback.type",
      "feedback.category",
      "feedback.severity",
      "feedback.contactEmail",
      "companies.name as companyName",
      "feedback.message",
      "feedback.emailedAt",
      "feedback.attachmentName",
      sql<boolean>`feedback.attachment is not null`.as("hasAttachment"),
    ])
    .orderBy("feedback.createdAt", "desc")
    .orderBy("feedback.id", "desc")
    .limit(FEEDBACK_PAGE + 1);
  if (isUuid(after)) {
    query = query.where(
      sql<boolean>`(feedback.created_at, feedback.id) < (select f.created_at, f.id from feedback f where f.id = ${after})`,
    );
  }
  const rows = await query.execute();
  const page = rows.slice(0, FEEDBACK_PAGE);
  return {
    rows: page.map((row) => {
      return {
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        type: FEEDBACK_TYPES[row.type],
        category: feedbackCategoryName(row.type, row.category),
        severity: row.severity ? (ownValue(SEVERITIES, row.severity) ?? row.severity) : null,
        contactEmail: row.contactEmail,
        companyName: row.companyName,
        message: row.message,
        emailed: row.emailedAt !== null,
        attachmentName: row.hasAttachment ? (row.attachmentName ?? "attachment") : null,
      };
    }),
    nextCursor: rows.length > FEEDBACK_PAGE ? (page.at(-1)?.id ?? null) : null,
  };
}

/** A request's attachment: its bytes, type and name; null when there is none. */
export async function getFeedbackAttachment(db: Kysely<Database>, id: string) {
  const row = await db
    .selectFrom("feedback")
    .select(["attachment", "attachmentType", "attachmentName"])
    .where("id", "=", id)
    .where("attachment", "is not", null)
    .executeTakeFirst();
  if (!row?.attachment) return null;
  return {
    bytes: row.attachment,
    type: row.attachmentType ?? "application/octet-stream",
    name: row.attachmentName ?? "attachment",
  };
}
