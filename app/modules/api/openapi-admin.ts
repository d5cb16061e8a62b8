import { directTokenSchema } from "~/modules/admin/schema";
import { errors } from "./openapi-parts";
import { jsonContent } from "./registry";

/* The back office's calls (issue #14): an admin's session (cookie or bearer), 401/403 otherwise. */

export const adminPaths = {
  "/api/admin/auth-check": {
    get: {
      summary: "Whether the caller has an admin session (spec §7)",
      responses: {
        "200": {
          description: "An admin",
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  success: { type: "boolean", const: true },
                  data: {
                    type: "object",
                    properties: {
                      id: { type: "string", format: "uuid" },
                      username: { type: "string", format: "email" },
                      role: { type: "string", const: "admin" },
                    },
                  },
                },
              },
            },
          },
        },
        "401": errors["401"],
        "403": { description: "Signed in, not an admin", content: errors["401"].content },
      },
    },
  },
  "/api/admin/settings/email-logo": {
    get: {
      summary:
        "The logo at the top of every e-mail, set on /hatterscastle/settings (spec §7): its public URL, versioned by its content, or null when none is set",
      responses: {
        "200": {
          description: "The e-mail logo",
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["emailLogo"],
                properties: {
                  emailLogo: {
                    type: ["string", "null"],
                    format: "uri",
                    example: "https://app.smetka.bg/email-logo?v=3f2a9c0d1e4b5a67",
                  },
                },
              },
            },
          },
        },
        "401": errors["401"],
        "403": { description: "Signed in, not an admin", content: errors["401"].content },
      },
    },
  },
  "/api/admin/customers/direct": {
    post: {
      summary:
        "Spends an admin's one-time token (made on /hatterscastle/impersonate/{userId}; 5 minutes, single use) and opens that customer's view: the session cookie and a bearer token, marked as the admin who made the token. The token is the credential; no admin session is needed.",
      security: [],
      request: { body: jsonContent(directTokenSchema) },
      responses: {
        "200": {
          description: "The customer's view is open",
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  success: { type: "boolean", const: true },
                  data: {
                    type: "object",
                    properties: {
                      token: { type: "string", description: "For Authorization: Bearer" },
                      user: {
                        type: "object",
                        properties: {
                          id: { type: "string", format: "uuid" },
                          username: { type: "string", format: "email" },
                          role: { type: "string", const: "user" },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
        "400": errors["400"],
        "401": {
          description: "The token is unknown, spent, expired, or its admin is no longer an admin",
          content: errors["401"].content,
        },
        "409": {
          description: "The customer cannot be looked at (locked or deleted)",
          content: errors["401"].content,
        },
      },
    },
  },
};
