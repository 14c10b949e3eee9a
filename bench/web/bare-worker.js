import { loadPyodide } from "../pyodide/pyodide.mjs";

const started = performance.now();
await loadPyodide({ indexURL: new URL("../pyodide/", import.meta.url).href,
                    stdout: () => {}, stderr: () => {} });
self.postMessage({ ms: performance.now() - started });
