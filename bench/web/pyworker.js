// Bench-only module worker: starts Pyodide and our bundle the way
// web/worker.js does (same files, same order, same pyengine.web.init), then
// runs pyengine.extract on the bytes posted to it and reports the time.
// Served from <site>/bench/, so the site's files are one level up.
import { MSG } from "../protocol.js";
import { loadPyodide } from "../pyodide/pyodide.mjs";
import { bytesFetcher, dataReader } from "../loader.js";
import { aesCbcDecrypt, aesCbcEncrypt, mayNeedWebCrypto } from "../webcrypto.js";
import * as syncCrypto from "../synccrypto.js";

const BASE = new URL("../", import.meta.url);
const started = performance.now();

const readDataFile = dataReader(BASE);
const fetchBytes = bytesFetcher(BASE);

function heapBytes(pyodide) {
  const m = pyodide._module;
  return m?.HEAPU8?.length ?? m?.wasmMemory?.buffer?.byteLength ?? null;
}

let pyodide = null;
let benchRun = null;

async function start() {
  const manifest = fetch(new URL("py/manifest.json", BASE)).then((r) => r.json());
  const first = manifest.then((m) => fetchBytes(`py/${m.bundle.archives[0].file}`));
  pyodide = await loadPyodide({ indexURL: new URL("pyodide/", BASE).href,
                                stdout: () => {}, stderr: () => {} });
  const runtimeMs = performance.now() - started;
  const archive = (await manifest).bundle.archives[0];
  const dir = `/app/${archive.kind}`;
  pyodide.unpackArchive(await first, "zip", { extractDir: dir });
  pyodide.pyimport("sys").path.insert(0, dir);
  const web = pyodide.pyimport("pyengine.web");
  // As in web/worker.js: with JSPI, init (and the run of a file that may be
  // encrypted) is entered through callPromising so Python can block on
  // WebCrypto's AES; other files are run with a plain call.
  const jspi = "Suspending" in WebAssembly || "Suspender" in WebAssembly;
  const initArgs = [JSON.stringify(MSG), () => {}, readDataFile, aesCbcDecrypt, aesCbcEncrypt,
    syncCrypto];
  const versions = JSON.parse(
    jspi ? await web.init.callPromising(...initArgs) : web.init(...initArgs));
  benchRun = pyodide.runPython(`
import json
import pyengine

def bench_run(data, password):
    doc = pyengine.extract(data.to_bytes(), pyengine.Options(password=password))
    return json.dumps({"pages": doc.page_count,
                       "chars": sum(len(p.text) for p in doc.pages)})
bench_run
`);
  if (jspi) {
    const plain = benchRun;
    benchRun = (bytes, password) => (mayNeedWebCrypto(bytes)
      ? plain.callPromising(bytes, password) : plain(bytes, password));
  }
  return { runtimeMs, readyMs: performance.now() - started, bundle: archive.kind,
           aes: versions.aes, heap: heapBytes(pyodide) };
}

const ready = start();

self.onmessage = async ({ data: msg }) => {
  try {
    const info = await ready;
    if (msg.type === "info") {
      self.postMessage({ id: msg.id, ...info, heap: heapBytes(pyodide) });
      return;
    }
    const t0 = performance.now();
    const result = JSON.parse(await benchRun(new Uint8Array(msg.data), msg.password ?? ""));
    const ms = performance.now() - t0;
    self.postMessage({ id: msg.id, ms, ...result, heap: heapBytes(pyodide) });
  } catch (err) {
    self.postMessage({ id: msg.id, error: String(err).slice(-300) });
  }
};
