import { hash, verify } from "@node-rs/argon2";

// @node-rs/argon2 defaults to argon2id (m=19456 KiB, t=2, p=1), the OWASP baseline.

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** Checks a password against an argon2 hash; a malformed hash counts as a mismatch. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
