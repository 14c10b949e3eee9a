// Plain-language text for error codes and page verdicts.  The engine's own
// messages are never shown raw: a code picks one of these.
import { CODES } from "./protocol.js";

export const ERROR_TEXT = Object.freeze({
  [CODES.NOT_A_PDF]:
    "This file is not a PDF. Choose a file that is a PDF document.",
  [CODES.DAMAGED]:
    "This PDF is damaged and could not be read. If you have another copy of it, try that one.",
  [CODES.PASSWORD_REQUIRED]:
    "This PDF is protected by a password. Enter the password to open it; it stays on this computer.",
  [CODES.PASSWORD_WRONG]:
    "That password is not correct. Check it and try again.",
  [CODES.LIMIT_EXCEEDED]:
    "This PDF is too large or too complex to read here.",
  [CODES.UNSUPPORTED]:
    "This PDF uses a feature that is not supported here yet.",
  [CODES.CANCELLED]:
    "Stopped. The pages read so far are shown below.",
  [CODES.WORKER_DIED]:
    "The PDF reader stopped unexpectedly and has been restarted. Please try the file again.",
});

export const GENERIC_ERROR =
  "Something went wrong while reading this file. Nothing was sent anywhere; " +
  "you can try again or try another file.";

export const START_FAILED =
  "The PDF reader could not start in this browser. Reload the page to try again.";

export const VERDICT_TEXT = Object.freeze({
  scan: "This page looks like a scan: it has no text layer. OCR is needed, which is not done here.",
  none: "This page has no text.",
  invisible: "This page's text is an invisible layer (often OCR over a scanned image). It is shown as found.",
  garbled: "This page's fonts could not be decoded reliably, so its text may be wrong or missing.",
  outlines: "The text on this page is drawn as shapes, not letters, so it cannot be extracted.",
});

export function errorText(code) {
  return ERROR_TEXT[code] ?? GENERIC_ERROR;
}
