// The country table for loaders and actions: importing it from a *.server module keeps it out of
// the page's JavaScript, which esbuild would otherwise keep when a lazy chunk shares the module.
export { COUNTRIES, countryByCode, countryByName } from "./countries";
