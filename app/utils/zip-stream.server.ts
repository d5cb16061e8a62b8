import { Zip, ZipDeflate } from "fflate";

/*
 * A ZIP written as it is read: each entry is deflated chunk by chunk (fflate's streaming Zip, UTF-8
 * names, sizes in data descriptors) only when the reader asks for more, so a long entry (a month's
 * journal as CSV) never sits in memory whole and each step is a few milliseconds of work on the
 * event loop. For archives under 4 GiB (no ZIP64: the company's export has its own writer).
 */

export interface StreamEntry {
  name: string;
  data: Uint8Array | AsyncIterable<Uint8Array>;
}

/** A fixed time: the same content makes the same archive whenever it is downloaded. */
const MTIME = new Date(1980, 0, 1);

export function zipStream(entries: AsyncIterable<StreamEntry>): ReadableStream<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  let done = false;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else {
      out.push(chunk);
      if (final) done = true;
    }
  });
  const files = entries[Symbol.asyncIterator]();
  let current: { file: ZipDeflate; chunks: AsyncIterator<Uint8Array> } | null = null;

  /** One step: the next entry begun, or the current entry's next chunk deflated. */
  async function step() {
    if (!current) {
      const next = await files.next();
      if (next.done) {
        zip.end();
        if (!done) failure = new Error("the ZIP did not end");
        return;
      }
      const file = new ZipDeflate(next.value.name, { level: 6 });
      file.mtime = MTIME;
      zip.add(file);
      const { data } = next.value;
      if (data instanceof Uint8Array) file.push(data, true);
      else current = { file, chunks: data[Symbol.asyncIterator]() };
      return;
    }
    const chunk = await current.chunks.next();
    if (chunk.done) {
      current.file.push(new Uint8Array(0), true);
      current = null;
    } else current.file.push(chunk.value, false);
  }

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      while (!out.length && !done && !failure) await step();
      if (failure) {
        controller.error(failure);
        return;
      }
      for (const chunk of out.splice(0)) controller.enqueue(chunk);
      if (done) controller.close();
    },
    async cancel() {
      await current?.chunks.return?.();
      await files.return?.();
    },
  });
}
