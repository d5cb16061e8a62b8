// The country field for the server's render: the module itself on the server, an empty module in
// the browser build (every *.server module is), where ./country-field.tsx loads it lazily.
export * from "./country-field-list";
