import type { LoaderFunctionArgs } from "@remix-run/node";
import { describeApi, errors, month, refusal, z } from "~/modules/api/describe";
import { hasPlan } from "~/modules/subscriptions/plans";
import { buildFiles, vatReport, zipFiles } from "~/modules/vat/report.server";
import { parseMonth } from "~/modules/vat/schema";
import { contentDisposition } from "~/utils/content-disposition";
import { todayInSofia } from "~/utils/dates";
import { jsonError } from "~/utils/http.server";
import { recordDownload } from "~/web/auth/downloads.server";
import { requireApiCompanyUser } from "~/web/auth/guards.server";

/**
 * GET /api/reports/vat/{yyyy-MM}/files: PRODAGBI.TXT, POKUPKI.TXT, DEKLAR.TXT (and VIES.TXT) in one
 * zip; 409 with the problems while a record cannot be written correctly.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireApiCompanyUser(request, context, "vat.files");
  const month = parseMonth(params.month, todayInSofia());
  if (!month) return jsonError("Изберете месец във вида гггг-мм, не по-късно от текущия", 400);
  const report = await vatReport(context.db, user.companyId, month, hasPlan(user, "standard"));
  if (!report.company.isVatRegistered) {
    return jsonError("Без регистрация по ЗДДС: дневници не се подават", 409);
  }
  const { files, problems } = buildFiles(report);
  const all = [...report.problems, ...problems];
  if (all.length) {
    return Response.json(
      { message: "Файловете не са готови: поправете първо изброеното", problems: all },
      { status: 409 },
    );
  }
  const zip = new Response(new Uint8Array(zipFiles(files)), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": contentDisposition(`DDS-${month}.zip`),
      "Cache-Control": "private, no-store",
    },
  });
  return recordDownload(context, user, "vat.files", zip, `DDS-${month}.zip`, { month });
}

/** The calls of this route in the OpenAPI document (decision 056). */
export const openapi = describeApi(() => ({
  get: {
    summary:
      "PRODAGBI.TXT, POKUPKI.TXT, DEKLAR.TXT and (with intra-Community supplies) VIES.TXT in one zip: fixed-width records in Windows-1251 with CR LF",
    request: {
      params: z.object({
        month: month()
          .describe("The tax period (yyyy-MM), not later than the current month")
          .openapi({ example: "2026-10" }),
      }),
    },
    responses: {
      "200": {
        description: "The zip",
        content: { "application/zip": { schema: z.string().openapi({ format: "binary" }) } },
      },
      "400": errors["400"],
      "401": errors["401"],
      "409": refusal("The company is not registered for VAT (or, for the files, problems remain)"),
    },
  },
}));
