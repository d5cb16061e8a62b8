import { describe, expect, it } from "vitest";
import { numbered, receiptFolder, safeEntryName } from "./names";

describe("names inside the company export", () => {
  it("keep what was typed, without folders, control or direction characters, forbidden signs", () => {
    expect(safeEntryName("бон.png")).toBe("бон.png");
    expect(safeEntryName("../../etc/passwd")).toBe("_.._etc_passwd");
    expect(safeEntryName('a\\b:c*d?e"f<g>h|i.pdf')).toBe("a_b_c_d_e_f_g_h_i.pdf");
    expect(safeEntryName("скрит\u202egnp.exe")).toBe("скрит_gnp.exe");
    expect(safeEntryName("x\u0000y\u001f.png")).toBe("x_y_.png");
    expect(safeEntryName("bad\ud800.png")).toBe("bad_.png");
    expect(safeEntryName(" ..точка. ")).toBe("точка");
    expect(safeEntryName("...")).toBe("файл");
    expect(safeEntryName("///")).toBe("файл");
  });

  it("never give a name Windows reserves, and keep the extension when cutting", () => {
    expect(safeEntryName("CON.png")).toBe("_CON.png");
    expect(safeEntryName("lpt1")).toBe("_lpt1");
    expect(safeEntryName("console.png")).toBe("console.png");
    const long = `${"я".repeat(300)}.pdf`;
    const cut = safeEntryName(long);
    expect([...cut].length).toBe(120);
    expect(cut.endsWith(".pdf")).toBe(true);
  });

  it("tell apart files of one name and expenses of one date and number", () => {
    expect(numbered("бон.png", 1)).toBe("бон.png");
    expect(numbered("бон.png", 2)).toBe("бон (2).png");
    expect(numbered("README", 3)).toBe("README (3)");
    expect(
      receiptFolder({
        expenseId: "1a2b3c4d-0000-4000-8000-000000000000",
        documentDate: "2026-11-05",
        documentNumber: "0000000777/Б",
      }),
    ).toBe("2026-11-05 0000000777_Б 1a2b3c4d");
  });
});
