// The page: picks a file, talks to the worker, shows pages and notices.
// All PDF text goes into the page as textContent, never as HTML.
import { MSG, CODES } from "./protocol.js";
import { errorText, START_FAILED, VERDICT_TEXT } from "./notices.js";

const $ = (id) => document.getElementById(id);
const ui = {
  loader: $("loader"), loaderLabel: $("loader-label"), loaderStep: $("loader-step"),
  loaderProgress: $("loader-progress"),
  drop: $("drop"), file: $("file"), sample: $("sample"),
  job: $("job"), jobLabel: $("job-label"), jobProgress: $("job-progress"), cancel: $("cancel"),
  notice: $("notice"), passwordForm: $("password-form"), password: $("password"),
  result: $("result"), resultTitle: $("result-title"), pages: $("pages"),
  copyAll: $("copy-all"), downloadTxt: $("download-txt"),
  downloadMd: $("download-md"), downloadJson: $("download-json"),
  versions: $("versions"), pageTemplate: $("page-template"),
};

const HARD_CANCEL_MS = 3000;     // a page that ignores Cancel this long: restart
const MAX_FAILED_STARTS = 3;

let worker = null;
let workerReady = false;
let failedStarts = 0;
let jobCounter = 0;
const outstanding = new Set();   // jobs sent to the worker and not yet answered
// The file being read: {job, file, password, running, pages, text, markdown, json}
let current = null;

// --- the worker ---------------------------------------------------------------

function startWorker() {
  workerReady = false;
  document.body.dataset.worker = "loading";
  ui.loader.hidden = false;
  outstanding.clear();
  worker = new Worker(new URL("worker.js", import.meta.url), { type: "module" });
  worker.onmessage = ({ data: msg }) => {
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
    showNotice(CODES.WORKER_DIED);
    setState("error");
  }
  if (failedStarts >= MAX_FAILED_STARTS) {
    ui.loaderLabel.textContent = START_FAILED;
    ui.loaderStep.textContent = "";
    document.body.dataset.worker = "broken";
    return;
  }
  startWorker();
}

const handlers = {
  [MSG.LOADING]: ({ step, steps, label }) => {
    ui.loaderLabel.textContent = `${label}…`;
    ui.loaderStep.textContent = `step ${step} of ${steps}`;
    ui.loaderProgress.max = steps;
    ui.loaderProgress.value = step - 0.5;
  },
  [MSG.READY]: ({ versions, timings }) => {
    workerReady = true;
    failedStarts = 0;
    ui.loader.hidden = true;
    ui.versions.textContent =
      `Python ${versions.python}, pypdf ${versions.pypdf}, Pyodide ${versions.pyodide}.`;
    // For tests and scripts/measure_web.py: ms from page open / worker start.
    document.body.dataset.readyAt = String(Math.round(performance.now()));
    document.body.dataset.workerTimings = JSON.stringify(timings);
    document.body.dataset.worker = "ready";
    if (current?.running) ui.jobLabel.textContent = `Opening ${current.file.name}…`;
  },
  [MSG.STARTED]: ({ job, total }) => {
    if (!isCurrent(job)) return;
    ui.passwordForm.hidden = true;
    ui.jobProgress.max = Math.max(total, 1);
    ui.jobProgress.value = 0;
    ui.jobLabel.textContent = total ? `Reading page 1 of ${total}…` : "Reading…";
    ui.result.hidden = false;
  },
  [MSG.PAGE]: ({ job, index, total, page }) => {
    if (!isCurrent(job)) return;
    current.pages.push(shownText(page));
    ui.pages.append(renderPage(page));
    ui.jobProgress.value = index;
    ui.jobLabel.textContent =
      index < total ? `Reading page ${index + 1} of ${total}…` : "Finishing…";
  },
  [MSG.DONE]: ({ job, text, markdown, json }) => {
    if (!isCurrent(job)) return;
    Object.assign(current, { text, markdown, json });
    finishJob();
    setActions(true);
    setState("done");
  },
  [MSG.ERROR]: ({ job, code }) => {
    if (!isCurrent(job)) return;
    finishJob();
    showNotice(code);
    if (code === CODES.PASSWORD_REQUIRED || code === CODES.PASSWORD_WRONG) {
      ui.passwordForm.hidden = false;
      ui.password.value = "";
      ui.password.focus();
    }
    if (!current.pages.length) ui.result.hidden = true;
    setState("error");
  },
  [MSG.FATAL]: () => workerDied(),
};

// --- reading a file -------------------------------------------------------------

async function openFile(file, password = "") {
  if (current?.running) cancelJob(false);
  if (!worker) startWorker();
  const job = ++jobCounter;
  current = { job, file, password, running: true, pages: [], text: "", markdown: "", json: "" };
  document.body.dataset.job = String(job);
  clearNotice();
  if (password === "") ui.passwordForm.hidden = true;
  ui.result.hidden = true;
  ui.pages.replaceChildren();
  ui.resultTitle.textContent = file.name;
  setActions(false);
  ui.job.hidden = false;
  ui.jobProgress.removeAttribute("value");
  ui.jobLabel.textContent = workerReady
    ? `Opening ${file.name}…` : `Opening ${file.name} as soon as the reader is ready…`;
  setState("working");
  const data = await file.arrayBuffer();
  if (!isCurrent(job)) return;
  outstanding.add(job);
  worker.postMessage({ type: MSG.EXTRACT, job, data, name: file.name, password }, [data]);
}

function cancelJob(show) {
  const { job } = current;
  worker?.postMessage({ type: MSG.CANCEL, job });
  finishJob();
  current.job = -job;              // late messages of this job are ignored
  if (show) {
    showNotice(CODES.CANCELLED);
    setState("error");
  }
  // A page that runs on and on never sees the cancel: replace the worker,
  // and send the file that is now current (if any) to the new one.
  setTimeout(() => {
    if (!outstanding.has(job)) return;
    stopWorker();
    startWorker();
    if (current?.running) openFile(current.file, current.password);
  }, HARD_CANCEL_MS);
}

function finishJob() {
  if (current) current.running = false;
  ui.job.hidden = true;
}

function isCurrent(job) {
  return current !== null && current.job === job;
}

// --- showing results -------------------------------------------------------------

function renderPage(page) {
  const node = ui.pageTemplate.content.firstElementChild.cloneNode(true);
  node.dataset.page = String(page.number);
  node.dataset.verdict = page.verdict;
  node.querySelector(".page-title").textContent = `Page ${page.number}`;
  const note = VERDICT_TEXT[page.verdict];
  if (note) {
    const p = node.querySelector(".page-note");
    p.textContent = note;
    p.hidden = false;
  }
  const text = shownText(page);
  const pre = node.querySelector(".page-text");
  pre.textContent = text;
  if (!text) pre.hidden = true;
  const copy = node.querySelector(".copy-page");
  copy.setAttribute("aria-label", `Copy page ${page.number}`);
  copy.disabled = !text;
  copy.addEventListener("click", () => copyText(text, copy));
  return node;
}

function setActions(enabled) {
  for (const b of [ui.copyAll, ui.downloadTxt, ui.downloadMd, ui.downloadJson]) {
    b.disabled = !enabled;
  }
}

// A page's text as shown and copied: without the trailing line break.
function shownText(page) {
  return page.text.replace(/\n+$/, "");
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
  button.textContent = "Copied";
  setTimeout(() => { button.textContent = label; }, 1500);
}

function baseName(name) {
  return name.replace(/\.pdf$/i, "") || "document";
}

function download(text, extension, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = `${baseName(current.file.name)}.${extension}`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// --- wiring ------------------------------------------------------------------

function firstFile(files) {
  return files && files.length ? files[0] : null;
}

ui.drop.addEventListener("click", () => ui.file.click());
ui.file.addEventListener("change", () => {
  const file = firstFile(ui.file.files);
  ui.file.value = "";
  if (file) openFile(file);
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
  const file = firstFile(event.dataTransfer?.files);
  if (file) openFile(file);
});
async function openSample() {
  const response = await fetch("sample.pdf");
  const blob = await response.blob();
  openFile(new File([blob], "sample.pdf", { type: "application/pdf" }));
}
ui.sample.addEventListener("click", openSample);
ui.cancel.addEventListener("click", () => { if (current?.running) cancelJob(true); });
ui.passwordForm.addEventListener("submit", (event) => {
  event.preventDefault();
  if (current) openFile(current.file, ui.password.value);
});
ui.copyAll.addEventListener("click", () => copyText(current.pages.join("\n\n"), ui.copyAll));
ui.downloadTxt.addEventListener("click", () => download(current.text, "txt", "text/plain;charset=utf-8"));
ui.downloadMd.addEventListener("click", () => download(current.markdown, "md", "text/markdown;charset=utf-8"));
ui.downloadJson.addEventListener("click", () => download(current.json, "json", "application/json"));

setState("idle");
startWorker();
// The address `#sample` (what `python build.py serve` prints) opens on the
// bundled sample, so a newcomer sees the app work without a file of their own.
if (location.hash === "#sample") openSample();
