// The message protocol between the page (app.js) and the worker (worker.js).
//
// Every message is a plain object with a `type` from MSG, or, from the worker
// to the page, that object's JSON text (`message` reads both).  The worker hands
// these names to the Python side (pyengine/web.py) at start-up, so the three
// parts share one list.  Errors travel as {code, message}; the page turns the
// code into plain words (notices.js) and never shows the message raw.
//
// page -> worker
//   EXTRACT  {job, data: ArrayBuffer, name, password, options}   read one file;
//            `options`: reading options, e.g. {dehyphenate, strip_headers}
//            (on/off pyengine Options fields; others are ignored)
//   CANCEL   {job}                                      stop between pages
// worker -> page
//   LOADING  {step, steps, label}       start-up progress
//   READY    {versions, timings}        the reader can take files
//   STARTED  {job, total, pageCount}    the file opened; `total` pages to read
//   PAGE     {job, index, total, page, markdown}  one page: page is
//            {number, width, height, text, words, word_flags, offpage_words,
//            verdict, ...} (render/json_out.py); markdown is that page alone
//   DONE     {job, text, markdown, json, pages, truncated, pageTexts,
//            pageMarkdown, title}   all pages read; `text` is the .txt; the
//            page lists carry the document-level options (joined hyphens,
//            dropped headers) and the document's Markdown heading levels
//   ERROR    {job, code, message}       this file failed; the worker lives on
//   FATAL    {message}                  the worker cannot go on: restart it
//
// EXTRACT may carry `parallel: false`: read the file in this worker alone,
// without the page helper (web/helper.js; tests and the benchmark).  The
// worker and its page helper speak HELP, FRONT, CLAIM, HELPER_PAGE and
// HELPER_END (and CANCEL, LOADING, READY, FATAL), described in helper.js.

export const PROTOCOL_VERSION = 1;

// A message as its receiver reads it: the worker posts the messages its
// Python side writes (STARTED, PAGE, DONE, ERROR) to the page as the JSON
// text Python made, and the page parses them here; the others are objects.
// Parsing in the worker and posting the object cost the worker a parse and
// a structured clone of every page's words (V8, the 58 band files: 101 ms
// over Python's own 400 ms, where a string is cloned as a copy: 7 ms); the
// page's thread parses instead, while the worker reads the next page.  The
// object is the same: JSON.parse of the same text.
export function message(data) {
  return typeof data === "string" ? JSON.parse(data) : data;
}

export const MSG = Object.freeze({
  EXTRACT: "extract",
  CANCEL: "cancel",
  LOADING: "loading",
  READY: "ready",
  STARTED: "started",
  PAGE: "page",
  DONE: "done",
  ERROR: "error",
  FATAL: "fatal",
  HELP: "help",
  FRONT: "front",
  CLAIM: "claim",
  HELPER_PAGE: "helper-page",
  HELPER_END: "helper-end",
});

// Error codes the engine raises (pyengine/errors.py), plus two of the page's.
export const CODES = Object.freeze({
  NOT_A_PDF: "not-a-pdf",
  DAMAGED: "damaged",
  PASSWORD_REQUIRED: "password-required",
  PASSWORD_WRONG: "password-wrong",
  LIMIT_EXCEEDED: "limit-exceeded",
  UNSUPPORTED: "unsupported",
  CANCELLED: "cancelled",
  INTERNAL: "internal",
  WORKER_DIED: "worker-died",
});
