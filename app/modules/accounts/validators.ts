import { withZod } from "@remix-validated-form/with-zod";
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  personalSchema,
  profileSchema,
  registerStep1AgainSchema,
  registerStep1Schema,
  registerStep2Schema,
  registerStep3Schema,
  resetPasswordSchema,
  verifyCodeSchema,
} from "./schema";

/*
 * The account forms' validators. Forms load this module when they first validate
 * (components/forms/lazy-validator), so zod is not part of any page's first download.
 */

export const login = withZod(loginSchema);
export const registerStep1 = withZod(registerStep1Schema);
export const registerStep1Again = withZod(registerStep1AgainSchema);
export const registerStep2 = withZod(registerStep2Schema);
export const registerStep3 = withZod(registerStep3Schema);
export const forgotPassword = withZod(forgotPasswordSchema);
export const resetPassword = withZod(resetPasswordSchema);
export const verifyCode = withZod(verifyCodeSchema);
export const profile = withZod(profileSchema);
export const personal = withZod(personalSchema);
export const changePassword = withZod(changePasswordSchema);
