import { describe, expect, it } from "vitest";
import { FORM1_FIELDS, fileText, slashDate } from "./layout";
import { FORM6_FIELD_COUNT, form6Fields } from "./layout-form6";
import { napText, splitName } from "./text";

describe("НАП text", () => {
  it("writes upper case in Windows-1251, names what it changed, flags Latin letters", () => {
    expect(napText("Мария Ѝванова")).toEqual({
      text: "МАРИЯ ИВАНОВА",
      changes: [{ from: "Ѝ", to: "И" }],
      latin: false,
    });
    expect(napText('Петров, "Ники"\n')).toMatchObject({
      text: "ПЕТРОВ НИКИ",
      changes: [
        { from: ",", to: "интервал" },
        { from: '"', to: "интервал" },
        { from: "нов ред", to: "интервал" },
      ],
    });
    expect(napText("Jürgen Müller")).toMatchObject({ text: "JURGEN MULLER", latin: true });
  });

  it("splits a name into the surname and the initials of the first and father's names", () => {
    expect(splitName("МАРИЯ ИВАНОВА ПЕТРОВА")).toEqual({ surname: "ПЕТРОВА", initials: "МИ" });
    expect(splitName("АННА ПЕТРОВА")).toEqual({ surname: "ПЕТРОВА", initials: "А" });
    expect(splitName("АННА")).toBeNull();
  });
});

describe("НАП layouts", () => {
  it("обр. 1 has 53 fields, обр. 6 59 with its unused columns empty; CR LF after every record", () => {
    expect(FORM1_FIELDS).toHaveLength(53);
    expect(FORM6_FIELD_COUNT).toBe(59);
    const fields = form6Fields({
      eik: "175074752",
      name: "ФИРМА ООД",
      cashMember: 0,
      email: "",
      phone: "",
      gsm: "",
      blocks: [],
      tag: "NRAD62007",
    });
    expect(fields).toHaveLength(59);
    expect(fields.slice(6, 58).every((f) => f === "")).toBe(true);
    expect(fileText([["1", "2"], ["3"]])).toBe("1,2\r\n3\r\n");
    expect(slashDate("2026-10-31")).toBe("31/10/2026");
  });
});
