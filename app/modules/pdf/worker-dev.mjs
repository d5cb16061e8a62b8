// Runs the PDF worker from its TypeScript source (tests and `vitest`), through tsx's loader.
// The production server uses build/pdf-worker.js, bundled by `npm run build`.
import { register } from "tsx/esm/api";

register();
const worker = await import("./worker.server.tsx");
export default worker.default;
