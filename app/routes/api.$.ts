import { undocumented } from "~/modules/api/describe";
import { API_MESSAGES, jsonError } from "~/utils/http.server";

// Unknown API paths answer JSON, not the HTML not-found page.
const notFound = () => jsonError(API_MESSAGES.notFound, 404);

export const loader = notFound;
export const action = notFound;

export const openapi = undocumented("The 404 of an unknown /api address, not a call");
