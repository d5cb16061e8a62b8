import { z } from "zod";
import { emailField, newPasswordField } from "~/modules/accounts/schema";
import { boundedText, optionalText } from "~/utils/schema";

/*
 * The forms of /hatterscastle/administrators (issue #14, part 4): a new admin (with a password, or
 * a link by e-mail to set one) and an admin's edit (names, e-mail, role, lock). Shared by the
 * pages and their actions; no .server, so the pages may read the ids and messages.
 */

export const ADMIN_MESSAGES = {
  firstName: "Въведете име",
  lastName: "Въведете фамилия",
  emailTaken: "Този имейл адрес вече е регистриран",
  lastAdmin: "Не можете да премахнете последния администратор",
  ownRole: "Не можете да премахнете собствената си администраторска роля",
  lastAdminLock: "Не можете да блокирате последния администратор",
  ownLock: "Не можете да блокирате собствения си профил",
  notFound: "Администраторът не е намерен",
  formError: "Проверете отбелязаните полета",
} as const;

export const ROLE_NAMES = { admin: "Администратор", user: "Потребител" } as const;

/** How a new admin gets a password: typed here, or set by them from a link sent by e-mail. */
export const PASSWORD_MODES = {
  password: "Задай парола сега",
  link: "Изпрати връзка за задаване на парола",
} as const;

const names = {
  firstName: boundedText(100, ADMIN_MESSAGES.firstName),
  lastName: boundedText(100, ADMIN_MESSAGES.lastName),
};

export const NEW_ADMIN_FORM_ID = "new-admin";
export const NEW_ADMIN_FIELD_ORDER = [
  "email",
  "firstName",
  "lastName",
  "passwordMode",
  "password",
] as const;

export const newAdminSchema = z
  .object({
    email: emailField,
    ...names,
    passwordMode: z.enum(["password", "link"]).default("password"),
    password: z.string().optional(),
  })
  .superRefine((data, ctx) => {
    if (data.passwordMode !== "password") return;
    const checked = newPasswordField.safeParse(data.password ?? "");
    if (!checked.success) {
      ctx.addIssue({
        code: "custom",
        path: ["password"],
        message: checked.error.issues[0]!.message,
      });
    }
  });
export type NewAdminInput = z.infer<typeof newAdminSchema>;

export const EDIT_ADMIN_FORM_ID = "edit-admin";
export const EDIT_ADMIN_FIELD_ORDER = [
  "email",
  "firstName",
  "lastName",
  "role",
  "locked",
  "lockedReason",
] as const;

const checkbox = z
  .string()
  .max(10)
  .optional()
  .transform((value) => value === "on" || value === "true");

export const editAdminSchema = z.object({
  email: emailField,
  ...names,
  role: z.enum(["admin", "user"]).default("admin"),
  locked: checkbox,
  lockedReason: optionalText(500),
});
export type EditAdminInput = z.infer<typeof editAdminSchema>;
