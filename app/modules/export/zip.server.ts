import { type FileHandle, open } from "node:fs/promises";
import { promisify } from "node:util";
import zlib from "node:zlib";

/*
 * A ZIP writer that can stop after any entry (or in the middle of a long one) and go on in
 * another process: everything it needs to go on is the small `ZipState`, which the company export
 * saves in its row after each step (decision 027). It writes at explicit positions, so a step that
 * died after its last save is undone by going on from the saved state (what it wrote past it is
 * overwritten and the files are cut to the saved lengths).
 *
 * The central directory grows in a file of its own beside the ZIP and is appended at the end, so
 * memory stays at one entry whatever the number of files. ZIP64 (PKWARE APPNOTE 6.3.x, 4.3.14,
 * 4.5.3) is used where the plain format runs out: from 65,535 entries and for an offset past 4 GiB.
 * Names are UTF-8 (general purpose bit 11). A long entry (a CSV of 100,000 rows) is written in
 * chunks, each deflated with a full flush (so the next chunk may be deflated by another process
 * with a fresh deflater) and its CRC-32 carried on; its sizes follow in a data descriptor.
 *
 * Libraries were measured first (decision 027): zip-stream (archiver) held 1.6 GB at 200,000
 * entries and cannot go on in another process, yazl scans all entries on every write, fflate
 * writes no ZIP64.
 */

const deflateRaw = promisify(zlib.deflateRaw);

const SIG_LOCAL = 0x04034b50;
const SIG_DESCRIPTOR = 0x08074b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_ZIP64_END = 0x06064b50;
const SIG_ZIP64_LOCATOR = 0x07064b50;
const SIG_END = 0x06054b50;
const MAX16 = 0xffff;
const MAX32 = 0xffffffff;
/** General purpose flags: bit 3 (sizes in a data descriptor), bit 11 (UTF-8 names). */
const FLAG_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;
const STORE = 0;
const DEFLATE = 8;
/** The final, empty deflate block (BFINAL, fixed Huffman, end of block) after full-flushed chunks. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** An entry begun and not yet ended (a CSV written page by page, over several steps). */
export interface OpenEntry {
  name: string;
  deflate: boolean;
  headerOffset: number;
  crc: number;
  size: number;
  compressedSize: number;
}

/** Everything the writer needs to go on: what the export saves after each step. */
export interface ZipState {
  /** Bytes of the ZIP written. */
  offset: number;
  /** Bytes of the central directory written (in its own file until the end). */
  centralOffset: number;
  entries: number;
  open: OpenEntry | null;
}

export const EMPTY_ZIP_STATE: ZipState = { offset: 0, centralOffset: 0, entries: 0, open: null };

/** MS-DOS date and time (local time as the reader will show it) of a moment. */
function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.min(Math.max(date.getFullYear(), 1980), 2107);
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

function u16(value: number) {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(value);
  return b;
}
function u32(value: number) {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(value >>> 0);
  return b;
}
function u64(value: number) {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(BigInt(value));
  return b;
}

/** The writer of one ZIP and its central directory file, from a saved state. */
export class ZipWriter {
  private constructor(
    private readonly zip: FileHandle,
    private readonly central: FileHandle,
    private state: ZipState,
    private readonly stamp: { time: number; date: number },
  ) {}

  /**
   * Opens (or creates) the two files and cuts them to the saved state, so whatever a step wrote
   * after its last save is gone. Throws when a file is shorter than the state says (it was lost:
   * the export starts again).
   */
  static async resume(zipPath: string, centralPath: string, state: ZipState, modified: Date) {
    const zip = await open(zipPath, "a+").then(async (h) => {
      await h.close();
      return open(zipPath, "r+");
    });
    const central = await open(centralPath, "a+").then(async (h) => {
      await h.close();
      return open(centralPath, "r+");
    });
    const [zipSize, centralSize] = [(await zip.stat()).size, (await central.stat()).size];
    if (zipSize < state.offset || centralSize < state.centralOffset) {
      await Promise.all([zip.close(), central.close()]);
      throw new ZipLostError();
    }
    await zip.truncate(state.offset);
    await central.truncate(state.centralOffset);
    return new ZipWriter(zip, central, structuredClone(state), dosDateTime(modified));
  }

  /** What to save to go on from here. */
  saved(): ZipState {
    return structuredClone(this.state);
  }

  get entryOpen(): boolean {
    return this.state.open !== null;
  }

  private async write(bytes: Buffer) {
    let done = 0;
    while (done < bytes.length) {
      const { bytesWritten } = await this.zip.write(
        bytes,
        done,
        bytes.length - done,
        this.state.offset + done,
      );
      done += bytesWritten;
    }
    this.state.offset += bytes.length;
  }

  private localHeader(
    name: Buffer,
    method: number,
    flags: number,
    crc: number,
    size: number,
    compressed: number,
  ) {
    return Buffer.concat([
      u32(SIG_LOCAL),
      u16(20),
      u16(flags),
      u16(method),
      u16(this.stamp.time),
      u16(this.stamp.date),
      u32(crc),
      u32(compressed),
      u32(size),
      u16(name.length),
      u16(0),
      name,
    ]);
  }

  /** The entry's central directory record, with a ZIP64 field for what does not fit 32 bits. */
  private async addCentral(entry: {
    name: Buffer;
    method: number;
    flags: number;
    crc: number;
    size: number;
    compressedSize: number;
    headerOffset: number;
  }) {
    const big = [entry.size, entry.compressedSize, entry.headerOffset].map((v) => v >= MAX32);
    const extraValues = [entry.size, entry.compressedSize, entry.headerOffset].filter(
      (_, i) => big[i],
    );
    const extra = extraValues.length
      ? Buffer.concat([u16(0x0001), u16(extraValues.length * 8), ...extraValues.map(u64)])
      : Buffer.alloc(0);
    const record = Buffer.concat([
      u32(SIG_CENTRAL),
      u16((3 << 8) | 45),
      u16(extraValues.length ? 45 : 20),
      u16(entry.flags),
      u16(entry.method),
      u16(this.stamp.time),
      u16(this.stamp.date),
      u32(entry.crc),
      u32(big[1] ? MAX32 : entry.compressedSize),
      u32(big[0] ? MAX32 : entry.size),
      u16(entry.name.length),
      u16(extra.length),
      u16(0),
      u16(0),
      u16(0),
      // Regular file, rw-r--r--.
      u32((0o100644 << 16) >>> 0),
      u32(big[2] ? MAX32 : entry.headerOffset),
      entry.name,
      extra,
    ]);
    let done = 0;
    while (done < record.length) {
      const { bytesWritten } = await this.central.write(
        record,
        done,
        record.length - done,
        this.state.centralOffset + done,
      );
      done += bytesWritten;
    }
    this.state.centralOffset += record.length;
    this.state.entries += 1;
  }

  /** A whole file held in memory (a PDF, a UBL file, a receipt): sizes and CRC in its header. */
  async addFile(name: string, data: Uint8Array, options: { deflate: boolean }) {
    if (this.state.open) throw new Error("an entry is still open");
    const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    const crc = zlib.crc32(bytes);
    const body = options.deflate ? await deflateRaw(bytes) : bytes;
    const method = options.deflate ? DEFLATE : STORE;
    const encoded = Buffer.from(name, "utf8");
    const headerOffset = this.state.offset;
    await this.write(this.localHeader(encoded, method, FLAG_UTF8, crc, bytes.length, body.length));
    await this.write(body);
    await this.addCentral({
      name: encoded,
      method,
      flags: FLAG_UTF8,
      crc,
      size: bytes.length,
      compressedSize: body.length,
      headerOffset,
    });
  }

  /** Begins an entry written in pieces (`append`), ended by `end`. */
  async begin(name: string, options: { deflate: boolean }) {
    if (this.state.open) throw new Error("an entry is still open");
    const encoded = Buffer.from(name, "utf8");
    const headerOffset = this.state.offset;
    await this.write(
      this.localHeader(
        encoded,
        options.deflate ? DEFLATE : STORE,
        FLAG_UTF8 | FLAG_DESCRIPTOR,
        0,
        0,
        0,
      ),
    );
    this.state.open = {
      name,
      deflate: options.deflate,
      headerOffset,
      crc: 0,
      size: 0,
      compressedSize: 0,
    };
  }

  /** A piece of the open entry (deflated on its own, with a full flush). */
  async append(data: Uint8Array) {
    const open = this.state.open;
    if (!open) throw new Error("no entry is open");
    if (data.byteLength === 0) return;
    const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    const body = open.deflate
      ? await deflateRaw(bytes, { finishFlush: zlib.constants.Z_FULL_FLUSH })
      : bytes;
    await this.write(body);
    open.crc = zlib.crc32(bytes, open.crc);
    open.size += bytes.length;
    open.compressedSize += body.length;
  }

  /** Ends the open entry: the last deflate block, the data descriptor, its central record. */
  async end() {
    const open = this.state.open;
    if (!open) throw new Error("no entry is open");
    if (open.deflate) {
      await this.write(FINAL_BLOCK);
      open.compressedSize += FINAL_BLOCK.length;
    }
    // The descriptor's sizes are 32-bit (the local header has no ZIP64 field): one entry of the
    // export (a CSV) never comes near 4 GiB; refuse rather than write a wrong size.
    if (open.size >= MAX32 || open.compressedSize >= MAX32) {
      throw new ZipEntryTooLarge(open.name);
    }
    await this.write(
      Buffer.concat([u32(SIG_DESCRIPTOR), u32(open.crc), u32(open.compressedSize), u32(open.size)]),
    );
    this.state.open = null;
    await this.addCentral({
      name: Buffer.from(open.name, "utf8"),
      method: open.deflate ? DEFLATE : STORE,
      flags: FLAG_UTF8 | FLAG_DESCRIPTOR,
      crc: open.crc,
      size: open.size,
      compressedSize: open.compressedSize,
      headerOffset: open.headerOffset,
    });
  }

  /**
   * Appends the central directory and the end records; the ZIP is then complete. Idempotent from
   * the same saved state (the central directory is copied again over what a died step wrote).
   */
  async finish() {
    if (this.state.open) throw new Error("an entry is still open");
    const start = this.state.offset;
    const size = this.state.centralOffset;
    const chunk = Buffer.alloc(1024 * 1024);
    for (let read = 0; read < size; ) {
      const { bytesRead } = await this.central.read(
        chunk,
        0,
        Math.min(chunk.length, size - read),
        read,
      );
      if (bytesRead === 0) throw new ZipLostError();
      await this.write(chunk.subarray(0, bytesRead));
      read += bytesRead;
    }
    const entries = this.state.entries;
    const zip64 = entries >= MAX16 || start >= MAX32 || size >= MAX32;
    if (zip64) {
      const recordOffset = this.state.offset;
      await this.write(
        Buffer.concat([
          u32(SIG_ZIP64_END),
          u64(44),
          u16((3 << 8) | 45),
          u16(45),
          u32(0),
          u32(0),
          u64(entries),
          u64(entries),
          u64(size),
          u64(start),
        ]),
      );
      await this.write(Buffer.concat([u32(SIG_ZIP64_LOCATOR), u32(0), u64(recordOffset), u32(1)]));
    }
    await this.write(
      Buffer.concat([
        u32(SIG_END),
        u16(0),
        u16(0),
        u16(zip64 ? MAX16 : entries),
        u16(zip64 ? MAX16 : entries),
        u32(zip64 ? MAX32 : size),
        u32(zip64 ? MAX32 : start),
        u16(0),
      ]),
    );
    await this.zip.truncate(this.state.offset);
  }

  /** Makes what was written durable (before its state is saved). */
  async sync() {
    await Promise.all([this.zip.datasync(), this.central.datasync()]);
  }

  async close() {
    await Promise.allSettled([this.zip.close(), this.central.close()]);
  }
}

/** A ZIP file shorter than its saved state (lost with a machine): the export starts again. */
export class ZipLostError extends Error {
  override name = "ZipLostError";
  constructor() {
    super("the export's files are shorter than its saved state");
  }
}

/** One entry written in pieces passed 4 GiB (its data descriptor has 32-bit sizes). */
export class ZipEntryTooLarge extends Error {
  override name = "ZipEntryTooLarge";
  constructor(entry: string) {
    super(`ZIP entry ${entry} is larger than 4 GiB`);
  }
}
