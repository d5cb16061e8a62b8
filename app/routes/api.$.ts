import { json } from "@remix-run/node";

// Unknown API paths answer JSON, not the HTML not-found page.
const notFound = () => json({ message: "Not Found" }, { status: 404 });

export const loader = notFound;
export const action = notFound;
