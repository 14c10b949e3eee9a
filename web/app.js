// The page: a queue of files read one after another by the worker, and the
// pages of the file shown, with word boxes, search and downloads.
// All PDF text, file names and metadata go into the page as textContent,
// never as HTML.
import { MSG, CODES, message } from "./protocol.js";
import { errorText, VERDICT_TEXT, UI } from "./notices.js";
import { LANGUAGE_EVENT, languageControl, translate } from "./i18n.js";
import { registerServiceWorker } from "./offline.js";
import { WordView, wordAt, wordSpans, wordsIn } from "./wordview.js";

const $ = (id) => document.getElementById(id);
const ui = {
  loader: $("loader"), loaderLabel: $("loader-label"), loaderStep: $("loader-step"),
  loaderProgress: $("loader-progress"),
  drop: $("drop"), file: $("file"), sample: $("sample"),
  job: $("job"), jobLabel: $("job-label"), jobProgress: $("job-progress"), cancel: $("cancel"),
  queue: $("queue"), queueList: $("queue-list"),
  notice: $("notice"), passwordForm: $("password-form"), password: $("password"),
  result: $("result"), resultTitle: $("result-title"), docTitle: $("doc-title"),
  pages: $("pages"), pageNav: $("page-nav"), pageList: $("page-list"),
  docWarning: $("doc-warning"),
  report: $("doc-report"), reportCount: $("doc-report-count"), reportList: $("doc-report-list"),
  copyAll: $("copy-all"), downloadTxt: $("download-txt"),
  downloadMd: $("download-md"), downloadJson: $("download-json"),
  viewTxt: $("view-txt"), viewMd: $("view-md"),
  dehyphenate: $("opt-dehyphenate"), stripHeaders: $("opt-strip-headers"),
  search: $("search"), searchPrev: $("search-prev"), searchNext: $("search-next"),
  searchCount: $("search-count"),
  versions: $("versions"), pageTemplate: $("page-template"),
};

const HARD_CANCEL_MS = 3000;     // a page that ignores Cancel this long: restart
const MAX_FAILED_STARTS = 3;
const LAZY_FROM = 40;            // longer documents keep only nearby pages' text in the DOM
const LAZY_MARGIN = "1500px 0px";
const MAX_HITS = 10_000;
const FLUSH_BATCH = 200;         // pages put into the DOM per frame, at most
const MAX_ENTRIES = 30;          // finished files kept in the queue list
// Page issues (pyengine Issue codes) that mean part of the page could not be read.
const DAMAGE_ISSUES = new Set(["stream-truncated", "stream-damaged", "content-damaged",
  "object-missing", "page-error", "form-cycle", "page-tree-rebuilt", "page-damaged"]);
const PREFS_KEY = "pdf-text:reading-options";
const REPORT_FONTS = 8;          // unmapped fonts named one by one; the rest are counted
const FONT_NAME_MAX = 80;        // characters of a font name shown

let worker = null;
let workerReady = false;
let shownVersions = null;        // READY's versions, in the footer
let failedStarts = 0;
let jobCounter = 0;
const outstanding = new Set();   // jobs sent to the worker and not yet answered

// One entry per file picked:
// {file, password, status, code, job, running, started, total,
//  pages: [{page, markdown}], final: DONE's texts or null, options, item}
// status: waiting, reading, done, cancelled, error, password-required, password-wrong
const entries = [];
const waiting = [];              // entries to read, in order
let current = null;              // the entry being read (or last read)
let shown = null;                // the entry whose pages are shown
let rendered = 0;                // pages of `shown` in the DOM
let followNext = false;          // files were just picked: show the next one read
const views = new Map();         // page index -> open WordView

// --- reading options, remembered in this browser only ---------------------------

const DEFAULT_PREFS = Object.freeze({ view: "txt", dehyphenate: false, strip_headers: false });

function loadPrefs() {
  const prefs = { ...DEFAULT_PREFS };
  try {
    const saved = JSON.parse(localStorage.getItem(PREFS_KEY) ?? "{}");
    if (saved.view === "txt" || saved.view === "md") prefs.view = saved.view;
    for (const key of ["dehyphenate", "strip_headers"]) {
      if (typeof saved[key] === "boolean") prefs[key] = saved[key];
    }
  } catch { /* no storage, or not ours: the defaults */ }
  return prefs;
}

const prefs = loadPrefs();

function savePrefs() {
  try { localStorage.setItem(PREFS_KEY, JSON.stringify(prefs)); } catch { /* private mode */ }
}

// What the engine is asked for (pyengine Options fields).
function engineOptions() {
  return { dehyphenate: prefs.dehyphenate, strip_headers: prefs.strip_headers };
}

// --- the worker ---------------------------------------------------------------

function startWorker() {
  workerReady = false;
  document.body.dataset.worker = "loading";
  ui.loader.hidden = false;
  outstanding.clear();
  worker = new Worker(new URL("worker.js", import.meta.url), { type: "module" });
  worker.onmessage = ({ data }) => {
    const msg = message(data);
    if (msg.type === MSG.DONE || msg.type === MSG.ERROR) outstanding.delete(msg.job);
    handlers[msg.type]?.(msg);
  };
  worker.onerror = (event) => { event.preventDefault(); workerDied(); };
}

function stopWorker() {
  worker?.terminate();
  worker = null;
}

function workerDied() {
  stopWorker();
  if (!workerReady) failedStarts += 1;
  if (current?.running) {
    finishJob();
    failEntry(current, CODES.WORKER_DIED);
    setState("error");
  }
  if (failedStarts >= MAX_FAILED_STARTS) {
    ui.loaderLabel.textContent = UI.startFailed;
    ui.loaderStep.textContent = "";
    document.body.dataset.worker = "broken";
    return;
  }
  startWorker();
  startNext();
}

// The entry a worker message is about, if it is still wanted.
function byJob(job) {
  return current !== null && current.job === job && current.running ? current : null;
}

const handlers = {
  [MSG.LOADING]: ({ step, steps, label }) => {
    ui.loaderLabel.textContent = `${UI.loadingSteps[step] ?? label}…`;
    ui.loaderStep.textContent = UI.loaderStep(step, steps);
    ui.loaderProgress.max = steps;
    ui.loaderProgress.value = step - 0.5;
  },
  [MSG.READY]: ({ versions, timings }) => {
    workerReady = true;
    failedStarts = 0;
    ui.loader.hidden = true;
    shownVersions = versions;
    ui.versions.textContent = UI.readerReady(versions);
    // For tests and scripts/measure_web.py: ms from page open / worker start.
    document.body.dataset.readyAt = String(Math.round(performance.now()));
    document.body.dataset.workerTimings = JSON.stringify(timings);
    document.body.dataset.worker = "ready";
    if (current?.running) ui.jobLabel.textContent = UI.opening(current.file.name);
  },
  [MSG.STARTED]: ({ job, total }) => {
    const entry = byJob(job);
    if (!entry) return;
    entry.started = true;
    entry.total = total;
    ui.jobProgress.max = Math.max(total, 1);
    ui.jobProgress.value = 0;
    ui.jobLabel.textContent = total ? UI.readingPage(1, total) : UI.reading;
    updateItem(entry);
    if (shown === entry) {
      ui.passwordForm.hidden = true;
      ui.result.hidden = false;
    }
  },
  [MSG.PAGE]: ({ job, index, total, page, markdown }) => {
    const entry = byJob(job);
    if (!entry) return;
    entry.pages.push({ page, markdown: markdown ?? page.text });
    ui.jobProgress.value = index;
    ui.jobLabel.textContent = index < total ? UI.readingPage(index + 1, total) : UI.finishing;
    updateItem(entry);
    if (shown === entry) scheduleFlush();
  },
  [MSG.DONE]: ({ job, text, markdown, json, pageTexts, pageMarkdown, title, report }) => {
    const entry = byJob(job);
    if (!entry) return;
    entry.final = { text, markdown, json, pageTexts, pageMarkdown, title: title ?? "",
      report: report ?? null };
    entry.status = "done";
    finishJob();
    updateItem(entry);
    if (shown === entry) {
      flush();
      refreshTexts();
      showDocTitle(entry);
      showReport(entry);
      setActions(true);
    }
    // Announced by screen readers (a role=status live region).
    $("status").textContent = UI.readDone(entry.file.name, entry.pages.length);
    setState("done");
    startNext();
  },
  [MSG.ERROR]: ({ job, code }) => {
    const entry = byJob(job);
    if (!entry) return;
    finishJob();
    failEntry(entry, code);
    if (shown === entry && isPasswordCode(code)) ui.password.focus();
    setState("error");
    startNext();
  },
  [MSG.FATAL]: () => workerDied(),
};

// --- the queue --------------------------------------------------------------------

function addFiles(files) {
  for (const file of files) {
    const entry = { file, password: "", status: "waiting", code: null, job: 0, running: false,
      started: false, total: 0, pages: [], final: null, options: null, item: null };
    entries.push(entry);
    waiting.push(entry);
    entry.item = renderItem(entry);
    ui.queueList.append(entry.item);
    updateItem(entry);
  }
  pruneEntries();
  ui.queue.hidden = entries.length < 2;
  followNext = true;
  startNext();
}

// Read `entry` (again) before any other waiting file.
function requeue(entry) {
  entry.status = "waiting";
  entry.code = null;
  const at = waiting.indexOf(entry);
  if (at >= 0) waiting.splice(at, 1);
  waiting.unshift(entry);
  updateItem(entry);
  if (shown === entry) showEntry(entry);
}

function startNext() {
  if (current?.running) return;
  const entry = waiting.shift();
  if (entry) startEntry(entry);
}

async function startEntry(entry) {
  if (!worker) startWorker();
  const job = ++jobCounter;
  // The view follows the files as they are read, unless the person chose to
  // look at another one since.
  const follow = followNext || shown === null || shown === current || shown === entry;
  followNext = false;
  current = entry;
  Object.assign(entry, { job, running: true, started: false, status: "reading", code: null,
    total: 0, pages: [], final: null, options: engineOptions() });
  document.body.dataset.job = String(job);
  updateItem(entry);
  if (follow) showEntry(entry);
  ui.job.hidden = false;
  ui.jobProgress.removeAttribute("value");
  ui.jobLabel.textContent = workerReady
    ? UI.opening(entry.file.name) : UI.openingWhenReady(entry.file.name);
  setState("working");
  const data = await entry.file.arrayBuffer();
  if (byJob(job) !== entry) return;
  outstanding.add(job);
  worker.postMessage({ type: MSG.EXTRACT, job, data, name: entry.file.name,
    password: entry.password, options: entry.options }, [data]);
}

function cancelJob(show, next = true) {
  const entry = current;
  const { job } = entry;
  worker?.postMessage({ type: MSG.CANCEL, job });
  finishJob();
  entry.job = -job;              // late messages of this job are ignored
  entry.status = "cancelled";
  entry.code = CODES.CANCELLED;
  updateItem(entry);
  if (show) {
    if (shown === entry) showNotice(CODES.CANCELLED);
    setState("error");
  }
  // A page that runs on and on never sees the cancel: replace the worker,
  // and send the file that is now being read (if any) to the new one.
  setTimeout(() => {
    if (!outstanding.has(job)) return;
    stopWorker();
    startWorker();
    if (current?.running) startEntry(current);
  }, HARD_CANCEL_MS);
  if (next) startNext();
}

function finishJob() {
  if (current) current.running = false;
  ui.job.hidden = true;
}

function failEntry(entry, code) {
  entry.status = isPasswordCode(code) ? code : "error";
  entry.code = code;
  updateItem(entry);
  if (shown !== entry) return;
  showNotice(code);
  if (isPasswordCode(code)) {
    ui.passwordForm.hidden = false;
    ui.password.value = "";
  }
  if (!entry.pages.length) ui.result.hidden = true;
}

function isPasswordCode(code) {
  return code === CODES.PASSWORD_REQUIRED || code === CODES.PASSWORD_WRONG;
}

function pruneEntries() {
  while (entries.length > MAX_ENTRIES) {
    const old = entries.find((e) => !e.running && e.status !== "waiting" && e !== shown);
    if (!old) break;
    entries.splice(entries.indexOf(old), 1);
    old.item.remove();
  }
}

function renderItem(entry) {
  const li = document.createElement("li");
  li.className = "queue-item";
  const show = document.createElement("button");
  show.type = "button";
  show.className = "link queue-show";
  show.textContent = entry.file.name;
  show.setAttribute("aria-label", UI.queueShow(entry.file.name));
  show.addEventListener("click", () => showEntry(entry));
  const status = document.createElement("span");
  status.className = "queue-status muted";
  const remove = document.createElement("button");
  remove.type = "button";
  remove.className = "secondary queue-remove";
  remove.textContent = UI.remove;
  remove.setAttribute("aria-label", UI.queueRemove(entry.file.name));
  remove.addEventListener("click", () => {
    waiting.splice(waiting.indexOf(entry), 1);
    entries.splice(entries.indexOf(entry), 1);
    li.remove();
    ui.queue.hidden = entries.length < 2;
  });
  li.append(show, status, remove);
  return li;
}

function updateItem(entry) {
  const li = entry.item;
  if (!li) return;
  li.dataset.status = entry.status;
  const words = UI.queueStatus;
  const text = entry.status === "reading" ? words.reading(entry.pages.length, entry.total)
    : entry.status === "done" ? words.done(entry.pages.length)
      : words[entry.status] ?? words.error;
  li.querySelector(".queue-status").textContent = text;
  li.querySelector(".queue-remove").hidden = entry.status !== "waiting";
}

// --- showing one file's pages --------------------------------------------------------

function showEntry(entry) {
  shown = entry;
  for (const e of entries) {
    const show = e.item?.querySelector(".queue-show");
    if (e === entry) show?.setAttribute("aria-current", "true");
    else show?.removeAttribute("aria-current");
  }
  lazyObserver.disconnect();
  views.clear();
  rendered = 0;
  ui.pages.replaceChildren();
  ui.pageList.replaceChildren();
  ui.pageNav.hidden = true;
  ui.resultTitle.textContent = entry.file.name;
  showDocTitle(entry);
  showReport(entry);
  clearNotice();
  if (entry.code) showNotice(entry.code);
  ui.passwordForm.hidden = !isPasswordCode(entry.code);
  const failed = entry.status === "error" || isPasswordCode(entry.status);
  ui.result.hidden = !entry.started || (failed && !entry.pages.length);
  setActions(entry.status === "done");
  resetSearch();
  flush(FLUSH_BATCH);
  updateWarnings(entry);
}

function showDocTitle(entry) {
  const title = entry.final?.title ?? "";
  ui.docTitle.textContent = title ? UI.docTitle(title) : "";
  ui.docTitle.hidden = !title;
}

let flushQueued = false;

// New pages go into the DOM once per frame, however fast they arrive.
function scheduleFlush() {
  if (flushQueued) return;
  flushQueued = true;
  requestAnimationFrame(() => { flushQueued = false; flush(FLUSH_BATCH); });
}

// Put the shown file's pages that are not in the DOM yet there: at most
// `limit` now, the rest in the next frames.
function flush(limit = Infinity) {
  const entry = shown;
  if (!entry || rendered >= entry.pages.length) return;
  const lazy = entry.total > LAZY_FROM;
  ui.pages.classList.toggle("large", lazy);
  const nodes = document.createDocumentFragment();
  const links = document.createDocumentFragment();
  const start = rendered;
  const end = Math.min(entry.pages.length, rendered + limit);
  for (; rendered < end; rendered += 1) {
    nodes.append(renderPage(entry, rendered, lazy));
    links.append(renderPageLink(entry, rendered));
  }
  ui.pages.append(nodes);
  ui.pageList.append(links);
  ui.pageNav.hidden = rendered < 2;
  for (let i = start; i < Math.min(rendered, search.searched); i += 1) paintHitsOn(i);
  updateWarnings(entry);
  searchNewPages();
  if (rendered < entry.pages.length) scheduleFlush();
}

// A page's text as shown and copied, in the chosen view, without the
// trailing line break.  Once the document is done, its document-level
// reading options (joined hyphens, dropped headers) are in it.
function pageText(entry, i) {
  const { final } = entry;
  const text = prefs.view === "md"
    ? final?.pageMarkdown?.[i] ?? entry.pages[i].markdown
    : final?.pageTexts?.[i] ?? entry.pages[i].page.text;
  return text.replace(/\n+$/, "");
}

function pageNode(i) {
  return ui.pages.children[i] ?? null;
}

function renderPage(entry, i, lazy) {
  const { page } = entry.pages[i];
  const node = ui.pageTemplate.content.firstElementChild.cloneNode(true);
  node.dataset.page = String(page.number);
  node.dataset.index = String(i);
  node.dataset.verdict = page.verdict;
  node.id = `page-${page.number}`;
  node.tabIndex = -1;
  node.querySelector(".page-title").textContent = UI.pageTitle(page.number);
  const note = VERDICT_TEXT[page.verdict];
  if (note) {
    const p = node.querySelector(".page-note");
    p.textContent = note;
    p.hidden = false;
  }
  const text = pageText(entry, i);
  const pre = node.querySelector(".page-text");
  if (lazy) {
    // Reserve the text's height so the page does not jump as text comes and goes.
    pre.style.minHeight = `${text.split("\n").length * 1.6}em`;
    lazyObserver.observe(node);
  } else {
    pre.textContent = text;
  }
  pre.hidden = !text;
  pre.addEventListener("mousemove", (event) => hoverText(i, event));
  pre.addEventListener("mouseleave", () => litFromSelection());
  const copy = node.querySelector(".copy-page");
  copy.setAttribute("aria-label", UI.copyPage(page.number));
  copy.disabled = !text;
  copy.addEventListener("click", () => copyText(pageText(shown, i), copy));
  for (const button of node.querySelectorAll(".download-page")) {
    const ext = button.dataset.ext;
    button.setAttribute("aria-label", UI.pageDownload(page.number, ext));
    button.addEventListener("click", () => downloadPage(i, ext));
  }
  const words = node.querySelector(".toggle-words");
  words.setAttribute("aria-label", UI.wordBoxesLabel(page.number));
  words.disabled = !page.words.length && !page.offpage_words?.length;
  words.addEventListener("click", () => toggleWords(i, words));
  return node;
}

function renderPageLink(entry, i) {
  const { page } = entry.pages[i];
  const li = document.createElement("li");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "page-link secondary";
  button.dataset.verdict = page.verdict;
  const needsOcr = page.verdict === "scan";
  button.classList.toggle("needs-ocr", needsOcr);
  button.textContent = String(page.number);
  if (needsOcr) {
    const mark = document.createElement("span");
    mark.className = "ocr-mark";
    mark.textContent = UI.ocrMark;
    button.append(mark);
  }
  button.setAttribute("aria-label", UI.pageListItem(page.number, needsOcr));
  // One tab stop for the whole list (a long document has a thousand pages):
  // arrow keys move along it (pageListKeys).
  button.tabIndex = i === 0 ? 0 : -1;
  button.addEventListener("click", () => {
    rovePageLink(button);
    const node = pageNode(i);
    node.scrollIntoView({ block: "start" });
    node.focus({ preventScroll: true });
  });
  li.append(button);
  return li;
}

function rovePageLink(button) {
  for (const b of ui.pageList.querySelectorAll(".page-link[tabindex='0']")) b.tabIndex = -1;
  button.tabIndex = 0;
  button.focus();
}

ui.pageList.addEventListener("keydown", (event) => {
  const links = [...ui.pageList.querySelectorAll(".page-link")];
  const at = links.indexOf(document.activeElement);
  const to = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1,
    Home: 0, End: links.length - 1 }[event.key];
  if (at < 0 || to === undefined || !links[to]) return;
  event.preventDefault();
  rovePageLink(links[to]);
});

// Fill (or refill) a page's text node; returns it.
function fillPage(i) {
  const pre = pageNode(i).querySelector(".page-text");
  if (!pre.firstChild) {
    pre.textContent = pageText(shown, i);
    paintHitsOn(i);
  }
  return pre;
}

// Long documents: a page's text is in the DOM only while the page is near
// the viewport (or its word boxes are open).
const lazyObserver = new IntersectionObserver((records) => {
  for (const record of records) {
    const i = Number(record.target.dataset.index);
    if (record.isIntersecting) fillPage(i);
    else if (!views.has(i)) record.target.querySelector(".page-text").textContent = "";
  }
}, { rootMargin: LAZY_MARGIN });

// After a change of view or the document's final texts: every page again.
function refreshTexts() {
  for (let i = 0; i < rendered; i += 1) {
    const node = pageNode(i);
    const pre = node.querySelector(".page-text");
    const text = pageText(shown, i);
    pre.hidden = !text;
    node.querySelector(".copy-page").disabled = !text;
    if (pre.firstChild || !ui.pages.classList.contains("large") || views.has(i)) {
      pre.textContent = text;
    }
    const view = views.get(i);
    if (view) view.spans = wordSpans(text, shown.pages[i].page.words);
  }
  resetSearch(true);
}

// --- verdict warnings ----------------------------------------------------------------

function updateWarnings(entry) {
  const garbled = [];
  const invisible = [];
  let scans = 0;
  for (const { page } of entry.pages) {
    if (page.verdict === "garbled") garbled.push(page.number);
    else if (page.verdict === "invisible") invisible.push(page.number);
    else if (page.verdict === "scan") scans += 1;
  }
  const lines = [];
  if (garbled.length) lines.push(["garbled", UI.warnGarbled(garbled)]);
  if (invisible.length) lines.push(["invisible", UI.warnInvisible(invisible)]);
  // "Mostly scans": more than half of the pages read so far.
  if (scans && scans * 2 > entry.pages.length) {
    lines.push(["scans", UI.warnScans(scans, entry.pages.length)]);
  }
  // Limits reached (records.LIMIT_*) and damage recovered from, per page.
  const cut = entry.pages.filter(({ page }) => page.truncated?.length).map(({ page }) => page.number);
  if (cut.length) lines.push(["truncated", UI.warnTruncated(cut)]);
  const damaged = entry.pages.filter(({ page }) => page.issues?.some((i) => DAMAGE_ISSUES.has(i.code)))
    .map(({ page }) => page.number);
  if (damaged.length) lines.push(["damaged", UI.warnDamaged(damaged)]);
  const key = lines.map(([, text]) => text).join("\n");
  if (ui.docWarning.dataset.key === key) return;
  ui.docWarning.dataset.key = key;
  ui.docWarning.replaceChildren(...lines.map(([kind, text]) => {
    const p = document.createElement("p");
    p.dataset.kind = kind;
    p.textContent = text;
    return p;
  }));
  ui.docWarning.hidden = !lines.length;
}

// --- "About this file": the document report --------------------------------------

// The report's facts as [kind, text, needs attention] lines, in the language
// shown.  Font names come from the PDF: they only ever become textContent.
function reportLines(report) {
  const R = UI.report;
  const lines = [];
  const kinds = Object.entries(report.font_kinds ?? {});
  lines.push(["fonts", kinds.length
    ? R.fonts(kinds.map(([kind, n]) => R.fontKinds[kind]?.(n) ?? R.fontKindOther(kind, n)))
    : R.noFonts, false]);
  const unmapped = report.unmapped_fonts ?? [];
  for (const font of unmapped.slice(0, REPORT_FONTS)) {
    const name = String(font.name ?? "").slice(0, FONT_NAME_MAX);
    lines.push(["unmapped", R.unmapped(name ? `“${name}”` : R.unnamedFont, font.unmapped,
      font.pages ?? []), true]);
  }
  if (unmapped.length > REPORT_FONTS) {
    lines.push(["unmapped-more", R.unmappedMore(unmapped.length - REPORT_FONTS), true]);
  }
  for (const key of ["annotation", "form_field", "offpage", "invisible"]) {
    const n = report.flagged?.[key];
    if (n) lines.push([`flag-${key}`, R.flagged[key](n), true]);
  }
  for (const [code, n] of Object.entries(report.issues ?? {})) {
    // Said better, font by font, by the lines above.
    if (code === "font-no-unicode" && unmapped.length) continue;
    lines.push([`issue-${code}`, R.issues[code]?.(n) ?? R.issueOther(code, n), true]);
  }
  // Reasons are "<limit>: <words>" (records.limit_reason); the limit names the line.
  for (const limit of new Set((report.truncated ?? []).map((r) => String(r).split(":")[0]))) {
    lines.push([`limit-${limit}`, R.limits[limit] ?? R.limitOther(limit), true]);
  }
  if (lines.length === 1 && kinds.every(([kind]) => kind !== "none")) {
    lines.push(["nothing", R.nothing, false]);
  }
  return lines;
}

function showReport(entry) {
  const report = entry.final?.report;
  ui.report.hidden = !report;
  if (!report) {
    ui.report.open = false;
    ui.reportList.replaceChildren();
    ui.reportCount.textContent = "";
    return;
  }
  const lines = reportLines(report);
  ui.reportList.replaceChildren(...lines.map(([kind, text, attention]) => {
    const li = document.createElement("li");
    li.dataset.kind = kind;
    if (attention) li.dataset.attention = "";
    li.textContent = text;
    return li;
  }));
  const count = lines.filter(([, , attention]) => attention).length;
  ui.reportCount.textContent = UI.report.count(count);
  ui.report.dataset.attention = String(count);
}

// --- word boxes ----------------------------------------------------------------------

function toggleWords(i, button) {
  const node = pageNode(i);
  const open = views.get(i);
  if (open) {
    open.element.remove();
    views.delete(i);
    node.classList.remove("with-words");
    button.setAttribute("aria-expanded", "false");
    return;
  }
  const { page } = shown.pages[i];
  const pre = fillPage(i);
  const view = new WordView(page, UI.wordView, (w) => selectWord(i, w));
  view.spans = wordSpans(pre.textContent, page.words);
  views.set(i, view);
  pre.after(view.element);
  node.classList.add("with-words");
  button.setAttribute("aria-expanded", "true");
}

// Select word `w` of page `i` in the text (a click on its box, or Enter).
function selectWord(i, w) {
  const view = views.get(i);
  const start = view.spans[2 * w] ?? -1;
  if (start < 0) {
    view.highlight([w]);
    return;
  }
  const text = fillPage(i).firstChild;
  const range = document.createRange();
  range.setStart(text, start);
  range.setEnd(text, view.spans[2 * w + 1]);
  const selection = getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
  view.highlight([w]);
  const box = range.getBoundingClientRect();
  if (box.top < 0 || box.bottom > innerHeight) {
    window.scrollBy({ top: box.top - innerHeight / 3 });
  }
}

// Pointing at text lights up the box of the word under the pointer.
function hoverText(i, event) {
  const view = views.get(i);
  if (!view) return;
  const text = pageNode(i).querySelector(".page-text").firstChild;
  const caret = caretAt(event.clientX, event.clientY);
  if (!caret || caret.node !== text) return;
  const { offset } = caret;
  const w = wordAt(view.spans, offset);
  if (w >= 0) view.highlight([w]);
  else litFromSelection();
}

// The text position under a point (two APIs, by browser version).
function caretAt(x, y) {
  const position = document.caretPositionFromPoint?.(x, y);
  if (position) return { node: position.offsetNode, offset: position.offset };
  const range = document.caretRangeFromPoint?.(x, y);
  return range ? { node: range.startContainer, offset: range.startOffset } : null;
}

// Selected text lights up the boxes of its words.
function litFromSelection() {
  if (!views.size) return;
  const selection = getSelection();
  const range = selection.rangeCount ? selection.getRangeAt(0) : null;
  for (const [i, view] of views) {
    const text = pageNode(i)?.querySelector(".page-text").firstChild;
    if (!range || range.collapsed || !text || !range.intersectsNode(text)) {
      view.highlight([]);
      continue;
    }
    const start = range.startContainer === text ? range.startOffset : 0;
    const end = range.endContainer === text ? range.endOffset : text.length;
    view.highlight(wordsIn(view.spans, start, end));
  }
}

document.addEventListener("selectionchange", litFromSelection);

// --- search ----------------------------------------------------------------------------

const search = { hits: [], at: -1, searched: 0, timer: 0 };
const hitsHighlight = globalThis.Highlight ? new Highlight() : null;
const currentHighlight = globalThis.Highlight ? new Highlight() : null;
if (hitsHighlight) {
  CSS.highlights.set("search-hit", hitsHighlight);
  CSS.highlights.set("search-current", currentHighlight);
}

function searchPattern() {
  const query = ui.search.value;
  if (!query) return null;
  return new RegExp(query.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "giu");
}

function resetSearch(keepQuery = false) {
  if (!keepQuery) ui.search.value = "";
  search.hits = [];
  search.at = -1;
  search.searched = 0;
  hitsHighlight?.clear();
  currentHighlight?.clear();
  searchNewPages();
}

// Search the pages not searched yet (pages arrive while a search is open).
function searchNewPages() {
  const pattern = searchPattern();
  const entry = shown;
  if (!pattern || !entry) {
    showSearchCount();
    return;
  }
  const first = search.searched;
  for (; search.searched < entry.pages.length; search.searched += 1) {
    const text = pageText(entry, search.searched);
    for (const m of text.matchAll(pattern)) {
      if (search.hits.length >= MAX_HITS || !m[0]) break;
      search.hits.push([search.searched, m.index, m.index + m[0].length]);
    }
  }
  for (let i = first; i < Math.min(search.searched, rendered); i += 1) paintHitsOn(i);
  showSearchCount();
}

function paintHitsOn(i) {
  if (!hitsHighlight || !search.hits.length) return;
  const text = pageNode(i)?.querySelector(".page-text").firstChild;
  if (!text) return;
  for (const [page, start, end] of search.hits) {
    if (page !== i) continue;
    const range = new Range();
    range.setStart(text, start);
    range.setEnd(text, end);
    hitsHighlight.add(range);
  }
}

function showSearchCount() {
  const n = search.hits.length;
  const total = n >= MAX_HITS ? UI.searchMany(n) : n;
  ui.searchCount.textContent = ui.search.value ? UI.searchCount(search.at + 1, total) : "";
  ui.searchCount.dataset.total = String(n);
  ui.searchCount.dataset.at = String(search.at + 1);
}

function goToHit(step) {
  const n = search.hits.length;
  if (!n) return;
  search.at = search.at < 0 ? (step > 0 ? 0 : n - 1) : (search.at + step + n) % n;
  const [i, start, end] = search.hits[search.at];
  flush();
  const node = pageNode(i);
  node.scrollIntoView({ block: "center" });
  const text = fillPage(i).firstChild;
  const range = new Range();
  range.setStart(text, start);
  range.setEnd(text, end);
  currentHighlight?.clear();
  currentHighlight?.add(range);
  const view = views.get(i);
  view?.highlight(wordsIn(view.spans, start, end));
  const box = range.getBoundingClientRect();
  window.scrollBy({ top: box.top - innerHeight / 3 });
  ui.searchCount.dataset.page = node.dataset.page;
  showSearchCount();
}

ui.search.addEventListener("input", () => {
  clearTimeout(search.timer);
  search.timer = setTimeout(() => { search.timer = 0; resetSearch(true); }, 150);
});
ui.search.addEventListener("keydown", (event) => {
  if (event.key !== "Enter") return;
  event.preventDefault();
  if (search.timer) {          // typed and pressed Enter at once
    clearTimeout(search.timer);
    search.timer = 0;
    resetSearch(true);
  }
  goToHit(event.shiftKey ? -1 : 1);
});
ui.searchNext.addEventListener("click", () => goToHit(1));
ui.searchPrev.addEventListener("click", () => goToHit(-1));

// --- notices, actions, downloads ---------------------------------------------------------

function setActions(enabled) {
  for (const b of [ui.copyAll, ui.downloadTxt, ui.downloadMd, ui.downloadJson]) {
    b.disabled = !enabled;
  }
}

function showNotice(code) {
  ui.notice.textContent = errorText(code);
  ui.notice.dataset.code = code;
  ui.notice.hidden = false;
}

function clearNotice() {
  ui.notice.hidden = true;
  ui.notice.textContent = "";
  delete ui.notice.dataset.code;
}

function setState(state) {
  document.body.dataset.state = state;
}

async function copyText(text, button) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // No async clipboard (e.g. plain http on another host): the old way.
    const area = document.createElement("textarea");
    area.value = text;
    document.body.append(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
  const label = button.textContent;
  button.textContent = UI.copied;
  setTimeout(() => { button.textContent = label; }, 1500);
}

function baseName(name) {
  return name.replace(/\.pdf$/i, "") || "document";
}

const TYPES = Object.freeze({
  txt: "text/plain;charset=utf-8",
  md: "text/markdown;charset=utf-8",
  json: "application/json",
});

function download(text, fileName, ext) {
  const url = URL.createObjectURL(new Blob([text], { type: TYPES[ext] }));
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function downloadDocument(ext) {
  const { final, file } = shown;
  const text = { txt: final.text, md: final.markdown, json: final.json }[ext];
  download(text, `${baseName(file.name)}.${ext}`, ext);
}

function downloadPage(i, ext) {
  const entry = shown;
  const { page, markdown } = entry.pages[i];
  const { final } = entry;
  const text = ext === "json" ? JSON.stringify(page, null, 1)
    : (ext === "md" ? final?.pageMarkdown?.[i] ?? markdown : final?.pageTexts?.[i] ?? page.text)
      .replace(/\n*$/, "\n");
  download(text, `${baseName(entry.file.name)}-p${page.number}.${ext}`, ext);
}

// --- wiring ------------------------------------------------------------------

function pdfFiles(files) {
  return files ? [...files] : [];
}

ui.drop.addEventListener("click", () => ui.file.click());
ui.file.addEventListener("change", () => {
  const files = pdfFiles(ui.file.files);
  ui.file.value = "";
  if (files.length) addFiles(files);
});
for (const type of ["dragenter", "dragover"]) {
  document.addEventListener(type, (event) => {
    event.preventDefault();
    ui.drop.classList.add("dragging");
  });
}
document.addEventListener("dragleave", (event) => {
  if (event.relatedTarget === null) ui.drop.classList.remove("dragging");
});
document.addEventListener("drop", (event) => {
  event.preventDefault();
  ui.drop.classList.remove("dragging");
  const files = pdfFiles(event.dataTransfer?.files);
  if (files.length) addFiles(files);
});
async function openSample() {
  const response = await fetch("sample.pdf");
  const blob = await response.blob();
  addFiles([new File([blob], "sample.pdf", { type: "application/pdf" })]);
}
ui.sample.addEventListener("click", openSample);
ui.cancel.addEventListener("click", () => { if (current?.running) cancelJob(true); });
ui.passwordForm.addEventListener("submit", (event) => {
  event.preventDefault();
  if (!shown) return;
  shown.password = ui.password.value;
  requeue(shown);
  startNext();
});
ui.copyAll.addEventListener("click", () => {
  const texts = shown.pages.map((_, i) => pageText(shown, i));
  copyText(texts.join("\n\n"), ui.copyAll);
});
ui.downloadTxt.addEventListener("click", () => downloadDocument("txt"));
ui.downloadMd.addEventListener("click", () => downloadDocument("md"));
ui.downloadJson.addEventListener("click", () => downloadDocument("json"));

// Reading options: the view changes at once; the engine's options read the
// file shown again.
(prefs.view === "md" ? ui.viewMd : ui.viewTxt).checked = true;
ui.dehyphenate.checked = prefs.dehyphenate;
ui.stripHeaders.checked = prefs.strip_headers;
for (const radio of [ui.viewTxt, ui.viewMd]) {
  radio.addEventListener("change", () => {
    prefs.view = ui.viewMd.checked ? "md" : "txt";
    savePrefs();
    if (shown) refreshTexts();
  });
}
for (const [box, key] of [[ui.dehyphenate, "dehyphenate"], [ui.stripHeaders, "strip_headers"]]) {
  box.addEventListener("change", () => {
    prefs[key] = box.checked;
    savePrefs();
    const entry = shown;
    if (!entry || entry.status === "waiting" || entry.status === "error"
        || isPasswordCode(entry.status)) return;
    if (entry.running) cancelJob(false, false);
    requeue(entry);
    startNext();
  });
}

// --- language ------------------------------------------------------------------

// Another language was chosen (i18n.js has already put the page's static
// text in it): say again, in it, what this script wrote.
function relabel() {
  for (const entry of entries) {
    if (!entry.item) continue;
    entry.item.querySelector(".queue-show").setAttribute("aria-label", UI.queueShow(entry.file.name));
    const remove = entry.item.querySelector(".queue-remove");
    remove.textContent = UI.remove;
    remove.setAttribute("aria-label", UI.queueRemove(entry.file.name));
    updateItem(entry);
  }
  if (shown) showEntry(shown);
  if (shownVersions) ui.versions.textContent = UI.readerReady(shownVersions);
  if (document.body.dataset.worker === "broken") ui.loaderLabel.textContent = UI.startFailed;
}

translate();
languageControl($("language"));
document.addEventListener(LANGUAGE_EVENT, relabel);

setState("idle");
startWorker();
registerServiceWorker();
// The address `#sample` (what `python build.py serve` prints) opens on the
// bundled sample, so a newcomer sees the app work without a file of their own.
if (location.hash === "#sample") openSample();
