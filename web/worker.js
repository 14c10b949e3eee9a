// The module worker that owns Pyodide and the extractor.
//
// Start-up: load the Python runtime, unpack our precompiled bundle (pypdf +
// pyengine; falling back to the .py bundle if the .pyc one cannot be
// imported), then hand pyengine/web.py three things: the protocol names, a
// function to post JSON text to the page, and a function that reads a data
// file (CMaps, font metrics) from this origin.  After that every message is
// dispatched through one table.  The boundary to Python is bytes in, JSON
// text out; no Python source is ever built from data.
//
// The same file runs as the page helper of a long file (helper.js), in a
// worker this one starts under the name HELPER_NAME: it starts up the same
// way, then takes HELP, FRONT and CANCEL from this worker instead of the
// page's messages.
import { MSG, CODES, PROTOCOL_VERSION } from "./protocol.js";
import { bytesFetcher, dataReader } from "./loader.js";
import { aesCbcDecrypt, aesCbcEncrypt, aesStats, mayNeedWebCrypto } from "./webcrypto.js";
import * as syncCrypto from "./synccrypto.js";
import { HELPER_NAME, HelperLink, helperStats } from "./helper.js";

const BASE = new URL("./", import.meta.url);
const STEPS = 3;
const started = performance.now();
const timings = {};

let web = null;          // the pyengine.web module (a PyProxy)
let queue = Promise.resolve();   // files are read one after another

function post(msg, transfer = []) {
  self.postMessage(msg, transfer);
}

function progress(step, label) {
  post({ type: MSG.LOADING, step, steps: STEPS, label });
}

// JS Promise Integration: Python can block on a JS promise (run_sync) in a
// call entered through callPromising.
const jspi = "Suspending" in WebAssembly || "Suspender" in WebAssembly;
// Whether a file's steps (a job's or the helper's) start out entered through
// callPromising: with JSPI, when the file may be encrypted (runSteps).
const startsPromising = (bytes) => jspi && mayNeedWebCrypto(bytes);

const readDataFile = dataReader(BASE);
const fetchBytes = bytesFetcher(BASE);

// For tests and measurements (read with Playwright's worker.evaluate, between
// files): the AES backend Python chose at init, what went through WebCrypto
// (aes), what went through the synchronous JavaScript AES and RC4 (sync,
// web/synccrypto.js) and Python's own count per path (python, see pyengine.crypto).
// In the app's worker, `helper`: the page helper's counts (helper.js);
// `steps`: the extraction steps entered plainly and through callPromising.
const stepStats = { plain: 0, promising: 0 };
self.pyengineStats = { aesBackend: "", aes: aesStats, sync: syncCrypto.syncStats, steps: stepStats };
const IS_HELPER = self.name === HELPER_NAME;
const helperLink = IS_HELPER ? null : new HelperLink(new URL(import.meta.url));
if (!IS_HELPER) self.pyengineStats.helper = helperStats;
// The size of this worker's wasm memory (it never shrinks: the peak so far).
let runtime = null;
const heapBytes = () => runtime?._module?.HEAPU8?.length ?? null;
Object.defineProperty(self.pyengineStats, "heap", { enumerable: true, get: heapBytes });
// Test hook (read with Playwright's worker.evaluate): the helper dies now.
self.pyengineTest = { killHelper: () => helperLink?.kill() };

// Unpack one archive of the bundle (bytes: a promise of its ArrayBuffer) into
// its own directory and import the Python side from it.  Returns the module,
// or throws.
async function importFrom(pyodide, archive, bytes) {
  const dir = `/app/${archive.kind}`;
  pyodide.unpackArchive(await bytes, "zip", { extractDir: dir });
  const sys = pyodide.pyimport("sys");
  sys.path.insert(0, dir);
  try {
    return pyodide.pyimport("pyengine.web");
  } catch (err) {
    sys.path.remove(dir);
    pyodide.pyimport("importlib").invalidate_caches();
    forgetModules(pyodide);
    throw err;
  }
}

// After a failed import, drop half-imported modules so the fallback bundle
// starts clean.  A fixed function: the prefixes travel as an argument.
function forgetModules(pyodide) {
  const forget = pyodide.runPython(`
def forget(prefixes):
    import sys
    for name in [n for n in sys.modules if n.split(".")[0] in prefixes]:
        del sys.modules[name]
forget
`);
  forget(pyodide.toPy(["pyengine", "pypdf"]));
}

// The runtime comes from pyodide/ through the browser's HTTP cache, where
// Chromium also keeps the WebAssembly it compiled on the last visit (about
// 1 s of a repeat visit; it does not for a response a service worker hands
// over).  When that cannot be fetched (offline, the host down), the same
// files come from pyodide-cached/, which only the service worker answers,
// from its cache (web/sw.js).
const RUNTIME_DIRS = ["pyodide/", "pyodide-cached/"];

async function loadRuntime(options) {
  let lastError = null;
  for (const dir of RUNTIME_DIRS) {
    try {
      const { loadPyodide } = await import(new URL(`${dir}pyodide.mjs`, BASE).href);
      return await loadPyodide({ indexURL: new URL(dir, BASE).href, ...options });
    } catch (err) {
      console.warn(`the Python runtime could not be loaded from ${dir}`, err);
      lastError = err;
    }
  }
  throw lastError;
}

// The helper's HELPER_END carries its wasm memory size (pyengineStats.helper).
function withHeap(msg) {
  if (IS_HELPER && msg.type === MSG.HELPER_END) msg.heap = heapBytes();
  return msg;
}

async function start() {
  progress(1, "Downloading the Python runtime");
  // Fetch our bundle while the runtime downloads and compiles.
  const manifest = fetch(new URL("py/manifest.json", BASE)).then((r) => r.json());
  const firstArchive = manifest.then((m) => fetchBytes(`py/${m.bundle.archives[0].file}`));
  manifest.catch(() => {});           // both are reported when awaited
  firstArchive.catch(() => {});
  const pyodide = await loadRuntime({
    stdout: () => {},
    stderr: (line) => console.debug("[python]", line),
  });
  runtime = pyodide;
  timings.runtime = Math.round(performance.now() - started);

  progress(2, "Loading the PDF reader");
  const { bundle, pyodide: pyodideVersion } = await manifest;
  let lastError = null;
  for (const [i, archive] of bundle.archives.entries()) {
    try {
      const bytes = i === 0 ? firstArchive : fetchBytes(`py/${archive.file}`);
      web = await importFrom(pyodide, archive, bytes);
      timings.bundle = archive.kind;
      break;
    } catch (err) {
      console.warn(`bundle ${archive.file} could not be imported`, err);
      lastError = err;
    }
  }
  if (web === null) throw lastError ?? new Error("no Python bundle");
  timings.imported = Math.round(performance.now() - started);

  progress(3, "Starting the PDF reader");
  // With JS Promise Integration, Python can block on WebCrypto's promises
  // (pyodide.ffi.run_sync) while it runs in a promising call: init checks
  // that once, so it is entered through callPromising; so is each step of
  // an extraction (runSteps).  Without JSPI (the check is Pyodide's own), init picks
  // synccrypto.js's AES for every call.
  // Python's messages go to the page as the JSON text Python wrote (see
  // protocol.js `message`); the helper's go to the app's worker as objects,
  // HELPER_END with this worker's heap size.
  const toPage = IS_HELPER ? (text) => post(withHeap(JSON.parse(text))) : (text) => post(text);
  const initArgs = [JSON.stringify(MSG), toPage, readDataFile, aesCbcDecrypt, aesCbcEncrypt,
    syncCrypto];
  const versions = JSON.parse(
    jspi ? await web.init.callPromising(...initArgs) : web.init(...initArgs));
  self.pyengineStats.aesBackend = versions.aes;
  Object.defineProperty(self.pyengineStats, "python", {
    enumerable: true, get: () => JSON.parse(web.aes_stats()) });
  versions.pyodide = pyodideVersion;
  versions.protocol = PROTOCOL_VERSION;
  timings.ready = Math.round(performance.now() - started);
  post({ type: MSG.READY, versions, timings });
}

const ready = start().catch((err) => {
  console.error("worker start-up failed", err);
  post({ type: MSG.FATAL, message: "start-up failed" });
  throw err;
});

// One turn of the event loop (a task, so a CANCEL message can come in
// before it ends), without setTimeout's clamping to 4 ms.
const turns = new MessageChannel();
const turnWaiters = [];
turns.port1.onmessage = () => turnWaiters.shift()?.();
function nextTurn() {
  return new Promise((resolve) => {
    turnWaiters.push(resolve);
    turns.port2.postMessage(null);
  });
}

// Run a job's steps (web.extract_steps): between pages a turn of the event
// loop; while it waits for the page helper's page, that future
// (steps.waiting).  Calling the async web.extract instead runs the same steps
// as an asyncio Task on Pyodide's event loop, which costs 0.1 to 0.4 ms per
// file and 0.07 ms per page more.  With JSPI, a file that may be encrypted
// has its steps entered through callPromising so Python can block on
// WebCrypto; the others plainly (cheaper), until Python says PROMISING (see
// mayNeedWebCrypto).  Without JSPI every step is a plain call (AES is pure
// Python there, and PROMISING never comes).
const STEP = Object.freeze({ OVER: 0, TURN: 1, WAIT: 2, PROMISING: 3 });   // web.Steps

async function runSteps(steps, promising) {
  const step = steps.step;
  try {
    for (;;) {
      let next;
      if (promising) {
        stepStats.promising += 1;
        next = await step.callPromising();
      } else {
        stepStats.plain += 1;
        next = step();
      }
      if (next === STEP.OVER) return;
      if (next === STEP.PROMISING) promising = true;
      if (next === STEP.TURN || next === STEP.PROMISING) {
        await nextTurn();
      } else {
        const waiting = steps.waiting;
        try {
          await waiting;
        } finally {
          waiting?.destroy?.();
        }
      }
    }
  } finally {
    step.destroy();
    steps.destroy();
  }
}

async function extract(msg) {
  await ready;
  try {
    // The job's coroutine (web.extract) reports every Python-side failure
    // as an ERROR message itself; a throw here means the runtime broke.
    const bytes = new Uint8Array(msg.data);
    const args = [msg.job, bytes, msg.password ?? "",
      JSON.stringify(msg.options ?? {}),
      msg.parallel === false ? undefined : helperLink.forJob(msg)];
    await runSteps(web.extract_steps(...args), startsPromising(bytes));
  } catch (err) {
    console.error("extraction crashed the runtime", err);
    post({ type: MSG.ERROR, job: msg.job, code: CODES.INTERNAL, message: "" });
    post({ type: MSG.FATAL, message: "runtime error" });
  }
}

// In the helper: read a job's pages from the back (web.py's help_extract,
// step by step as runSteps runs a job), each sent to the app's worker as it
// is made.  A crash of the runtime ends the helper: the app's worker reads
// on alone.
async function help(msg) {
  await ready;
  const sendPage = (index, bytes) => {
    const data = bytes.slice().buffer;     // its own buffer, to transfer
    post({ type: MSG.HELPER_PAGE, job: msg.job, index, data }, [data]);
  };
  try {
    const bytes = new Uint8Array(msg.data);
    await runSteps(web.help_steps(msg.job, bytes, msg.password, msg.options, msg.below, sendPage),
      startsPromising(bytes));
  } catch (err) {
    console.error("the page helper's runtime broke", err);
    post({ type: MSG.FATAL, message: "runtime error" });
  }
}

const handlers = IS_HELPER ? {
  [MSG.HELP]: (msg) => { queue = queue.then(() => help(msg)).catch(() => {}); },
  [MSG.FRONT]: (msg) => { ready.then(() => web.front(msg.job, msg.index), () => {}); },
  [MSG.CANCEL]: (msg) => { ready.then(() => web.cancel(msg.job), () => {}); },
} : {
  [MSG.EXTRACT]: (msg) => { queue = queue.then(() => extract(msg)).catch(() => {}); },
  // A cancel that comes during start-up is replayed once Python is there;
  // the queued job then stops before its first page.
  [MSG.CANCEL]: (msg) => {
    helperLink.cancel(msg.job);
    ready.then(() => web.cancel(msg.job), () => {});
  },
};

self.onmessage = (event) => {
  const handler = handlers[event.data?.type];
  if (handler) handler(event.data);
};
