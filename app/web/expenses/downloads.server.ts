import { contentDisposition } from "~/utils/content-disposition";

/** A file download: the name in RFC 5987 form, with the SHA-256 as its ETag. */
export function fileResponse(
  file: { fileName: string; contentType: string; data: Uint8Array; sha256: string },
  inline: boolean,
) {
  // The bytes as read from the database, not copied again.
  return new Response(file.data as unknown as BodyInit, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": contentDisposition(file.fileName, inline ? "inline" : "attachment"),
      "Content-Length": String(file.data.byteLength),
      ETag: `"${file.sha256.trim()}"`,
      "Cache-Control": "private, max-age=3600",
      // A file shown inline runs nothing (Chromium's PDF viewer refuses a sandboxed page, so a PDF
      // gets the rest of the policy without it).
      "Content-Security-Policy": `default-src 'none'; img-src 'self'; style-src 'unsafe-inline'${file.contentType === "application/pdf" ? "" : "; sandbox"}`,
    },
  });
}
