import type { AppLoadContext } from "@remix-run/node";
import type { SessionUser } from "~/modules/auth/session.server";
import { sendMail } from "~/modules/mail/mailer.server";
import { supportAddress } from "~/modules/settings/app-settings.server";
import { AppError } from "~/utils/errors";
import { sniffImage } from "~/utils/files.server";
import {
  ATTACHMENT_MAX_BYTES,
  FEEDBACK_MESSAGES,
  type FeedbackInput,
  feedbackCategoryName,
} from "./schema";

export interface Attachment {
  name: string;
  bytes: Uint8Array;
}

/** Checks an attachment: JPG or PNG by content, at most 5 MB. */
export function checkAttachment(
  attachment: Attachment | null,
): { name: string; type: string; bytes: Uint8Array } | null {
  if (!attachment || attachment.bytes.byteLength === 0) return null;
  if (attachment.bytes.byteLength > ATTACHMENT_MAX_BYTES) {
    throw new AppError(
      `${FEEDBACK_MESSAGES.fileTooLarge}. ${FEEDBACK_MESSAGES.fileTooLargeDetail}`,
      413,
      {
        file: `${FEEDBACK_MESSAGES.fileTooLarge}. ${FEEDBACK_MESSAGES.fileTooLargeDetail}`,
      },
    );
  }
  const type = sniffImage(attachment.bytes);
  if (!type)
    throw new AppError(FEEDBACK_MESSAGES.fileType, 400, { file: FEEDBACK_MESSAGES.fileType });
  return { name: attachment.name.slice(0, 200) || "attachment", type, bytes: attachment.bytes };
}

/**
 * Stores the submission, then e-mails it to the support address (the admins' setting, else
 * SUPPORT_EMAIL) when there is one. When that mail fails the submission is taken back and the
 * person is told to try again later (AppError 503, spec §8: 'Грешка при изпращане' / 'Моля,
 * опитайте отново по-късно.'), so a retry never makes a double.
 */
export async function submitFeedback(
  context: AppLoadContext,
  user: SessionUser,
  input: FeedbackInput,
  attachment: Attachment | null,
): Promise<void> {
  const file = checkAttachment(attachment);
  const contactEmail =
    input.useDifferentEmail && input.customEmail ? input.customEmail.trim() : user.email;
  const row = await context.db
    .insertInto("feedback")
    .values({
      companyId: user.companyId,
      userId: user.id,
      type: input.type,
      category: input.category!,
      severity: input.severity,
      message: input.message!.trim(),
      contactEmail,
      attachmentName: file?.name ?? null,
      attachmentType: file?.type ?? null,
      attachment: file?.bytes ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();

  const to = await supportAddress(context);
  if (!to) return;
  const kind = input.type === "support" ? "Поддръжка" : "Обратна връзка";
  const category = feedbackCategoryName(input.type, input.category!);
  const text = `${kind}: ${category}${input.severity ? ` (${input.severity})` : ""}
От: ${user.firstName} ${user.lastName} <${contactEmail}>${user.companyName ? `, ${user.companyName}` : ""}

${input.message!.trim()}`;
  try {
    await sendMail(context.config, {
      to,
      replyTo: contactEmail,
      subject: `[${kind}] ${category}`,
      text,
      html: `<pre style="font-family:inherit;white-space:pre-wrap">${text.replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]!)}</pre>`,
      attachments: file
        ? [{ filename: file.name, content: file.bytes, contentType: file.type }]
        : undefined,
    });
    await context.db
      .updateTable("feedback")
      .set({ emailedAt: new Date() })
      .where("id", "=", row.id)
      .execute();
  } catch (error) {
    console.error(`Feedback ${row.id} could not be e-mailed to ${to}:`, error);
    await context.db.deleteFrom("feedback").where("id", "=", row.id).execute();
    throw new AppError(FEEDBACK_MESSAGES.sendFailed, 503);
  }
}
