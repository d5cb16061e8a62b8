import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import PostalMime from "postal-mime";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { MESSAGES } from "~/modules/accounts/schema";
import { sendVerificationEmail } from "~/modules/accounts/service.server";
import { ADMIN_MESSAGES } from "~/modules/admin/administrators-schema";
import { SETTINGS_MESSAGES } from "~/modules/admin/settings-schema";
import { adminStatistics } from "~/modules/admin/statistics.server";
import { createDraft, issueDocument } from "~/modules/invoices/documents.server";
import { documentSchema } from "~/modules/invoices/schema";
import { loader as adminLogoApi } from "~/routes/api.admin.settings.email-logo";
import { action as feedbackApi } from "~/routes/api.feedback";
import { loader as notificationApi } from "~/routes/api.settings.notification";
import { loader as emailLogo } from "~/routes/email-logo";
import { loader as adminList } from "~/routes/hatterscastle.administrators._index";
import {
  action as editAction,
  loader as editLoader,
} from "~/routes/hatterscastle.administrators.edit.$id";
import { action as newAction } from "~/routes/hatterscastle.administrators.new";
import { action as resetAction } from "~/routes/hatterscastle.administrators.reset-password.$id";
import { loader as attachment } from "~/routes/hatterscastle.feedback.$id.attachment";
import {
  action as settingsAction,
  loader as settingsLoader,
} from "~/routes/hatterscastle.settings";
import { loader as statisticsLoader } from "~/routes/hatterscastle.statistics";
import { loader as statisticsCsv } from "~/routes/hatterscastle.statistics.export[.]csv";
import { action as adminLogin } from "~/routes/hatterscastle_.login";
import {
  action as resetPasswordAction,
  loader as resetPasswordLoader,
} from "~/routes/reset-password.($token)";
import { UNKNOWN_INTENT } from "~/utils/forms.server";
import { makeContext } from "../setup/context";
import {
  createCompanyWithClient,
  createTestExpense,
  createUser,
  setPlan,
  TINY_PNG,
} from "../setup/factories";
import { botToken, call, formBody, jsonBody, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

const getDb = setupTestDatabase();

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A folder the app keeps its mail in (no SMTP in tests), and the mail read back from it. */
function mailbox() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "smetka-admin-mail-"));
  folders.push(dataDir);
  return {
    config: { dataDir },
    async read() {
      const dir = path.join(dataDir, "mail");
      if (!existsSync(dir)) return [];
      return Promise.all(
        readdirSync(dir)
          .sort()
          .map(async (file) => {
            const mail = await PostalMime.parse(readFileSync(path.join(dir, file)));
            return {
              to: (mail.to ?? []).map((a) => a.address),
              subject: mail.subject ?? "",
              text: mail.text ?? "",
              html: mail.html ?? "",
              attachments: mail.attachments.map((a) => ({
                filename: a.filename,
                mimeType: a.mimeType,
              })),
            };
          }),
      );
    },
  };
}

const linkIn = (text: string, part: string) =>
  text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(part)) ?? "";

// The mailer logs where it kept each message: quiet in these tests.
let quiet: ReturnType<typeof vi.spyOn> | undefined;
afterEach(() => quiet?.mockRestore());
const hush = () => {
  quiet = vi.spyOn(console, "log").mockImplementation(() => {});
};

async function signedInAdmin() {
  const db = getDb();
  const admin = await createUser(db, { role: "admin" });
  const session = await signInApi(db, admin);
  return { admin, cookie: session.cookie, bearer: session.bearer };
}

async function auditCount(action: string) {
  const rows = await getDb()
    .selectFrom("auditLog")
    .select("id")
    .where("action", "=", action)
    .execute();
  return rows.length;
}

// Port 1 on loopback refuses at once: a mail server that is down.
const DOWN_SMTP = {
  smtpUrl: "smtp://127.0.0.1:1",
  from: "Сметка <no-reply@smetka.bg>",
  supportEmail: undefined,
};

const adminSignIn = (email: string, password: string) =>
  call(adminLogin, getDb(), "/hatterscastle/login", formBody({ email, password }));

describe("administrators", () => {
  it("creates an admin with a password or with a link by e-mail; a taken e-mail keeps what was typed", async () => {
    hush();
    const db = getDb();
    const { admin, cookie } = await signedInAdmin();
    const post = (fields: Record<string, string>, config = {}) =>
      call(newAction, db, "/hatterscastle/administrators/new", {
        ...formBody(fields, { Cookie: cookie }),
        config,
      });

    const weak = await post({
      email: "nov.admin@example.bg",
      firstName: "Петър",
      lastName: "Иванов",
      passwordMode: "password",
      password: "kratka",
    });
    expect(weak.status).toBe(400);
    const weakAnswer = await weak.json();
    expect(weakAnswer.fieldErrors).toEqual({ password: MESSAGES.passwordLength });
    expect(weakAnswer.repopulateFields).toMatchObject({ email: "nov.admin@example.bg" });
    expect(weakAnswer.repopulateFields).not.toHaveProperty("password");

    const created = await post({
      email: "Nov.Admin@example.bg",
      firstName: "Петър",
      lastName: "Иванов",
      passwordMode: "password",
      password: "Parola2!",
    });
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/hatterscastle/administrators");
    const row = await db
      .selectFrom("users")
      .select(["role", "companyId", "email"])
      .where("email", "=", "nov.admin@example.bg")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      role: "admin",
      companyId: admin.companyId,
      email: "nov.admin@example.bg",
    });
    expect((await adminSignIn("nov.admin@example.bg", "Parola2!")).status).toBe(302);

    const taken = await post({
      email: "NOV.ADMIN@example.bg",
      firstName: "Друг",
      lastName: "Човек",
      passwordMode: "password",
      password: "Parola2!",
    });
    expect(taken.status).toBe(400);
    const takenAnswer = await taken.json();
    expect(takenAnswer.fieldErrors).toEqual({ email: "Този имейл адрес вече е регистриран" });
    expect(takenAnswer.repopulateFields).toMatchObject({
      email: "NOV.ADMIN@example.bg",
      firstName: "Друг",
      lastName: "Човек",
    });
    expect(takenAnswer.repopulateFields).not.toHaveProperty("password");

    const box = mailbox();
    const linked = await post(
      {
        email: "link.admin@example.bg",
        firstName: "Мила",
        lastName: "Петрова",
        passwordMode: "link",
      },
      box.config,
    );
    expect(linked.status).toBe(302);
    const [invite] = await box.read();
    expect(invite?.to).toEqual(["link.admin@example.bg"]);
    const link = linkIn(invite!.text, "/reset-password/");
    expect(link).toMatch(/^http:\/\/localhost:3000\/reset-password\/\S+$/);
    const token = link.split("/reset-password/")[1]!;
    // Until the link is used, nobody knows a password of the new admin.
    expect((await adminSignIn("link.admin@example.bg", "Parola1!")).status).toBe(401);
    const form = await call(resetPasswordLoader, db, `/reset-password/${token}`, {
      params: { token },
    });
    expect(form.status).toBe(200);
    const set = await call(resetPasswordAction, db, `/reset-password/${token}`, {
      ...formBody({ password: "Nova1234!", confirmPassword: "Nova1234!" }),
      params: { token },
    });
    expect(set.status).toBe(302);
    expect((await adminSignIn("link.admin@example.bg", "Nova1234!")).status).toBe(302);

    // The link cannot be sent: nothing is created, the form says so and keeps what was typed.
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const failed = await post(
        {
          email: "down.admin@example.bg",
          firstName: "Нина",
          lastName: "Петкова",
          passwordMode: "link",
        },
        { mail: DOWN_SMTP },
      );
      expect(failed.status).toBe(503);
      expect(await failed.json()).toMatchObject({
        formError: "Имейлът не можа да бъде изпратен. Опитайте отново по-късно.",
        repopulateFields: { email: "down.admin@example.bg", firstName: "Нина" },
      });
    } finally {
      errors.mockRestore();
    }
    const down = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", "down.admin@example.bg")
      .executeTakeFirst();
    expect(down).toBeUndefined();

    const list = await (
      await call(adminList, db, "/hatterscastle/administrators", { headers: { Cookie: cookie } })
    ).json();
    expect(list.admins.map((a: { email: string }) => a.email).sort()).toEqual(
      [admin.email, "link.admin@example.bg", "nov.admin@example.bg"].sort(),
    );
    expect(await auditCount("admin.create")).toBe(2);
  });

  it("keeps one admin who can sign in: nobody removes their own role or locks themselves, nor the last admin", async () => {
    const db = getDb();
    const { admin, cookie } = await signedInAdmin();
    const edit = (id: string, fields: Record<string, string>) =>
      call(editAction, db, `/hatterscastle/administrators/edit/${id}`, {
        ...formBody(fields, { Cookie: cookie }),
        params: { id },
      });
    const me = { email: admin.email, firstName: "Мария", lastName: "Георгиева" };

    const lastRole = await edit(admin.id, { ...me, role: "user" });
    expect(lastRole.status).toBe(400);
    expect((await lastRole.json()).fieldErrors).toEqual({ role: ADMIN_MESSAGES.lastAdmin });
    const lastLock = await edit(admin.id, { ...me, role: "admin", locked: "on" });
    expect(lastLock.status).toBe(400);
    expect((await lastLock.json()).fieldErrors).toEqual({ locked: ADMIN_MESSAGES.lastAdminLock });

    const other = await createUser(db, { role: "admin" });
    const ownRole = await edit(admin.id, { ...me, role: "user" });
    expect(ownRole.status).toBe(400);
    const ownAnswer = await ownRole.json();
    expect(ownAnswer.fieldErrors).toEqual({ role: ADMIN_MESSAGES.ownRole });
    expect(ownAnswer.repopulateFields).toMatchObject({ role: "user", email: admin.email });
    const ownLock = await edit(admin.id, { ...me, role: "admin", locked: "on" });
    expect((await ownLock.json()).fieldErrors).toEqual({ locked: ADMIN_MESSAGES.ownLock });

    // Locking the other admin is allowed; then this one is the last who can sign in.
    const lockOther = await edit(other.id, {
      email: other.email,
      firstName: "Иван",
      lastName: "Колев",
      role: "admin",
      locked: "on",
      lockedReason: "Напусна екипа",
    });
    expect(lockOther.status).toBe(302);
    expect((await adminSignIn(other.email, other.password)).status).toBe(403);
    const lastAgain = await edit(admin.id, { ...me, role: "user" });
    expect((await lastAgain.json()).fieldErrors).toEqual({ role: ADMIN_MESSAGES.lastAdmin });

    const taken = await edit(other.id, {
      email: admin.email.toUpperCase(),
      firstName: "Иван",
      lastName: "Колев",
      role: "admin",
    });
    expect(taken.status).toBe(400);
    expect((await taken.json()).fieldErrors).toEqual({ email: ADMIN_MESSAGES.emailTaken });

    // Unlocked and stripped of the role: the other is now a plain user, not on the admins' pages.
    expect(
      (
        await edit(other.id, {
          email: other.email,
          firstName: "Иван",
          lastName: "Колев",
          role: "admin",
        })
      ).status,
    ).toBe(302);
    expect((await adminSignIn(other.email, other.password)).status).toBe(302);
    const demoted = await edit(other.id, {
      email: other.email,
      firstName: "Иван",
      lastName: "Колев",
      role: "user",
    });
    expect(demoted.status).toBe(302);
    const row = await db
      .selectFrom("users")
      .select(["role", "firstName", "lockedAt"])
      .where("id", "=", other.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ role: "user", firstName: "Иван", lockedAt: null });
    const gone = await call(editLoader, db, `/hatterscastle/administrators/edit/${other.id}`, {
      headers: { Cookie: cookie },
      params: { id: other.id },
    });
    expect(gone.status).toBe(404);
    const customer = await createUser(db);
    const notAdmin = await call(
      editLoader,
      db,
      `/hatterscastle/administrators/edit/${customer.id}`,
      { headers: { Cookie: cookie }, params: { id: customer.id } },
    );
    expect(notAdmin.status).toBe(404);
    // Three changes went through; the refused ones left nothing.
    expect(await auditCount("admin.update")).toBe(3);
  });

  it("e-mails an admin a one-time link that sets a new password; a failed send says so (503)", async () => {
    hush();
    const db = getDb();
    const { cookie } = await signedInAdmin();
    const other = await createUser(db, { role: "admin" });
    const box = mailbox();
    const sent = await call(
      resetAction,
      db,
      `/hatterscastle/administrators/reset-password/${other.id}`,
      {
        ...formBody({}, { Cookie: cookie }),
        params: { id: other.id },
        config: box.config,
      },
    );
    expect(sent.status).toBe(302);
    const [mail] = await box.read();
    expect(mail?.to).toEqual([other.email]);
    const token = linkIn(mail!.text, "/reset-password/").split("/reset-password/")[1]!;
    const set = await call(resetPasswordAction, db, `/reset-password/${token}`, {
      ...formBody({ password: "Smenena1!", confirmPassword: "Smenena1!" }),
      params: { token },
    });
    expect(set.status).toBe(302);
    expect((await adminSignIn(other.email, "Smenena1!")).status).toBe(302);
    expect((await adminSignIn(other.email, other.password)).status).toBe(401);
    expect(await auditCount("admin.reset-password")).toBe(1);

    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const failed = await call(
        resetAction,
        db,
        `/hatterscastle/administrators/reset-password/${other.id}`,
        {
          ...formBody({}, { Cookie: cookie }),
          params: { id: other.id },
          config: { mail: DOWN_SMTP },
        },
      );
      expect(failed.status).toBe(503);
      expect((await failed.json()).formError).toBe(
        "Имейлът не можа да бъде изпратен. Опитайте отново по-късно.",
      );
    } finally {
      errors.mockRestore();
    }
    expect(await auditCount("admin.reset-password")).toBe(1);
    const unknown = await call(
      resetAction,
      db,
      "/hatterscastle/administrators/reset-password/00000000-0000-4000-8000-000000000000",
      {
        ...formBody({}, { Cookie: cookie }),
        params: { id: "00000000-0000-4000-8000-000000000000" },
      },
    );
    expect(unknown.status).toBe(404);
  });
});

function logoUpload(bytes: Uint8Array, name: string, cookie: string): RequestInit {
  const form = new FormData();
  form.set("intent", "email-logo");
  form.set("logo", new File([new Uint8Array(bytes)], name, { type: "image/png" }));
  return { method: "POST", body: form, headers: { Cookie: cookie } };
}

describe("/hatterscastle/settings", () => {
  it("sets the banner every customer gets from GET /api/settings/notification, and clears it", async () => {
    const db = getDb();
    const { cookie } = await signedInAdmin();
    const customer = await signInApi(db, await createUser(db));
    const post = (fields: Record<string, string>) =>
      call(settingsAction, db, "/hatterscastle/settings", formBody(fields, { Cookie: cookie }));
    const served = async () =>
      (
        await (
          await call(notificationApi, db, "/api/settings/notification", {
            headers: customer.bearer,
          })
        ).json()
      ).message;

    const long = await post({ intent: "notification", message: "ж".repeat(501) });
    expect(long.status).toBe(400);
    expect((await long.json()).fieldErrors).toEqual({
      message: "Текстът е твърде дълъг: най-много 500 символа",
    });
    const set = await post({ intent: "notification", message: "Профилактика в неделя от 22 ч." });
    expect(set.status).toBe(302);
    expect(await served()).toBe("Профилактика в неделя от 22 ч.");
    const cleared = await post({ intent: "notification", message: "" });
    expect(cleared.status).toBe(302);
    expect(await served()).toBeNull();
    expect(await auditCount("settings.notification")).toBe(2);

    const unknown = await post({ intent: "nothing" });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).formError).toBe(UNKNOWN_INTENT);
  });

  it("puts the e-mail logo in every e-mail, serves it publicly and refuses what is not an image", async () => {
    hush();
    const db = getDb();
    const { cookie, bearer } = await signedInAdmin();
    const fake = await call(
      settingsAction,
      db,
      "/hatterscastle/settings",
      logoUpload(new TextEncoder().encode("просто текст"), "logo.png", cookie),
    );
    expect(fake.status).toBe(400);
    expect((await fake.json()).fieldErrors).toEqual({ logo: SETTINGS_MESSAGES.logoType });

    const saved = await call(
      settingsAction,
      db,
      "/hatterscastle/settings",
      logoUpload(TINY_PNG, "logo.png", cookie),
    );
    expect(saved.status).toBe(302);
    const api = await call(adminLogoApi, db, "/api/admin/settings/email-logo", { headers: bearer });
    const { emailLogo: url } = await api.json();
    expect(url).toMatch(/^http:\/\/localhost:3000\/email-logo\?v=[0-9a-f]{16}$/);

    const served = await call(emailLogo, db, url);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("Cache-Control")).toContain("immutable");
    expect(Buffer.from(await served.arrayBuffer()).equals(TINY_PNG)).toBe(true);
    const again = await call(emailLogo, db, url, {
      headers: { "If-None-Match": served.headers.get("ETag")! },
    });
    expect(again.status).toBe(304);

    const box = mailbox();
    const user = await createUser(db, { verified: false });
    await sendVerificationEmail(makeContext(db, box.config), {
      id: user.id,
      email: user.email,
      firstName: "Мария",
    });
    const [mail] = await box.read();
    expect(mail?.html).toContain(`<img src="${url}"`);

    const removed = await call(
      settingsAction,
      db,
      "/hatterscastle/settings",
      formBody({ intent: "remove-email-logo" }, { Cookie: cookie }),
    );
    expect(removed.status).toBe(302);
    expect(
      await (
        await call(adminLogoApi, db, "/api/admin/settings/email-logo", { headers: bearer })
      ).json(),
    ).toEqual({ emailLogo: null });
    expect((await call(emailLogo, db, "/email-logo")).status).toBe(404);
    expect(await auditCount("settings.email-logo")).toBe(2);
  });

  it("sends feedback to the support address set here and lists it with its attachment", async () => {
    hush();
    const db = getDb();
    const { cookie } = await signedInAdmin();
    const post = (fields: Record<string, string>) =>
      call(settingsAction, db, "/hatterscastle/settings", formBody(fields, { Cookie: cookie }));
    const bad = await post({ intent: "support-email", supportEmail: "не-е-имейл" });
    expect(bad.status).toBe(400);
    const badAnswer = await bad.json();
    expect(badAnswer.fieldErrors).toEqual({ supportEmail: SETTINGS_MESSAGES.supportEmail });
    expect(badAnswer.repopulateFields).toMatchObject({ supportEmail: "не-е-имейл" });
    expect((await post({ intent: "support-email", supportEmail: "Help@Smetka.test" })).status).toBe(
      302,
    );
    expect(await auditCount("settings.support-email")).toBe(1);

    const customer = await createUser(db, { plan: "standard" });
    const session = await signInApi(db, customer);
    const box = mailbox();
    const sent = await call(feedbackApi, db, "/api/feedback", {
      ...jsonBody(
        {
          type: "support",
          category: "technical_bug",
          severity: "high",
          message: "Фактурата не се изтегля като PDF.",
          recaptchaToken: botToken(),
          fileName: "екран.png",
          fileContent: TINY_PNG.toString("base64"),
        },
        "POST",
        session.bearer,
      ),
      config: {
        ...box.config,
        mail: {
          smtpUrl: undefined,
          from: "Сметка <no-reply@smetka.bg>",
          supportEmail: "server@smetka.test",
        },
      },
    });
    expect(sent.status).toBe(201);
    const [mail] = await box.read();
    expect(mail?.to).toEqual(["help@smetka.test"]);
    expect(mail?.attachments).toEqual([{ filename: "екран.png", mimeType: "image/png" }]);

    const page = await (
      await call(settingsLoader, db, "/hatterscastle/settings", { headers: { Cookie: cookie } })
    ).json();
    expect(page.settings.supportEmail).toBe("help@smetka.test");
    expect(page.feedback.rows).toEqual([
      expect.objectContaining({
        type: "Поддръжка",
        category: "Техническа грешка",
        severity: "Висока",
        contactEmail: customer.email,
        companyName: customer.companyName,
        message: "Фактурата не се изтегля като PDF.",
        emailed: true,
        attachmentName: "екран.png",
      }),
    ]);
    const id = page.feedback.rows[0].id;
    const file = await call(attachment, db, `/hatterscastle/feedback/${id}/attachment`, {
      headers: { Cookie: cookie },
      params: { id },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("image/png");
    expect(file.headers.get("Content-Disposition")).toMatch(/^attachment; /);
    expect(file.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(Buffer.from(await file.arrayBuffer()).equals(TINY_PNG)).toBe(true);
  });

  it("pages the requests newest first with «По-стари»", async () => {
    const db = getDb();
    const { cookie } = await signedInAdmin();
    const customer = await createUser(db);
    await db
      .insertInto("feedback")
      .values(
        Array.from({ length: 52 }, (_, i) => ({
          companyId: customer.companyId,
          userId: customer.id,
          type: "feedback" as const,
          category: "other",
          severity: null,
          message: `Съобщение ${i}`,
          contactEmail: customer.email,
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
        })),
      )
      .execute();
    const load = async (query = "") =>
      (
        await call(settingsLoader, db, `/hatterscastle/settings${query}`, {
          headers: { Cookie: cookie },
        })
      ).json();
    const first = await load();
    expect(first.feedback.rows).toHaveLength(50);
    expect(first.feedback.rows[0].message).toBe("Съобщение 51");
    const older = await load(`?after=${first.feedback.nextCursor}`);
    expect(older.feedback.rows.map((r: { message: string }) => r.message)).toEqual([
      "Съобщение 1",
      "Съобщение 0",
    ]);
    expect(older.feedback.nextCursor).toBeNull();
  });
});

describe("/hatterscastle/statistics", () => {
  it("counts a small known month by month and leaves the operator's company out", async () => {
    const db = getDb();
    const { admin, cookie } = await signedInAdmin();
    const operatorId = admin.companyId!;
    const a = await createCompanyWithClient(db);
    const b = await createUser(db);
    // One of the operator's own users, who must not count as a customer's sign-up.
    const insider = await db
      .insertInto("users")
      .values({
        companyId: operatorId,
        email: "insider@smetka.test",
        passwordHash: "x",
        role: "user",
        firstName: "Вътрешен",
        lastName: "Човек",
        emailVerifiedAt: new Date(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .updateTable("users")
      .set({ createdAt: new Date("2026-01-10T10:00:00Z") })
      .where("id", "in", [a.user.id, b.id, insider.id])
      .execute();
    await db
      .insertInto("subscriptionInvoices")
      .values([
        {
          companyId: a.companyId,
          providerId: "in_a",
          plan: "full",
          amountCents: 3900,
          status: "paid",
          periodStart: new Date("2026-01-15T10:00:00Z"),
          periodEnd: new Date("2026-02-15T10:00:00Z"),
          createdAt: new Date("2026-01-15T10:00:00Z"),
        },
        {
          companyId: operatorId,
          providerId: "in_operator",
          plan: "full",
          amountCents: 3900,
          status: "paid",
          periodStart: new Date("2026-01-15T10:00:00Z"),
          periodEnd: new Date("2026-03-15T10:00:00Z"),
          createdAt: new Date("2026-01-15T10:00:00Z"),
        },
      ])
      .execute();
    await db
      .insertInto("billingEvents")
      .values([
        {
          id: "evt_a",
          provider: "local",
          type: "customer.subscription.deleted",
          companyId: a.companyId,
          receivedAt: new Date("2026-02-20T10:00:00Z"),
        },
        {
          id: "evt_operator",
          provider: "local",
          type: "customer.subscription.deleted",
          companyId: operatorId,
          receivedAt: new Date("2026-02-20T10:00:00Z"),
        },
      ])
      .execute();
    const draft = await createDraft(
      db,
      a.companyId,
      a.user.id,
      documentSchema.parse({
        type: "invoice",
        clientId: a.clientId,
        issueDate: "2026-02-03",
        lines: [{ description: "Услуга", quantity: "1", unitPrice: "100", vatRate: 20 }],
      }),
    );
    await issueDocument(db, a.companyId, draft);
    const expense = await createTestExpense(db, a.companyId);
    await db
      .updateTable("expenses")
      .set({ createdAt: new Date("2026-02-04T10:00:00Z") })
      .where("id", "=", expense.id)
      .execute();
    await db
      .updateTable("documents")
      .set({ createdAt: new Date("2026-02-03T10:00:00Z") })
      .where("id", "=", draft)
      .execute();

    const response = await call(
      statisticsLoader,
      db,
      "/hatterscastle/statistics?from=2026-01&to=2026-02",
      { headers: { Cookie: cookie } },
    );
    expect(response.status).toBe(200);
    const { stats, tables } = await response.json();
    expect(stats.months).toEqual(["2026-01", "2026-02"]);
    expect(stats.signUps).toEqual([2, 0]);
    expect(stats.paying).toEqual({ standard: [0, 0], full: [1, 0] });
    expect(stats.revenueCents).toEqual([3900, 0]);
    expect(stats.churn).toEqual([0, 1]);
    expect(stats.documents.invoice).toEqual([0, 1]);
    expect(stats.expenses).toEqual([0, 1]);
    expect(stats.activeCompanies).toEqual([0, 1]);
    expect(tables.signups.rows[0].cells).toEqual(["яну 2026", 2]);

    const csv = await call(
      statisticsCsv,
      db,
      "/hatterscastle/statistics/export.csv?from=2026-01&to=2026-02&table=revenue",
      { headers: { Cookie: cookie } },
    );
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    expect(await csv.text()).toContain("яну 2026;39,00");

    const wrong = await call(
      statisticsLoader,
      db,
      "/hatterscastle/statistics?from=2026-13&to=2026-02",
      {
        headers: { Cookie: cookie },
      },
    );
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors).toEqual({ from: "Въведете месец във формат ГГГГ-ММ" });
  });

  it("leaves the operator's company out of the dashboard's figures too", async () => {
    const db = getDb();
    const prices = { standard: 1500, full: 2900 };
    const before = await adminStatistics(db, prices, "2026-11-24");
    const admin = await createUser(db, { role: "admin" });
    await setPlan(db, admin.companyId!, "full");
    await db
      .insertInto("subscriptions")
      .values({ companyId: admin.companyId!, plan: "full", status: "past_due" })
      .execute();
    const after = await adminStatistics(db, prices, "2026-11-24");
    expect(after.customers).toBe(before.customers);
    expect(after.mrrCents).toBe(before.mrrCents);
    expect(after.byStatus).toEqual(before.byStatus);
    expect(after.attention).toEqual([]);
  });
});
