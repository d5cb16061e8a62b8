import { z } from "zod";
import { emailField, newPasswordField } from "~/modules/accounts/schema";
import { boundedText, optionalText } from "~/utils/schema";
import { ADMIN_MESSAGES } from "./administrators-constants";

export {
  ADMIN_MESSAGES,
  EDIT_ADMIN_FIELD_ORDER,
  EDIT_ADMIN_FORM_ID,
  NEW_ADMIN_FIELD_ORDER,
  NEW_ADMIN_FORM_ID,
  PASSWORD_MODES,
  ROLE_NAMES,
} from "./administrators-constants";

/*
 * The forms of /hatterscastle/administrators (issue #14, part 4): a new admin (with a password, or
 * a link by e-mail to set one) and an admin's edit (names, e-mail, role, lock), for their actions.
 * The ids, fields and messages the pages read are in administrators-constants.ts (no zod).
 */

const names = {
  firstName: boundedText(100, ADMIN_MESSAGES.firstName),
  lastName: boundedText(100, ADMIN_MESSAGES.lastName),
};

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
