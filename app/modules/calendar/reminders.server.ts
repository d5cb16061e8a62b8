import type { Kysely } from "kysely";
import { ROLE_LABELS } from "~/modules/auth/capabilities";
import type { JobDeps } from "~/modules/jobs/jobs.server";
import { sendMail } from "~/modules/mail/mailer.server";
import { calendarReminderMail } from "~/modules/mail/templates.server";
import { emailLogoUrl } from "~/modules/settings/app-settings.server";
import { addDays, formatDate, todayInSofia } from "~/utils/dates";
import { AppError } from "~/utils/errors";
import { isUuid } from "~/utils/uuid";
import type { Database } from "~db/types";
import { companyDeadlines, withAmounts } from "./calendar.server";
import {
  amountText,
  CALENDAR_MESSAGES,
  CALENDAR_ROLES,
  deadlineLine,
  REMINDER_DAYS_BEFORE,
} from "./constants";

/*
 * The calendar's e-mail reminders (decision 075): the owner chooses which members get them (the
 * accountant too); each of them may stop their own. The daily job «calendar.reminders» sends a
 * person the deadlines of the next REMINDER_DAYS_BEFORE days they have not been told of: each
 * deadline once per person (calendar_reminders' key, claimed before the mail goes).
 */

type Db = Kysely<Database>;

export interface Recipient {
  userId: string;
  name: string;
  email: string;
  role: string;
  roleLabel: string;
  chosen: boolean;
}

/** The members who may get reminders, and whether each does. */
export async function recipients(db: Db, companyId: string): Promise<Recipient[]> {
  const rows = await db
    .selectFrom("companyMembers")
    .innerJoin("users", "users.id", "companyMembers.userId")
    .leftJoin("calendarRecipients as r", (j) =>
      j
        .onRef("r.companyId", "=", "companyMembers.companyId")
        .onRef("r.userId", "=", "companyMembers.userId"),
    )
    .select([
      "companyMembers.userId",
      "companyMembers.role",
      "users.firstName",
      "users.lastName",
      "users.email",
      "r.userId as chosenId",
    ])
    .where("companyMembers.companyId", "=", companyId)
    .where("companyMembers.role", "in", [...CALENDAR_ROLES])
    .where("users.anonymizedAt", "is", null)
    .orderBy("users.firstName")
    .orderBy("companyMembers.userId")
    .execute();
  return rows.map((r) => ({
    userId: r.userId,
    name: `${r.firstName} ${r.lastName ?? ""}`.trim(),
    email: r.email,
    role: r.role,
    roleLabel: ROLE_LABELS[r.role],
    chosen: r.chosenId !== null,
  }));
}

/** The owner's choice: exactly these members get reminders (400 for anyone else). */
export async function setRecipients(db: Db, companyId: string, userIds: readonly string[]) {
  const members = new Set((await recipients(db, companyId)).map((r) => r.userId));
  const chosen = [...new Set(userIds)];
  if (chosen.some((id) => !isUuid(id) || !members.has(id))) {
    throw new AppError(CALENDAR_MESSAGES.notMember, 400);
  }
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("calendarRecipients").where("companyId", "=", companyId).execute();
    if (chosen.length) {
      await trx
        .insertInto("calendarRecipients")
        .values(chosen.map((userId) => ({ companyId, userId })))
        .execute();
    }
  });
}

/** A member stops their own reminders. */
export async function stopReminders(db: Db, companyId: string, userId: string) {
  await db
    .deleteFrom("calendarRecipients")
    .where("companyId", "=", companyId)
    .where("userId", "=", userId)
    .execute();
}

/**
 * The job «calendar.reminders»: hands each company with chosen members to «calendar.remind» (one
 * job per company and day, so no run outlives its expiry); returns how many it handed on.
 */
export async function runCalendarReminders(deps: JobDeps, today = todayInSofia()) {
  const companies = await deps.db
    .selectFrom("calendarRecipients")
    .select("companyId")
    .distinct()
    .execute();
  for (const { companyId } of companies) {
    await deps.jobs.send(
      "calendar.remind",
      { companyId, today },
      { singletonKey: `${companyId}:${today}` },
    );
  }
  return companies.length;
}

/**
 * The job «calendar.remind»: a company's deadlines due from `today` to REMINDER_DAYS_BEFORE days
 * on, one e-mail per chosen person with what they were not yet told. Returns how many went.
 */
export async function remindCompanyJob(
  deps: JobDeps,
  data: { companyId?: unknown; today?: unknown },
) {
  const { companyId, today } = data;
  if (typeof companyId !== "string" || !isUuid(companyId)) return 0;
  const day =
    typeof today === "string" && /^\d{4}-\d{2}-\d{2}$/.test(today) ? today : todayInSofia();
  const company = await deps.db
    .selectFrom("companies")
    .select(["id", "name"])
    .where("id", "=", companyId)
    .executeTakeFirst();
  return company ? remindCompany(deps, company, day) : 0;
}

async function remindCompany(deps: JobDeps, company: { id: string; name: string }, today: string) {
  const { db } = deps;
  const { facts, deadlines } = await companyDeadlines(
    db,
    company.id,
    today,
    addDays(today, REMINDER_DAYS_BEFORE),
  );
  if (!deadlines.length) return 0;
  const people = (await recipients(db, company.id)).filter((r) => r.chosen);
  if (!people.length) return 0;
  const counted = await withAmounts(
    { db, companyId: company.id, plan: facts.plan, today },
    deadlines,
  );
  let sent = 0;
  for (const person of people) {
    // Claimed first: a second run (or instance) finds the rows and sends nothing again.
    const claimed = await db
      .insertInto("calendarReminders")
      .values(
        counted.map((d) => ({
          companyId: company.id,
          userId: person.userId,
          deadlineKey: d.key,
          dueOn: d.due,
        })),
      )
      .onConflict((c) => c.columns(["companyId", "userId", "deadlineKey"]).doNothing())
      .returning("deadlineKey")
      .execute();
    const keys = new Set(claimed.map((c) => c.deadlineKey));
    const fresh = counted.filter((d) => keys.has(d.key));
    if (!fresh.length) continue;
    const lines = fresh.map(
      (d) =>
        `${deadlineLine(d.title, d.periodLabel)} — до ${formatDate(d.due)}${d.amount ? ` (${amountText(d.amount)})` : ""}`,
    );
    try {
      await sendMail(
        deps.config,
        calendarReminderMail({
          to: person.email,
          firstName: person.name.split(" ")[0] ?? person.name,
          companyName: company.name,
          lines,
          link: `${deps.config.appUrl}/calendar`,
          logoUrl: await emailLogoUrl({ db, config: deps.config }),
        }),
      );
      sent++;
    } catch (error) {
      // Not sent: the claim goes, so the job's retry (or tomorrow's run) sends it.
      await db
        .deleteFrom("calendarReminders")
        .where("companyId", "=", company.id)
        .where("userId", "=", person.userId)
        .where("deadlineKey", "in", [...keys])
        .execute();
      throw error;
    }
  }
  return sent;
}
