/*
 * The administrators' forms' ids, fields, labels and messages, without zod
 * (administrators-schema.ts builds the schemas).
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

export const NEW_ADMIN_FORM_ID = "new-admin";
export const NEW_ADMIN_FIELD_ORDER = [
  "email",
  "firstName",
  "lastName",
  "passwordMode",
  "password",
] as const;

export const EDIT_ADMIN_FORM_ID = "edit-admin";
export const EDIT_ADMIN_FIELD_ORDER = [
  "email",
  "firstName",
  "lastName",
  "role",
  "locked",
  "lockedReason",
] as const;
