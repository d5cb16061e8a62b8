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
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
  },
};
