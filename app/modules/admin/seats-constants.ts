/** The back office's seats form (browser-safe: the page's view reads it). */
export const SEATS_FORM = "seats";
