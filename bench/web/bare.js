// A bare Pyodide start for comparison: a module worker that only calls
// loadPyodide.  Records, on the page, when the worker says it is done.
const worker = new Worker(new URL("bare-worker.js", import.meta.url), { type: "module" });
worker.onmessage = ({ data }) => {
  document.body.dataset.workerMs = String(Math.round(data.ms));
  document.body.dataset.bareAt = String(Math.round(performance.now()));
};
