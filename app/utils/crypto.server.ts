import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** A random, URL-safe token with 256 bits of entropy. */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

/** SHA-256 of a token, hex: what the database keeps instead of the token itself. */
export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function hmac(secret: string, value: string): string {
  return createHmac("sha256", secret).update(value).digest("base64url");
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
