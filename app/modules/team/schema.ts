import { z } from "zod";
import {
  checkbox,
  emailField,
  MESSAGES,
  newPasswordField,
  step2Fields,
} from "~/modules/accounts/schema";
import { INVITED_ROLES, MEMBER_ROLES } from "~/modules/auth/capabilities";
import { TEAM_MESSAGES } from "./constants";

/*
 * The team's forms and calls (issue #29), one schema each, shared by the pages and the JSON API.
 */

export { INVITATION_DAYS, TEAM_FORMS, TEAM_MESSAGES } from "./constants";

const roleError = { errorMap: () => ({ message: TEAM_MESSAGES.role }) };

/** POST /api/team/invitations and the invite form: {email, role, ownDocumentsOnly?}. */
export const inviteSchema = z.object({
  email: emailField,
  role: z.enum(INVITED_ROLES, roleError),
  ownDocumentsOnly: checkbox,
});
export type InviteInput = z.infer<typeof inviteSchema>;

/** PUT /api/team/members/{userId} and the member's form: {role, ownDocumentsOnly?}. */
export const memberRoleSchema = z.object({
  role: z.enum(MEMBER_ROLES, roleError),
  ownDocumentsOnly: checkbox,
});
export type MemberRoleInput = z.infer<typeof memberRoleSchema>;

/** POST /api/team/invitations/accept {token}. */
export const acceptSchema = z.object({
  token: z.string({ required_error: "Липсва поканата" }).trim().min(1).max(200),
});

/** POST /api/team/invitations/accept: the token, and confirm: true to join with another address. */
export const acceptInvitationApiSchema = acceptSchema.extend({ confirm: z.boolean().optional() });

/** A new person's login from an invitation: names and a password, nothing of a company. */
export const invitedLoginSchema = z
  .object({
    firstName: step2Fields.firstName,
    lastName: step2Fields.lastName,
    password: newPasswordField,
    confirmPassword: z.string().max(200),
  })
  .superRefine((data, ctx) => {
    if (data.password !== data.confirmPassword) {
      ctx.addIssue({
        code: "custom",
        path: ["confirmPassword"],
        message: MESSAGES.passwordMismatch,
      });
    }
  });

/** PUT /api/companies/active {companyId} and the header's switcher. */
export const switchCompanySchema = z.object({
  companyId: z
    .string({ required_error: TEAM_MESSAGES.noCompany })
    .trim()
    .regex(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
      TEAM_MESSAGES.noCompany,
    ),
});
