import type { Kysely } from "kysely";
import type { SessionUser } from "~/modules/auth/session.server";
import { declarationBundle } from "~/modules/salaries/nap/bundle.server";
import { recordDelivery } from "~/modules/salaries/nap/corrections.server";
import type { MonthDeclaration } from "~/modules/salaries/nap/declaration.server";
import { zipDeclarationFiles, zipName } from "~/modules/salaries/nap/files.server";
import { DECLARATION_MESSAGES } from "~/modules/salaries/nap/messages";
import { contentDisposition } from "~/utils/content-disposition";
import { MONTH } from "~/utils/periods";
import { z } from "~/utils/zod-openapi.server";
import type { Database } from "~db/types";

/*
 * The answers of the declaration downloads, shared by the page's links
 * (/salaries/declarations/files/…) and the API (/api/salaries/month/{month}/declarations…):
 * the file, or the refusal — 400 for a month that is not yyyy-MM, 404 for an unknown file,
 * 409 with the problems while any check fails (never a file with a wrong record).
 */

export type DeclarationDownload = "zip" | "1" | "6";

/** A yyyy-MM month between 2000-01 and 2099-12, or null. */
export function parseDeclarationMonth(value: string | null | undefined): string | null {
  if (typeof value !== "string" || value.length !== 7 || !MONTH.test(value)) return null;
  return value >= "2000-01" && value <= "2099-12" ? value : null;
}

/** The download asked for in a path segment («zip», «1», «6»), or null. */
export function parseDownload(value: string | undefined): DeclarationDownload | null {
  return value === "zip" || value === "1" || value === "6" ? value : null;
}

type Refusal = (status: number, message: string, declaration?: MonthDeclaration) => Response;

/** `?regular=1`: the regular files with every record, even after a delivery (none was filed). */
export const wantsRegular = (url: string) => new URL(url).searchParams.get("regular") === "1";

/**
 * The file (or zip) of a company's month, or the refusal built by the caller's style. Each file
 * given is recorded (who, when, sha256, the figures); after a delivery, a changed month gives the
 * correcting lines (corrections.server) unless the regular files are asked for.
 */
export async function declarationDownload(
  db: Kysely<Database>,
  user: Pick<SessionUser, "id" | "impersonator">,
  companyId: string,
  month: string,
  which: DeclarationDownload,
  refuse: Refusal,
  regular = false,
): Promise<Response> {
  const { declaration, files, base, correction } = await declarationBundle(
    db,
    companyId,
    month,
    regular,
  );
  if (!files) return refuse(409, DECLARATION_MESSAGES.notReady, declaration);
  const headers = { "Cache-Control": "private, no-store" };
  if (which === "zip") {
    const zip = zipDeclarationFiles(files);
    await recordDelivery(db, declaration, "zip", zip, user, correction && base);
    return new Response(new Uint8Array(zip), {
      headers: {
        ...headers,
        "Content-Type": "application/zip",
        "Content-Disposition": contentDisposition(zipName(month)),
      },
    });
  }
  const file = files.find((f) => f.form === which);
  if (!file) return refuse(409, DECLARATION_MESSAGES.form6Unchanged);
  await recordDelivery(db, declaration, which, file.bytes, user, correction && base);
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      ...headers,
      "Content-Type": "text/plain; charset=windows-1251",
      "Content-Disposition": contentDisposition(file.name),
    },
  });
}

/** The page's refusal: plain text listing what to fix. */
export const textRefusal: Refusal = (status, message, declaration) =>
  new Response(
    declaration?.problems.length
      ? `${message}:\n${declaration.problems.map((p) => `- ${p.who}: ${p.message}`).join("\n")}\n`
      : `${message}\n`,
    { status, headers: { "Content-Type": "text/plain; charset=utf-8" } },
  );

/** The API's refusal: {success: false, message, problems}. */
export const jsonRefusal: Refusal = (status, message, declaration) =>
  Response.json(
    {
      success: false,
      message,
      ...(declaration
        ? {
            problems: declaration.problems.map((p) => ({
              who: p.who,
              message: p.message,
              href: p.href,
            })),
          }
        : {}),
    },
    { status },
  );

/** The body of `jsonRefusal` (and of the payments file's refusal), as the OpenAPI document shows it. */
export const notReadyJsonSchema = z
  .object({
    success: z.literal(false),
    message: z.string(),
    problems: z
      .array(
        z.object({
          who: z.string(),
          message: z.string(),
          href: z.string().describe("The page where it is fixed"),
        }),
      )
      .optional(),
  })
  .openapi("NotReady");
