import { describe, expect, it } from "vitest";
import { AppError } from "./errors";
import { ANY_FORM } from "./forms";
import { guard } from "./route-guard.server";

/*
 * Issue #41 item 4: a refused action must not end on the bare error page (which, drawn without
 * the layout's data, looks signed out). A domain refusal (AppError) that a page's action did not
 * answer becomes a returned form answer: the page is drawn again, in the shell, with the message
 * at its forms. A page opened (GET) keeps its error page; the API keeps its JSON.
 */

const refused = guard(
  async (_args: { request: Request; params: unknown; context: { requestId?: string } }) => {
    throw new AppError("Фирмата има и други членове", 409, { confirm: "Потвърдете" });
  },
);

async function answerOf(method: string, path: string): Promise<Response> {
  const request = new Request(`http://localhost:3000${path}`, {
    method,
    ...(method === "POST" && { body: new URLSearchParams({ a: "1" }) }),
  });
  try {
    return (await refused({ request, params: {}, context: {} })) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return Object.assign(thrown, { thrown: true });
    throw thrown;
  }
}

describe("an AppError no route answered", () => {
  it("is returned to a page's form as its answer (status and message), not thrown", async () => {
    const response = await answerOf("POST", "/settings/delete");
    expect(response.status).toBe(409);
    expect((response as { thrown?: boolean }).thrown).toBeUndefined();
    expect(await response.json()).toEqual({
      formId: ANY_FORM,
      fieldErrors: { confirm: "Потвърдете" },
      formError: "Фирмата има и други членове",
    });
  });

  it("still draws the error page for a page opened, and JSON for the API", async () => {
    const page = await answerOf("GET", "/settings/delete");
    expect(page.status).toBe(409);
    expect((page as { thrown?: boolean }).thrown).toBe(true);
    const api = await answerOf("POST", "/api/clients");
    expect(api.status).toBe(409);
    expect(await api.json()).toMatchObject({ message: "Фирмата има и други членове" });
  });
});
