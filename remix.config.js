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
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
  },
};
