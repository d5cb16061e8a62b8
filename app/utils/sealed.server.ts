import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/*
 * Secrets a company hands the app (its own Stripe restricted key and webhook secret, decision
 * 071) are kept sealed: AES-256-GCM with a key derived (HKDF-SHA256) from the server's session
 * secret and what the secret is for, so a database dump or backup alone reveals nothing, and a
 * value sealed for one purpose cannot be opened as another.
 */

const VERSION = "v1";

function keyFor(serverSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", serverSecret, "smetka-sealed", purpose, 32));
}

/** Seals a secret for one purpose: «v1.iv.tag.ciphertext», base64url parts. */
export function seal(serverSecret: string, purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(serverSecret, purpose), iv);
  cipher.setAAD(Buffer.from(purpose));
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv, tag, data]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

/** Opens a sealed secret; null when it was sealed with another server secret or purpose, or altered. */
export function unseal(serverSecret: string, purpose: string, sealed: string): string | null {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv(
      "aes-256-gcm",
      keyFor(serverSecret, purpose),
      Buffer.from(iv, "base64url"),
    );
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([
      decipher.update(Buffer.from(data, "base64url")),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    return null;
  }
}
