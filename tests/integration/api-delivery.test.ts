import { describe, expect, it } from "vitest";
import { issueDocument } from "~/modules/invoices/documents.server";
import { loader as deliveryApi } from "~/routes/api.invoices.$id.delivery.$kind";
import { createCompanyWithClient, createTestDraft } from "../setup/factories";
import { call, sessionFor } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Issue #48 items 4 and 5 (decision 077): an issued invoice's handover protocol and delivery note
 * through the API, as the page gives them; refused for a draft, an unknown kind and another
 * company's invoice.
 */

const getDb = setupTestDatabase();

const line = { description: "Монтаж на климатик", quantity: "2", unitPrice: "150", vatRate: 20 };

describe("GET /api/invoices/{id}/delivery/{kind}", () => {
  it("gives the PDF of an issued invoice's protocol and note, and refuses what has none", async () => {
    const db = getDb();
    const me = await createCompanyWithClient(db);
    const other = await createCompanyWithClient(db);
    const { bearer } = await sessionFor(db, me.user);
    const id = await createTestDraft(db, me, { lines: [line] });
    const get = (id: string, kind: string, headers = bearer) =>
      call(deliveryApi, db, `/api/invoices/${id}/delivery/${kind}`, {
        headers,
        params: { id, kind },
      });

    const early = await get(id, "protocol");
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({
      message: "Протокол и стокова разписка се правят от издадена фактура",
    });

    const issued = await issueDocument(db, me.companyId, id);
    for (const [kind, title] of [
      ["protocol", "Протокол"],
      ["receipt", "Стокова-разписка"],
    ] as const) {
      const answer = await get(id, kind);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("Content-Type")).toBe("application/pdf");
      expect(answer.headers.get("Content-Disposition")).toContain(
        encodeURIComponent(`${title}-${issued.number}`),
      );
      expect(
        Buffer.from(await answer.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
    }

    const unknown = await get(id, "invoice");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: "Видът е protocol или receipt" });
    const theirs = await get(id, "protocol", (await sessionFor(db, other.user)).bearer);
    expect(theirs.status).toBe(404);
  });
});
