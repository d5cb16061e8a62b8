/** Account rules the pages show as well as the server applies (no .server: the browser needs them). */

/** Days between asking for deletion and the deletion itself. */
export const DELETION_DAYS = 30;
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_ERROR = "Логото трябва да е изображение PNG или JPEG до 1 MB";
