import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EMPTY_ZIP_STATE, ZipLostError, ZipWriter } from "./zip.server";

/*
 * The export's ZIP writer (decision 027), read back by another implementation (fflate): files
 * whole and in pieces, a step that died after its last save and is done again, ZIP64 past 65,535
 * entries, and a file shorter than its saved state.
 */

let dir: string;
let zipPath: string;
let centralPath: string;
const when = new Date(2026, 10, 28, 10, 30, 0);

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "smetka-zip-"));
  zipPath = path.join(dir, "x.zip");
  centralPath = path.join(dir, "x.central");
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const bytes = (text: string) => new TextEncoder().encode(text);

describe("the export's ZIP writer", () => {
  it("writes whole files and files in pieces (deflated and stored) that another reader opens", async () => {
    const zip = await ZipWriter.resume(zipPath, centralPath, EMPTY_ZIP_STATE, when);
    await zip.addFile("Документи/Фактура-0000000001.pdf", bytes("%PDF-1.4 едно"), {
      deflate: false,
    });
    await zip.addFile("README.txt", bytes("Здравейте\r\n".repeat(100)), { deflate: true });
    await zip.begin("Клиенти.csv", { deflate: true });
    for (let i = 0; i < 50; i++) await zip.append(bytes(`ред ${i};${"x".repeat(i)}\r\n`));
    await zip.end();
    await zip.begin("празен.csv", { deflate: true });
    await zip.end();
    await zip.begin("stored.txt", { deflate: false });
    await zip.append(bytes("a"));
    await zip.append(bytes("b"));
    await zip.end();
    await zip.finish();
    await zip.close();

    const files = unzipSync(await readFile(zipPath));
    expect(Object.keys(files)).toEqual([
      "Документи/Фактура-0000000001.pdf",
      "README.txt",
      "Клиенти.csv",
      "празен.csv",
      "stored.txt",
    ]);
    expect(strFromU8(files["Документи/Фактура-0000000001.pdf"]!)).toBe("%PDF-1.4 едно");
    expect(strFromU8(files["README.txt"]!)).toBe("Здравейте\r\n".repeat(100));
    expect(strFromU8(files["Клиенти.csv"]!)).toBe(
      Array.from({ length: 50 }, (_, i) => `ред ${i};${"x".repeat(i)}\r\n`).join(""),
    );
    expect(files["празен.csv"]!.length).toBe(0);
    expect(strFromU8(files["stored.txt"]!)).toBe("ab");
  });

  it("goes on from the saved state after a step that died: what it wrote after the save is gone", async () => {
    const first = await ZipWriter.resume(zipPath, centralPath, EMPTY_ZIP_STATE, when);
    await first.addFile("a.txt", bytes("first"), { deflate: true });
    await first.begin("long.csv", { deflate: true });
    await first.append(bytes("page 1\r\n"));
    const saved = first.saved();
    // The step goes on, then dies before it saves: its writes must not survive.
    await first.append(bytes("lost page\r\n"));
    await first.end();
    await first.addFile("lost.txt", bytes("never"), { deflate: false });
    await first.close();

    const second = await ZipWriter.resume(zipPath, centralPath, saved, when);
    await second.append(bytes("page 2\r\n"));
    await second.end();
    await second.addFile("b.txt", bytes("second"), { deflate: false });
    await second.finish();
    await second.close();

    const files = unzipSync(await readFile(zipPath));
    expect(Object.keys(files)).toEqual(["a.txt", "long.csv", "b.txt"]);
    expect(strFromU8(files["long.csv"]!)).toBe("page 1\r\npage 2\r\n");
    expect(strFromU8(files["a.txt"]!)).toBe("first");
  });

  it("finishing twice from the same state gives the same file", async () => {
    const zip = await ZipWriter.resume(zipPath, centralPath, EMPTY_ZIP_STATE, when);
    await zip.addFile("a.txt", bytes("a"), { deflate: false });
    const saved = zip.saved();
    await zip.finish();
    await zip.close();
    const once = await readFile(zipPath);
    const again = await ZipWriter.resume(zipPath, centralPath, saved, when);
    await again.finish();
    await again.close();
    expect(Buffer.compare(await readFile(zipPath), once)).toBe(0);
  });

  it("uses ZIP64 past 65,535 entries", async () => {
    const zip = await ZipWriter.resume(zipPath, centralPath, EMPTY_ZIP_STATE, when);
    const count = 70_000;
    const one = bytes("1");
    for (let i = 0; i < count; i++) await zip.addFile(`f/${i}.txt`, one, { deflate: false });
    expect(zip.saved().entries).toBe(count);
    await zip.finish();
    await zip.close();
    const data = await readFile(zipPath);
    // The end record says "see ZIP64" and the ZIP64 record is there.
    const end = data.length - 22;
    expect(data.readUInt32LE(end)).toBe(0x06054b50);
    expect(data.readUInt16LE(end + 10)).toBe(0xffff);
    expect(data.readUInt32LE(end - 20)).toBe(0x07064b50);
    const files = unzipSync(data);
    expect(Object.keys(files).length).toBe(count);
    expect(strFromU8(files["f/69999.txt"]!)).toBe("1");
  }, 120_000);

  it("refuses to go on when a file is shorter than its saved state", async () => {
    const zip = await ZipWriter.resume(zipPath, centralPath, EMPTY_ZIP_STATE, when);
    await zip.addFile("a.txt", bytes("abc"), { deflate: false });
    const saved = zip.saved();
    await zip.close();
    await writeFile(zipPath, "short");
    await expect(ZipWriter.resume(zipPath, centralPath, saved, when)).rejects.toBeInstanceOf(
      ZipLostError,
    );
  });
});
