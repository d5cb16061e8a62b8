/// <reference types="vite/client" />

/*
 * What the tests get for `@remix-run/dev/server-build` (vitest.config.ts): the API route modules
 * under the ids Remix's build gives them, so that the OpenAPI document (gathered from the route
 * modules, decision 056) is the same in the tests as on the server. Only `routes` is provided;
 * /api/openapi.json itself is left out (it imports this module).
 */
const modules = import.meta.glob(
  [
    "../../app/routes/api.*.{ts,tsx}",
    "../../app/routes/api.*/route.{ts,tsx}",
    "!../../app/routes/**/*.test.{ts,tsx}",
    "!../../app/routes/api.openapi*",
  ],
  { eager: true },
);

/** "../../app/routes/api.clients.ts" → "routes/api.clients". */
const idOf = (file: string) =>
  `routes/${file
    .replace(/^.*\/app\/routes\//, "")
    .replace(/\/route\.tsx?$/, "")
    .replace(/\.tsx?$/, "")}`;

export const routes: Record<string, { id: string; module: unknown }> = Object.fromEntries(
  Object.entries(modules).map(([file, module]) => [idOf(file), { id: idOf(file), module }]),
);
