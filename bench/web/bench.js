// The benchmark page: our engine (pyworker.js, a module worker: one core),
// the app's own worker (../worker.js through its protocol, EXTRACT -> DONE,
// with its page helper: two cores) and pdf.js (its own Web Worker, driven
// through its API) on the same bytes, one file at a time, in the order
// bench/browser.py asks.  Times are measured here, on the page, from
// handing over the bytes to having every page's text.
import * as pdfjsLib from "../pdfjs/build/pdf.mjs";
import { message } from "../protocol.js";

const PDFJS = new URL("../pdfjs/", import.meta.url);
pdfjsLib.GlobalWorkerOptions.workerSrc = new URL("build/pdf.worker.mjs", PDFJS).href;
const PDFJS_OPTIONS = {
  cMapUrl: new URL("cmaps/", PDFJS).href,
  cMapPacked: true,
  standardFontDataUrl: new URL("standard_fonts/", PDFJS).href,
  wasmUrl: new URL("wasm/", PDFJS).href,
  isEvalSupported: false,
};

let pdfWorker = new pdfjsLib.PDFWorker({ name: "pdfjs-bench" });

// bench.html?against=1: a second build of the site is served under /b/ and
// "base" is its pyworker (bench.browser --against): two builds of our
// engine, file by file in the same page, with pdf.js between them.
const AGAINST = new URL(location.href).searchParams.has("against");
const PYWORKER = new URL("pyworker.js", import.meta.url);
const BASE_PYWORKER = new URL("../b/bench/pyworker.js", import.meta.url);

class Ours {
  constructor(url = PYWORKER) {
    this.url = url;
    this.worker = new Worker(url, { type: "module" });
    this.next = 1;
    this.pending = new Map();
    this.worker.onmessage = ({ data }) => {
      const resolve = this.pending.get(data.id);
      this.pending.delete(data.id);
      resolve?.(data);
    };
    this.worker.onerror = (e) => {
      for (const resolve of this.pending.values()) resolve({ error: `worker error ${e.message}` });
      this.pending.clear();
    };
  }
  call(msg, transfer = []) {
    const id = this.next++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.worker.postMessage({ id, ...msg }, transfer);
    });
  }
  info() { return this.call({ type: "info" }); }
  async run(bytes, password) {
    const t0 = performance.now();
    const r = await this.call({ type: "run", data: bytes, password }, [bytes]);
    return { ...r, outerMs: performance.now() - t0 };
  }
  terminate() { this.worker.terminate(); }
}

let ours = new Ours();
let base = AGAINST ? new Ours(BASE_PYWORKER) : null;

// The app's worker (web/worker.js), as app.js drives it: EXTRACT, then the
// job's DONE or ERROR.  `parallel` is the protocol's switch for the helper.
class App {
  constructor() {
    this.worker = new Worker(new URL("../worker.js", import.meta.url), { type: "module" });
    this.job = 0;
    this.pending = new Map();
    this.ready = new Promise((resolve, reject) => {
      this.worker.onmessage = ({ data: raw }) => {
        const data = message(raw);      // as app.js reads it
        if (data.type === "ready") resolve(data);
        else if (data.type === "fatal") reject(new Error(data.message));
        else if (data.type === "done" || data.type === "error") {
          this.pending.get(data.job)?.(data);
          this.pending.delete(data.job);
        }
      };
    });
    this.ready.catch(() => {});
    this.worker.onerror = (e) => {
      for (const resolve of this.pending.values()) resolve({ type: "error", code: e.message });
      this.pending.clear();
    };
  }
  async run(bytes, password, parallel = true) {
    await this.ready;
    const job = ++this.job;
    const t0 = performance.now();
    const end = await new Promise((resolve) => {
      this.pending.set(job, resolve);
      this.worker.postMessage({ type: "extract", job, data: bytes, name: "bench.pdf",
                                password, options: {}, parallel }, [bytes]);
    });
    const outerMs = performance.now() - t0;
    if (end.type !== "done") return { error: `app: ${end.code ?? "?"}`, outerMs };
    return { outerMs, pages: end.pages, chars: end.text.length };
  }
  terminate() { this.worker.terminate(); }
}

// (Not started in the A/B mode, which times ours, base and pdf.js only.)
let app = AGAINST ? null : new App();
// "app1" gets a worker of its own: sharing app's worker, it read every file
// right after app had read the same bytes there (warm), 12-15 % faster on
// 1-2 page files that never start the helper.
let app1 = AGAINST ? null : new App();

async function runPdfjs(bytes, password) {
  const t0 = performance.now();
  const task = pdfjsLib.getDocument({ ...PDFJS_OPTIONS, data: new Uint8Array(bytes),
                                      worker: pdfWorker, password: password || undefined });
  try {
    const doc = await task.promise;
    let chars = 0;
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      const content = await page.getTextContent();
      for (const item of content.items) chars += item.str ? item.str.length : 0;
      page.cleanup();
    }
    return { outerMs: performance.now() - t0, pages: doc.numPages, chars };
  } finally {
    await task.destroy();
  }
}

function withTimeout(promise, ms, onTimeout) {
  let timer;
  const timeout = new Promise((resolve) => {
    timer = setTimeout(() => { onTimeout(); resolve({ error: `timeout>${ms / 1000}s` }); }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function fetchPdf(url) {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return r.arrayBuffer();
}

const RUNNERS = {
  async ours(buf, password, timeoutMs) {
    const r = await withTimeout(ours.run(buf.slice(0), password), timeoutMs, () => {
      ours.terminate();
      ours = new Ours();          // the next file gets a fresh runtime
    });
    if (r.error && !r.error.startsWith("timeout")) return r;
    if (r.error) await ours.info();
    return r;
  },
  async base(buf, password, timeoutMs) {
    const r = await withTimeout(base.run(buf.slice(0), password), timeoutMs, () => {
      base.terminate();
      base = new Ours(BASE_PYWORKER);
    });
    if (r.error && !r.error.startsWith("timeout")) return r;
    if (r.error) await base.info();
    return r;
  },
  async app(buf, password, timeoutMs) {
    return withTimeout(app.run(buf.slice(0), password).catch((e) => ({ error: String(e) })),
                       timeoutMs, () => {
      app.terminate();
      app = new App();
    });
  },
  // The app's worker in a second instance, its page helper switched off
  // (EXTRACT's parallel: false): the app on one core.
  async app1(buf, password, timeoutMs) {
    return withTimeout(app1.run(buf.slice(0), password, false)
      .catch((e) => ({ error: String(e) })), timeoutMs, () => {
      app1.terminate();
      app1 = new App();
    });
  },
  async pdfjs(buf, password, timeoutMs) {
    return withTimeout(runPdfjs(buf.slice(0), password).catch((e) => ({ error: String(e).slice(0, 200) })),
                       timeoutMs, () => {
      pdfWorker.destroy();
      pdfWorker = new pdfjsLib.PDFWorker({ name: "pdfjs-bench" });
    });
  },
};

// One file, each tool once, in the given order.
window.runFile = async (url, password, order, timeoutMs) => {
  const buf = await fetchPdf(url);
  const out = {};
  for (const tool of order) out[tool] = await RUNNERS[tool](buf, password, timeoutMs);
  return out;
};

// Peak wasm memory: a fresh worker, one file, the heap before and after.
window.memoryRun = async (url, password, timeoutMs) => {
  const buf = await fetchPdf(url);
  const fresh = new Ours();
  try {
    const before = await fresh.info();
    const r = await withTimeout(fresh.run(buf.slice(0), password), timeoutMs, () => {});
    const pdfjs = await RUNNERS.pdfjs(buf, password, timeoutMs);
    return { heapAfterStart: before.heap, ...r, pdfjs };
  } finally {
    fresh.terminate();
  }
};

// The same with a fresh app worker, kept (window.memoryApp) until the
// caller has read its and its helper's wasm memory (pyengineStats) and
// calls memoryAppDone().
window.memoryRunApp = async (url, password, timeoutMs) => {
  const buf = await fetchPdf(url);
  window.memoryApp = new App();
  return withTimeout(window.memoryApp.run(buf, password), timeoutMs, () => {});
};
window.memoryAppDone = () => { window.memoryApp?.terminate(); window.memoryApp = null; };

window.benchReady = AGAINST
  ? Promise.all([ours.info(), base.info()]).then(([info, baseInfo]) => (
    { ...info, baseReadyMs: baseInfo.readyMs, pdfjs: pdfjsLib.version }))
  : Promise.all([ours.info(), app.ready, app1.ready]).then(([info, appReady]) => (
    { ...info, appReadyMs: appReady.timings?.ready, pdfjs: pdfjsLib.version }));
