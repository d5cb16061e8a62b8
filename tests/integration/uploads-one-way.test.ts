import { describe, expect, it } from "vitest";
import { UBL_IMPORT_MESSAGES, UBL_MAX_BYTES } from "~/modules/einvoice/import";
import { action as importApi } from "~/routes/api.expenses.import-ubl";
import { action as feedbackApi } from "~/routes/api.feedback";
import { createUser, TINY_PNG } from "../setup/factories";
import { botToken, call, postApi, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * One upload reader (#26 item 5): a file that comes as base64 in JSON or as the whole body is
 * read by utils/files.server like a form's file — its name made safe the same way, its size
 * bounded while it is read.
 */

const getDb = setupTestDatabase();

describe("files that do not come in a multipart form", () => {
  it("a feedback attachment sent as base64 keeps a name without controls or direction overrides", async () => {
    const db = getDb();
    const customer = await createUser(db);
    const { bearer } = await signInApi(db, customer);
    await postApi(
      feedbackApi,
      db,
      "/api/feedback",
      {
        type: "feedback",
        category: "other",
        message: "Екранна снимка на проблема.",
        recaptchaToken: botToken(),
        fileName: "екран\u0000\u202Egnp.exe/..\\x.png",
        fileContent: `data:image/png;base64,${TINY_PNG.toString("base64")}`,
      },
      bearer,
    );
    const row = await db
      .selectFrom("feedback")
      .select(["attachmentName", "attachmentType"])
      .where("userId", "=", customer.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ attachmentName: "екран__gnp.exe_.._x.png", attachmentType: "image/png" });
  });

  it("an e-invoice posted as the whole body is bounded at UBL_MAX_BYTES (10 MB) and read like the form's file", async () => {
    const db = getDb();
    const customer = await createUser(db, { plan: "standard" });
    const { bearer } = await signInApi(db, customer);
    const post = (body: string) =>
      call(importApi, db, "/api/expenses/import-ubl", {
        method: "POST",
        headers: { ...bearer, "Content-Type": "application/xml" },
        body,
      });
    const big = await post(`<?xml version="1.0"?>\n<a>${"x".repeat(UBL_MAX_BYTES)}</a>`);
    expect(big.status).toBe(413);
    expect((await big.json()).message).toBe(UBL_IMPORT_MESSAGES.tooLarge);
    const empty = await post("");
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toBe(UBL_IMPORT_MESSAGES.none);
  });
});
