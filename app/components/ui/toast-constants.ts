import type { Toast } from "~/utils/toast.server";

/*
 * The spec's toast constants (§10 «Toasts»), which are Radix Toast's own behaviour: at most 5,
 * 5 s unless a notice says otherwise (the library default), a swipe of 50 px dismisses, F8 moves
 * focus to the area. Decision 019 records why Radix here and native elements elsewhere.
 */
export const MAX_TOASTS = 5;
export const TOAST_DURATION_MS = 5_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ["F8"];
/** The area's accessible name; Radix puts the hotkey in place of {hotkey}: «Известия (F8)». */
export const TOAST_AREA_LABEL = "Известия ({hotkey})";

export type Shown = Toast & { durationMs: number };
