// For loaders and actions: the browser's bundle gets nothing from a `.server` module, so a page
// that computes the note on the server does not carry the table the form loads lazily (conventions,
// «What the browser gets»).
export { cp1251Warning } from "./cp1251";
