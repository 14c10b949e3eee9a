// Plain-language text for error codes and page verdicts, and the page's own
// labels and messages.  The engine's own messages are never shown raw: a
// code picks one of these.
//
// The words live in one catalogue, i18n.js, in every language the page
// speaks.  These are live views on it: each read gives the text of the
// language chosen now.
import { section } from "./i18n.js";

export const ERROR_TEXT = section("errors");
export const VERDICT_TEXT = section("verdicts");
export const UI = section("ui");

export function errorText(code) {
  return ERROR_TEXT[code] ?? ERROR_TEXT.generic;
}
