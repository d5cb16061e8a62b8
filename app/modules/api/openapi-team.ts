import {
  acceptInvitationApiSchema,
  inviteSchema,
  memberRoleSchema,
  switchCompanySchema,
} from "~/modules/team/schema";
import { errors, ref } from "./openapi-parts";
import { jsonContent } from "./registry";

/*
 * Team and accountant access (issue #29, decision 028) in the OpenAPI document: members, roles,
 * invitations, the login's companies and the active one, the audit trail. Every call works in the
 * company of the session (a token belongs to one company); a role without the capability is 403.
 */

const error = (description: string) => ({
  description,
  content: { "application/json": { schema: ref("Error") } },
});
const forbidden = error(
  "The role in the company does not allow it: «Достъп отказан: ролята ви във фирмата не позволява това» (or a rule of the team: one's own role, a role above one's own, a member ranked at or above)",
);
const json = (schema: unknown, description: string) => ({
  description,
  content: { "application/json": { schema } },
});
const role = { enum: ["owner", "accountant", "staff", "viewer"] };
const invitedRole = { enum: ["accountant", "staff", "viewer"] };
const uuid = { type: "string", format: "uuid" };

export const teamSchemas = {
  Member: {
    type: "object",
    required: ["userId", "email", "firstName", "lastName", "role", "roleLabel", "ownDocumentsOnly"],
    properties: {
      userId: uuid,
      email: { type: "string", format: "email" },
      firstName: { type: "string" },
      lastName: { type: "string" },
      role,
      roleLabel: { type: "string", example: "Счетоводител" },
      ownDocumentsOnly: {
        type: "boolean",
        description: "Staff who see and change only the documents they made",
      },
      joinedAt: { type: "string", format: "date-time" },
    },
  },
  Invitation: {
    type: "object",
    required: ["id", "email", "role", "state", "stateLabel", "expiresAt"],
    properties: {
      id: uuid,
      email: { type: "string", format: "email" },
      role: invitedRole,
      roleLabel: { type: "string" },
      ownDocumentsOnly: { type: "boolean" },
      createdAt: { type: "string", format: "date-time" },
      expiresAt: { type: "string", format: "date-time", description: "14 days after it was made" },
      state: { enum: ["live", "accepted", "expired", "revoked"] },
      stateLabel: { type: "string", example: "Поканен" },
    },
  },
  LoginCompany: {
    type: "object",
    required: ["id", "name", "role", "active"],
    properties: {
      id: uuid,
      name: { type: "string" },
      eik: { type: "string" },
      role,
      roleLabel: { type: "string" },
      ownDocumentsOnly: { type: "boolean" },
      active: { type: "boolean", description: "The company this session works in" },
    },
  },
  AuditEntry: {
    type: "object",
    required: ["id", "createdAt", "action", "actionLabel", "actor", "target"],
    properties: {
      id: { type: "string" },
      createdAt: { type: "string", format: "date-time" },
      action: { type: "string", example: "document.issue" },
      actionLabel: { type: "string", example: "Издаден документ" },
      actor: {
        type: "object",
        properties: {
          id: { type: ["string", "null"] },
          email: { type: ["string", "null"] },
          name: { type: ["string", "null"] },
          role: { type: ["string", "null"] },
          impersonatorEmail: {
            type: ["string", "null"],
            description: "The admin, when it was done in a customer's view",
          },
        },
      },
      target: {
        type: "object",
        properties: {
          type: { type: ["string", "null"] },
          id: { type: ["string", "null"] },
          label: { type: ["string", "null"] },
        },
      },
      details: { type: ["object", "null"], description: "What changed: {field: {from, to}}" },
      ip: { type: ["string", "null"] },
    },
  },
};

export const teamPaths = {
  "/api/team/members": {
    get: {
      summary: "The company's members with their roles (the owner)",
      responses: {
        "200": json(
          { type: "object", properties: { members: { type: "array", items: ref("Member") } } },
          "Owner first, then by rank and name",
        ),
        "401": errors["401"],
        "403": forbidden,
      },
    },
  },
  "/api/team/members/{userId}": {
    parameters: [{ name: "userId", in: "path", required: true, schema: uuid }],
    put: {
      summary:
        "Change a member's role (the owner). «owner» transfers the ownership (the owner becomes an accountant); a lower role ends the member's sessions and tokens for the company at once",
      request: { body: jsonContent(memberRoleSchema) },
      responses: {
        "200": json(ref("Member"), "The member as now"),
        "400": errors["400"],
        "401": errors["401"],
        "403": forbidden,
        "404": error("Not a member of the company"),
      },
    },
    delete: {
      summary:
        "Remove a member (the owner): their sessions and tokens for the company end at once. One's own id leaves the company (any member but the owner)",
      responses: {
        "204": { description: "Removed" },
        "401": errors["401"],
        "403": forbidden,
        "404": error("Not a member of the company"),
        "409": error("The owner cannot leave or be removed: transfer the ownership first"),
      },
    },
  },
  "/api/team/invitations": {
    get: {
      summary: "The invitations not accepted yet (the owner)",
      responses: {
        "200": json(
          {
            type: "object",
            properties: { invitations: { type: "array", items: ref("Invitation") } },
          },
          "Newest first",
        ),
        "401": errors["401"],
        "403": forbidden,
      },
    },
    post: {
      summary:
        "Invite an address with a role (the owner): an e-mail with a single-use link valid 14 days; «Поканен» until accepted. Accountants use no seat",
      request: { body: jsonContent(inviteSchema) },
      responses: {
        "201": json(ref("Invitation"), "Invited; the mail is sent"),
        "400": error("Bad fields, a member already, or no free seat in the plan"),
        "401": errors["401"],
        "403": forbidden,
        "503": error("The mail could not be sent: nothing is kept"),
      },
    },
  },
  "/api/team/invitations/{id}": {
    parameters: [{ name: "id", in: "path", required: true, schema: uuid }],
    delete: {
      summary: "Revoke an invitation: its link stops working (the owner)",
      responses: {
        "204": { description: "Revoked" },
        "401": errors["401"],
        "403": forbidden,
        "404": error("No such live invitation in the company"),
      },
    },
  },
  "/api/team/invitations/accept": {
    post: {
      summary:
        "Accept an invitation into the signed-in login (the session stays in its company: switch with PUT /api/companies/active)",
      request: { body: jsonContent(acceptInvitationApiSchema) },
      responses: {
        "200": json(
          { type: "object", properties: { company: ref("LoginCompany") } },
          "The login is a member now",
        ),
        "400": errors["400"],
        "401": errors["401"],
        "404": error("No such invitation"),
        "409": error("The login's address is not the invited one: send confirm: true"),
        "410": error("Used, expired (14 days) or revoked"),
      },
    },
  },
  "/api/companies": {
    get: {
      summary: "The login's companies with its role in each",
      responses: {
        "200": json(
          {
            type: "object",
            properties: { companies: { type: "array", items: ref("LoginCompany") } },
          },
          "By name; `active` marks the session's",
        ),
        "401": errors["401"],
      },
    },
  },
  "/api/companies/active": {
    put: {
      summary:
        "Work in another of the login's companies. A browser session switches in place; an API token belongs to one company, so the answer carries a new token for the other one (the old stays bound to its own)",
      request: { body: jsonContent(switchCompanySchema) },
      responses: {
        "200": json(
          {
            type: "object",
            required: ["company", "token"],
            properties: {
              company: {
                type: "object",
                properties: {
                  id: uuid,
                  name: { type: "string" },
                  role,
                  roleLabel: { type: "string" },
                },
              },
              token: {
                type: ["string", "null"],
                description: "A new bearer token for the company (API tokens only)",
              },
            },
          },
          "Switched",
        ),
        "400": errors["400"],
        "401": errors["401"],
        "403": error("In an admin's view of a member the company is not switched"),
        "404": error("Not one of the login's companies"),
      },
    },
  },
  "/api/audit": {
    get: {
      summary: "The company's audit trail, newest first (owner and accountant)",
      parameters: [
        {
          name: "group",
          in: "query",
          schema: { enum: ["access", "team", "documents", "payments", "files"] },
        },
        { name: "action", in: "query", schema: { type: "string", example: "document.issue" } },
        { name: "actorId", in: "query", schema: uuid },
        {
          name: "targetId",
          in: "query",
          schema: { type: "string", maxLength: 100 },
          description: "e.g. a document's id",
        },
        { name: "from", in: "query", schema: { type: "string", format: "date" } },
        { name: "to", in: "query", schema: { type: "string", format: "date" } },
        {
          name: "cursor",
          in: "query",
          schema: { type: "string" },
          description: "nextCursor of the previous page",
        },
        { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 200 } },
      ],
      responses: {
        "200": json(
          {
            type: "object",
            properties: {
              entries: { type: "array", items: ref("AuditEntry") },
              nextCursor: { type: ["string", "null"] },
            },
          },
          "One page",
        ),
        "400": errors["400"],
        "401": errors["401"],
        "403": forbidden,
      },
    },
  },
};
