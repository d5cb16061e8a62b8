import { contentDisposition } from "./content-disposition";

/*
 * A text file answered as it is written: each chunk of an async generator is encoded (UTF-8) and
 * sent only when the reader asks for more, and a reader that goes away ends the generator (its
 * `finally` runs, so a page of rows is never read for nobody). The SAF-T file's API call and its
 * download for the browser share it (decision 063).
 */
export function textFileResponse(
  chunks: AsyncGenerator<string>,
  file: { name: string; contentType: string },
): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": contentDisposition(file.name),
      "Cache-Control": "private, no-store",
    },
  });
}
