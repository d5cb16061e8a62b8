/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // The Express server in app/server.ts is bundled with the app into build/index.js,
  // so `node build/index.js` is the whole production server.
  server: "./app/server.ts",
  serverBuildPath: "build/index.js",
  serverModuleFormat: "esm",
  serverPlatform: "node",
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/*.css.ts"],
  watchPaths: ["./db/**/*.ts"],
  // postal-codes-js picks its browser formats at run time; its Node branch (path) never runs there.
  // Its locale files are JSON, which Node's ESM loader will not import without attributes.
  serverDependenciesToBundle: [/^i18n-iso-countries\/langs\//],
  browserNodeBuiltinsPolyfill: { modules: { path: "empty" } },
  // React Router 7's behaviour, flag by flag. `remix build` still warns about two flags left off
  // on purpose (decision 055): v3_lazyRouteDiscovery (its /__manifest answer is unauthenticated and
  // matches every path it is sent against all routes; React Router 7 keeps today's whole manifest
  // with `routeDiscovery: { mode: "initial" }`) and v3_singleFetch (it needs a streaming render,
  // so React 19 first, and the pages' json() answers and the HTTP edge reworked).
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
  },
};
