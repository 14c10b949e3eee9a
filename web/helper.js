// The page helper: a second worker reading a long file's pages from the
// back while the app's worker (worker.js) reads them from the front, on a
// second core.  The helper is worker.js itself, started by the app's worker
// under the name HELPER_NAME (so it loads the runtime and the bundle the
// same way, from the same URLs, offline too), the first time a job of
// PARALLEL_MIN_PAGES pages or more asks for it (pyengine/web.py), never at
// page open; it is then kept for later jobs.
//
// Messages (types from protocol.js):
// worker -> helper
//   HELP   {job, data, password, options, below}   read the job's selected
//          pages from `below` - 1 down to 1 (`below`: one past the last page,
//          or the lowest page a helper that died had sent)
//   FRONT  {job, index}    the worker is about to read page `index` itself
//   CANCEL {job}           stop the job (it is over, or cancelled)
// helper -> worker
//   LOADING, READY, FATAL  as worker.js's start-up posts them to the page
//   CLAIM       {job, index}        the helper is about to read page `index`
//   HELPER_PAGE {job, index, data}  page `index` read: pyengine.twofront's
//               pickle bytes (data, an ArrayBuffer, is transferred)
//   HELPER_END  {job, reason, heap} the helper stopped reading this job
//               (met the worker's front, cancelled, done, or a reason of
//               pyengine.twofront / an error code); heap: the size of its
//               wasm memory
// Messages reach Python only between pages, when it yields: each side
// learns the other's front a page late, so a page may be read twice (the
// worker keeps its own).
//
// Python (web.py) sees one job's side of this through the object
// HelperLink.forJob returns.  Whatever the helper does (not starting,
// throwing, dying, sending garbage, being slow), the worker reads every
// page the helper has not sent; a helper that dies is started again at most
// RESTARTS_PER_JOB times per job.
import { MSG } from "./protocol.js";

export const HELPER_NAME = "pyengine-helper";

// Cores (navigator.hardwareConcurrency) from which the helper is used: with
// one core it would only take time from the worker.
const MIN_CORES = 2;

// Times a helper that died is started again within one job; after that the
// worker reads the job's remaining pages alone.
const RESTARTS_PER_JOB = 1;

// For tests and measurements (worker.js exposes it as pyengineStats.helper):
// helpers started, pages received and pages the worker used, end reasons,
// the largest wasm memory a helper reported (bytes).
export const helperStats = { starts: 0, received: 0, taken: 0, ends: {}, heap: 0 };

export class HelperLink {
  #url;
  #worker = null;
  #ready = false;
  #job = null;      // {id, msg, pages: Map index -> Uint8Array, claim, ended, sent,
                    //  restarts, waiters}

  constructor(url) {
    this.#url = url;
  }

  // Python's side of job `msg.job` (an EXTRACT message), see web.py.
  forJob(msg) {
    const id = msg.job;
    const mine = () => (this.#job?.id === id ? this.#job : null);
    return {
      begin: (total) => {
        if ((navigator.hardwareConcurrency ?? 1) < MIN_CORES) return false;
        this.#job = { id, msg, total, pages: new Map(), claim: 0, ended: false,
          sent: false, restarts: 0, waiters: [] };
        try {
          if (this.#worker === null) this.#start();
        } catch (err) {
          console.warn("the page helper could not be started", err);
          this.#worker = null;
          this.#job = null;
          return false;
        }
        this.#send();
        return true;
      },
      front: (index) => {
        const job = mine();
        if (job && !job.ended && this.#worker) {
          this.#worker.postMessage({ type: MSG.FRONT, job: id, index });
        }
      },
      page: (index) => mine()?.pages.get(index),
      working: (index) => {
        const job = mine();
        return Boolean(job && !job.ended && this.#worker && job.claim === index);
      },
      wait: (index, ms) => new Promise((resolve) => {
        const job = mine();
        if (!job) { resolve(); return; }
        const done = () => { clearTimeout(timer); resolve(); };
        const timer = setTimeout(done, ms);
        job.waiters.push(done);
      }),
      taken: (count) => { helperStats.taken += count; },
      end: () => {
        const job = mine();
        if (!job) return;
        if (!job.ended && this.#worker) this.#worker.postMessage({ type: MSG.CANCEL, job: id });
        this.#wake(job);
        this.#job = null;
      },
    };
  }

  // CANCEL from the page: the helper stops at once too (the worker's job
  // ends when its Python next yields).
  cancel(id) {
    if (this.#job?.id === id && !this.#job.ended && this.#worker) {
      this.#worker.postMessage({ type: MSG.CANCEL, job: id });
    }
  }

  // Test hook: the helper dies now, as if it had crashed.
  // (tests) Whether a job was running: only then is the helper started
  // again (#died); a kill after the job ended starts nothing.
  kill() {
    if (!this.#worker) return false;
    const running = Boolean(this.#job && !this.#job.ended);
    this.#died();
    return running;
  }

  #start() {
    helperStats.starts += 1;
    this.#ready = false;
    const worker = new Worker(this.#url, { type: "module", name: HELPER_NAME });
    worker.onmessage = ({ data }) => { if (worker === this.#worker) this.#receive(data); };
    worker.onerror = (event) => {
      event.preventDefault();
      if (worker === this.#worker) this.#died();
    };
    this.#worker = worker;
  }

  #send() {
    const job = this.#job;
    if (!job || job.ended || job.sent || !this.#ready) return;
    const { msg } = job;
    const sent = [...job.pages.keys()];
    this.#worker.postMessage({ type: MSG.HELP, job: job.id, data: msg.data,
      password: msg.password ?? "", options: JSON.stringify(msg.options ?? {}),
      below: sent.length ? Math.min(...sent) : job.total + 1 });
    job.sent = true;
  }

  #receive(msg) {
    const job = this.#job?.id === msg?.job ? this.#job : null;
    switch (msg?.type) {
      case MSG.READY: this.#ready = true; this.#send(); break;
      case MSG.FATAL: this.#died(); break;
      case MSG.CLAIM: if (job) job.claim = msg.index; break;
      case MSG.HELPER_PAGE:
        if (job && Number.isInteger(msg.index) && msg.data instanceof ArrayBuffer) {
          job.pages.set(msg.index, new Uint8Array(msg.data));
          helperStats.received += 1;
          if (job.claim === msg.index) job.claim = 0;
          this.#wake(job);
        }
        break;
      case MSG.HELPER_END:
        helperStats.ends[msg.reason] = (helperStats.ends[msg.reason] ?? 0) + 1;
        if (Number.isFinite(msg.heap)) helperStats.heap = Math.max(helperStats.heap, msg.heap);
        if (job) { job.ended = true; job.claim = 0; this.#wake(job); }
        break;
      default: break;     // LOADING, and anything else
    }
  }

  #died() {
    this.#worker?.terminate();
    this.#worker = null;
    this.#ready = false;
    const job = this.#job;
    if (!job || job.ended) return;
    job.claim = 0;
    job.sent = false;
    let restarted = false;
    if (job.restarts < RESTARTS_PER_JOB) {
      job.restarts += 1;
      try {
        this.#start();
        restarted = true;
      } catch (err) {
        this.#worker = null;
      }
    }
    if (!restarted) {
      job.ended = true;
    }
    this.#wake(job);
  }

  #wake(job) {
    for (const done of job.waiters.splice(0)) done();
  }
}
