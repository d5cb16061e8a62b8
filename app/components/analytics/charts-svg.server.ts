// The charts for the server's render. On the server this is the charts' module itself; in the
// browser build every *.server module is empty, so the browser loads the charts lazily
// (./charts.tsx).
export * from "./charts-svg";
