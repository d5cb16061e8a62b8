import { createHash } from "node:crypto";
import {
  MaxPartSizeExceededError,
  type UploadHandler,
  unstable_composeUploadHandlers,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from "@remix-run/node";
import { isBodyTooLarge } from "./body-limit.server";
import { AppError } from "./errors";

/*
 * Files people send: their type is judged by their content (the first bytes), never by their name
 * or the browser's word for it; uploads are read into one buffer of the file's size limit.
 */

export type SniffedType = "image/png" | "image/jpeg" | "application/pdf" | "application/xml";

const XML_START = [0x3c, 0x3f, 0x78, 0x6d, 0x6c]; // "<?xml"
const isSpace = (byte: number | undefined) =>
  byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;

/**
 * XML (an e-invoice) by its content: an optional UTF-8 BOM and white space, then the XML
 * declaration; the whole file valid UTF-8 and without a DOCTYPE or ENTITY (no DTD is ever
 * accepted: external entities and entity bombs stay out).
 */
function isXml(bytes: Uint8Array): boolean {
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length && isSpace(bytes[i])) i++;
  if (!XML_START.every((byte, k) => bytes[i + k] === byte) || !isSpace(bytes[i + 5])) return false;
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return !/<!(DOCTYPE|ENTITY)/i.test(text);
  } catch {
    return false;
  }
}

/** The type of a file by its first bytes: PNG, JPEG, PDF or XML; null for anything else. */
export function sniffFile(bytes: Uint8Array): SniffedType | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((byte, i) => bytes[i] === byte)) return "image/png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (
    bytes[0] === 0x25 &&
    bytes[1] === 0x50 &&
    bytes[2] === 0x44 &&
    bytes[3] === 0x46 &&
    bytes[4] === 0x2d
  )
    return "application/pdf";
  if (isXml(bytes)) return "application/xml";
  return null;
}

/** An image by its content: PNG or JPEG (logos, feedback screenshots). */
export function sniffImage(bytes: Uint8Array): "image/png" | "image/jpeg" | null {
  const type = sniffFile(bytes);
  return type === "image/png" || type === "image/jpeg" ? type : null;
}

export const sha256Hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

// Characters a stored or shown file name never carries: controls (NUL included), lone surrogates,
// the direction overrides that disguise an extension, and path separators.
const NAME_UNSAFE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  /[\u0000-\u001F\u007F\u202A-\u202E\u2066-\u2069/\\]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A file name as sent, made safe to store and show: unsafe characters become "_", ≤ 200 characters. */
export function cleanFileName(name: string): string {
  const clean = Array.from(name.replace(NAME_UNSAFE, "_").trim()).slice(0, 200).join("");
  return clean.replace(/^[._]+$/, "") || "file";
}

/** A file read from an upload: its name as sent, the type the browser said, and its bytes. */
export interface UploadedFile {
  /** The form field it came in (absent for files made by code). */
  field?: string;
  fileName: string;
  declaredType: string;
  bytes: Buffer;
}

export interface UploadResult {
  files: UploadedFile[];
  /** Names of files over the limit (drained, not kept). */
  tooLarge: string[];
  /** More files than allowed were sent (the rest were dropped). */
  tooMany: boolean;
}

/**
 * An upload handler for Remix's parseMultipartFormData that reads each file into one buffer no
 * larger than the file limit and the request's own length (so the file is in memory once), and,
 * past the limit, drains the rest and notes the file instead of failing the whole form — so the
 * page can keep what was typed. The files are in `result`; the form field holds their names.
 * Text parts are left to the next handler; a file part of another field is read and dropped.
 */
export function boundedFileHandler(options: {
  fields: readonly string[];
  maxBytes: number;
  maxFiles: number;
  /** The request's Content-Length, when known: no buffer is larger than the whole body. */
  requestBytes: number | null;
  result: UploadResult;
}): UploadHandler {
  const capacity = Math.min(options.maxBytes + 1, options.requestBytes ?? options.maxBytes + 1);
  return async ({ name, filename, contentType, data }) => {
    if (filename === undefined) return undefined;
    const drain = async () => {
      for await (const _ of data) {
        // read and dropped
      }
      return "";
    };
    if (!filename || !options.fields.includes(name)) return drain();
    const fileName = cleanFileName(filename);
    if (options.result.files.length + options.result.tooLarge.length >= options.maxFiles) {
      options.result.tooMany = true;
      return drain();
    }
    const buffer = Buffer.allocUnsafe(capacity);
    let size = 0;
    let over = false;
    for await (const chunk of data) {
      if (over) continue;
      if (size + chunk.byteLength > options.maxBytes || size + chunk.byteLength > capacity) {
        over = true;
        continue;
      }
      buffer.set(chunk, size);
      size += chunk.byteLength;
    }
    if (over) {
      options.result.tooLarge.push(fileName);
      return "";
    }
    if (size === 0) return "";
    options.result.files.push({
      field: name,
      fileName,
      declaredType: contentType,
      bytes: buffer.subarray(0, size),
    });
    return fileName;
  };
}

export const UPLOAD_MESSAGES = {
  malformed: "Невалидна заявка: формулярът не може да бъде прочетен",
  textTooLong: "Текстово поле е твърде дълго",
} as const;

/**
 * A form that may carry files (multipart; a plain form is read as is): its text fields, and its
 * files read by boundedFileHandler. A malformed body is AppError 400, a text part over
 * `maxTextBytes` 413; a body over the request limit stays BodyTooLargeError.
 */
export async function readFormWithFiles(
  request: Request,
  options: { fields: readonly string[]; maxBytes: number; maxFiles: number; maxTextBytes?: number },
): Promise<{ form: FormData; upload: UploadResult }> {
  const upload: UploadResult = { files: [], tooLarge: [], tooMany: false };
  const type = request.headers.get("content-type") ?? "";
  try {
    if (!/^multipart\/form-data/i.test(type)) return { form: await request.formData(), upload };
    const declared = Number(request.headers.get("content-length"));
    const form = await unstable_parseMultipartFormData(
      request,
      unstable_composeUploadHandlers(
        boundedFileHandler({
          ...options,
          requestBytes: Number.isFinite(declared) && declared > 0 ? declared : null,
          result: upload,
        }),
        unstable_createMemoryUploadHandler({ maxPartSize: options.maxTextBytes ?? 65_536 }),
      ),
    );
    return { form, upload };
  } catch (error) {
    if (isBodyTooLarge(error)) throw error;
    if (error instanceof MaxPartSizeExceededError) {
      throw new AppError(UPLOAD_MESSAGES.textTooLong, 413);
    }
    throw new AppError(UPLOAD_MESSAGES.malformed, 400);
  }
}

/**
 * A file sent as the whole body (the API's e-invoice as application/xml), read like a form's file
 * by boundedFileHandler: at most `maxBytes` kept, past it the rest drained and the file noted in
 * `tooLarge`; an empty body is no file. A body over the request limit stays BodyTooLargeError.
 */
export async function readBodyFile(
  request: Request,
  options: { maxBytes: number; fileName?: string },
): Promise<UploadResult> {
  const upload: UploadResult = { files: [], tooLarge: [], tooMany: false };
  if (!request.body) return upload;
  const declared = Number(request.headers.get("content-length"));
  const read = boundedFileHandler({
    fields: ["body"],
    maxBytes: options.maxBytes,
    maxFiles: 1,
    requestBytes: Number.isFinite(declared) && declared > 0 ? declared : null,
    result: upload,
  });
  try {
    await read({
      name: "body",
      filename: options.fileName ?? "file",
      contentType: request.headers.get("content-type") ?? "",
      data: request.body as unknown as AsyncIterable<Uint8Array>,
    });
  } catch (error) {
    if (isBodyTooLarge(error)) throw error;
    throw new AppError(UPLOAD_MESSAGES.malformed, 400);
  }
  return upload;
}

/**
 * A file sent as base64 in JSON (POST /api/feedback, spec §3): its bytes (a data: URL prefix is
 * dropped) and its name made safe as a form's file name is; null when there is no content.
 */
export function fileFromBase64(name: unknown, content: unknown): UploadedFile | null {
  if (typeof content !== "string" || !content) return null;
  const data = content.replace(/^data:[^,]*,/, "");
  if (!data) return null;
  return {
    fileName: cleanFileName(typeof name === "string" && name ? name : "attachment"),
    declaredType: /^data:([^;,]*)/.exec(content)?.[1] ?? "",
    bytes: Buffer.from(data, "base64"),
  };
}
