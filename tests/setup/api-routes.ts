import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

/** The folder of the Remix route modules. */
export const ROUTES = path.resolve(__dirname, "../../app/routes");

/** "/api/invoices/{id}/issue" → the Remix route module "api.invoices.$id.issue.ts" (or .tsx). */
export function routeFile(apiPath: string): string | null {
  const name = apiPath
    .replace(/^\//, "")
    .split("/")
    .map((part) => (part.startsWith("{") ? `$${part.slice(1, -1)}` : part.replace(/\./g, "[.]")))
    .join(".");
  for (const candidate of [`${name}.ts`, `${name}.tsx`, `${name}/route.ts`]) {
    if (existsSync(path.join(ROUTES, candidate))) return candidate;
  }
  // A segment that opts out of its parent's layout ends in «_» ("api.salaries.month.$month_.payments").
  const unnested = (file: string) => file.replace(/\.(tsx?)$/, "").replace(/_(?=\.|$)/g, "");
  return (
    readdirSync(ROUTES).find((file) => /\.tsx?$/.test(file) && unnested(file) === name) ?? null
  );
}
