import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "~/modules/accounts/constants";
import { action as newDocument } from "~/routes/_app.invoice.new";
import { action as forgotPassword } from "~/routes/forgot-password";
import { action as resetPassword } from "~/routes/reset-password.($token)";
import { createCompanyWithClient } from "../setup/factories";
import { call, formBody, signInApi } from "../setup/routes";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Forms one way (issue #44 item 5, decision 054): every form is a native Remix <Form> whose action
 * reads it with its zod schema (utils/forms.server) and answers a refusal as a FormAnswer (400,
 * the message per field, what was typed, where focus goes); the page reads it with useFormAnswer
 * and answerFields and draws the fields of components/forms. remix-validated-form, the second
 * way, is gone; this fails when it, or a refusal built by hand in a route, comes back.
 */

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");

function sources(folder: string): { file: string; text: string }[] {
  return (readdirSync(path.join(ROOT, folder), { recursive: true }) as string[])
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => path.join(folder, name.split(path.sep).join("/")))
    .map((file) => ({ file, text: readFileSync(path.join(ROOT, file), "utf8") }));
}

/** Each call `json(…)` in a source, with its arguments (parentheses balanced). */
function jsonCalls(text: string): string[] {
  const calls: string[] = [];
  for (const match of text.matchAll(/\bjson(?:<[^>(]*>)?\(/g)) {
    let depth = 1;
    let end = match.index! + match[0].length;
    for (; end < text.length && depth > 0; end++) {
      if (text[end] === "(") depth++;
      else if (text[end] === ")") depth--;
    }
    calls.push(text.slice(match.index!, end));
  }
  return calls;
}

const getDb = setupTestDatabase();

describe("forms one way", () => {
  it("no form uses remix-validated-form: not a dependency, not imported, none of its parts", () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"));
    const deps = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });
    expect(deps.filter((name) => /remix-validated-form/.test(name))).toEqual([]);

    const secondWay =
      /remix-validated-form|<ValidatedForm\b|\bwithZod\(|\b(useField|useControlField|useFormContext|useIsSubmitting|useIsValid)\(/;
    const offenders = sources("app")
      .filter(({ text }) => secondWay.test(text))
      .map(({ file }) => file);
    expect(offenders, "decision 054: plain <Form> + utils/forms").toEqual([]);
  });

  it("a route refuses a form through utils/forms.server, never with a hand-made error answer", () => {
    const routes = sources("app/routes").filter(({ file }) => file.endsWith(".tsx"));
    const handMade = routes.flatMap(({ file, text }) =>
      jsonCalls(text)
        .filter((call) => /\bfieldErrors\b/.test(call) && /\bstatus\b/.test(call))
        .map((call) => `${file}: ${call.slice(0, 80).replace(/\s+/g, " ")}`),
    );
    expect(handMade, "answer with refuseForm, refuseWithAppError or parseFormValues").toEqual([]);
  });

  it("a refused form without JavaScript: 400, the Bulgarian message at its field, focus there, what was typed kept", async () => {
    const refused = await call(forgotPassword, getDb(), "/forgot-password", {
      ...formBody({ email: "не-е-имейл" }),
      ip: "10.44.5.1",
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      formId: "forgot-password",
      fieldErrors: { email: MESSAGES.email },
      repopulateFields: { email: "не-е-имейл" },
      focus: "email",
    });
  });

  it("the document editor answers a FormAnswer too: its nested lines typed, the message at a line's field, focus there", async () => {
    const db = getDb();
    const me = await createCompanyWithClient(db);
    const { cookie } = await signInApi(db, me.user);
    const typed = {
      type: "invoice",
      clientId: me.clientId,
      issueDate: "2026-11-24",
      "lines[0][description]": "Първи",
      "lines[0][quantity]": "1",
      "lines[0][unitPrice]": "10",
      "lines[0][vatRate]": "20",
      "lines[1][description]": "Втори",
      "lines[1][quantity]": "1",
      "lines[1][unitPrice]": "не е цена",
      "lines[1][vatRate]": "20",
    };
    const refused = await call(
      newDocument,
      db,
      "/invoice/new",
      formBody({ ...typed, intent: "save" }, { Cookie: cookie }),
    );
    expect(refused.status).toBe(400);
    const answer = await refused.json();
    expect(answer).toMatchObject({
      formId: "document",
      formError: "Документът не е запазен: поправете отбелязаните полета.",
      focus: "lines[1][unitPrice]",
      repopulateFields: {
        clientId: me.clientId,
        lines: [{ description: "Първи" }, { description: "Втори", unitPrice: "не е цена" }],
      },
    });
    expect(Object.keys(answer.fieldErrors)).toEqual(["lines.1.unitPrice"]);
    expect(answer).not.toHaveProperty("errors");
    expect(answer).not.toHaveProperty("values");

    // A line added without JavaScript is the same answer with 200 and no message.
    const added = await call(
      newDocument,
      db,
      "/invoice/new",
      formBody({ ...typed, intent: "addLine" }, { Cookie: cookie }),
    );
    expect(added.status).toBe(200);
    expect(await added.json()).toMatchObject({
      formId: "document",
      fieldErrors: {},
      focus: "lines[2][description]",
      repopulateFields: { lines: [{}, {}, { description: "" }] },
    });
  });

  it("passwords are never sent back to the page, whatever the form", async () => {
    const refused = await call(resetPassword, getDb(), "/reset-password/abc", {
      ...formBody({ password: "кратка", confirmPassword: "друга" }),
      params: { token: "abc" },
    });
    expect(refused.status).toBe(400);
    const answer = await refused.json();
    expect(answer.formId).toBe("reset-password");
    expect(Object.keys(answer.fieldErrors)).toContain("password");
    expect(answer.repopulateFields ?? {}).toEqual({});
  });
});
