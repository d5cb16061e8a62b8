import { describe, expect, it } from "vitest";
import { ECHO_MAX_CHARS, echoedValues, refuseForm } from "./forms.server";

describe("what a refused form shows back", () => {
  it("drops NUL, the other control characters and lone surrogates; keeps tabs and line breaks", () => {
    expect(
      echoedValues({
        name: "Фирма\u0000 ООД\u0007",
        notes: "ред 1\r\nред 2\tкрай",
        emoji: "😀 \ud800x\udc00",
        del: "a\u007Fb",
      }),
    ).toEqual({
      name: "Фирма ООД",
      notes: "ред 1\r\nред 2\tкрай",
      emoji: "😀 x",
      del: "ab",
    });
  });

  it("caps every text at ECHO_MAX_CHARS, in nested lines too, and keeps other values", () => {
    const long = "ж".repeat(ECHO_MAX_CHARS + 500);
    const echoed = echoedValues({
      notes: long,
      lines: [{ description: long, quantity: 2 }],
      enabled: true,
      none: null,
    });
    expect(echoed.notes).toHaveLength(ECHO_MAX_CHARS);
    expect(echoed.lines[0]!.description).toHaveLength(ECHO_MAX_CHARS);
    expect(echoed.lines[0]!.quantity).toBe(2);
    expect(echoed.enabled).toBe(true);
    expect(echoed.none).toBeNull();
  });

  it("leaves out field names that are not plain text", () => {
    const values = Object.fromEntries([
      ["ok", "1"],
      ["bad\u0000name", "2"],
      ["x".repeat(201), "3"],
      ["__proto__", "4"],
    ]);
    expect(echoedValues(values)).toEqual({ ok: "1" });
  });

  it("is what refuseForm answers with", async () => {
    const response = refuseForm({
      formId: "f",
      fieldErrors: { name: "Текстът съдържа недопустими символи" },
      repopulateFields: { name: "а\u0000б" },
    });
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(body).not.toContain("\\u0000");
    expect(JSON.parse(body).repopulateFields).toEqual({ name: "аб" });
  });
});
