/*
 * A page rendered to one string leaves as the bytes it was encoded to (bench ladder, #26; decision
 * 021): entry.server makes its Response with `wholeResponse`, and the HTTP edge (sendResponse)
 * writes those bytes instead of reading the Response's body stream back. The Response still
 * carries the same bytes as its body for anyone else who reads it.
 */
const bodies = new WeakMap<Response, Uint8Array>();

/** A Response whose body is `text` encoded as UTF-8 once. */
export function wholeResponse(text: string, init: ResponseInit): Response {
  const bytes = Buffer.from(text, "utf8");
  const response = new Response(bytes, init);
  bodies.set(response, bytes);
  return response;
}

/** The bytes a `wholeResponse` was made of; undefined for any other Response. */
export function wholeBodyOf(response: Response): Uint8Array | undefined {
  return bodies.get(response);
}
