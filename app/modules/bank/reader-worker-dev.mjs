// Runs the statement reader from its TypeScript source (tests and `vitest`), through tsx's loader.
// The production server uses build/bank-worker.js, bundled by `npm run build`.
import { register } from "tsx/esm/api";

register();
const worker = await import("./reader-worker.server.ts");
export default worker.default;
