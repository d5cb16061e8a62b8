import { randomBytes } from "node:crypto";
import pg from "pg";

/** The same server URL pointing at another database. */
export function withDatabase(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, "")) || "postgres";
}

/** A unique, safe database name with the given prefix. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;
}

/** Runs administrative SQL (CREATE/DROP DATABASE) on the server of `url`. */
export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function createDatabase(
  url: string,
  name: string,
  template?: string,
): Promise<string> {
  const from = template ? ` template "${template}"` : "";
  // Concurrent copies of one template can collide for a moment; try again briefly.
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(url, `create database "${name}"${from}`);
      return withDatabase(url, name);
    } catch (error) {
      if (attempt >= 5 || !/being accessed by other users/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

export async function dropDatabase(url: string, name: string): Promise<void> {
  await adminQuery(url, `drop database if exists "${name}" with (force)`);
}
