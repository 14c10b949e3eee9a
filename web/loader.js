// Same-origin loading, shared by the app's worker (worker.js) and the
// benchmark's worker (bench/web/pyworker.js), for the site rooted at `base`.

// A synchronous read of data/<name> (CMaps, font metrics), called from
// Python while it runs (it cannot await).  undefined (Python None) when there
// is no such file.
export function dataReader(base) {
  return function readDataFile(name) {
    const xhr = new XMLHttpRequest();
    xhr.open("GET", new URL("data/" + name, base), false);
    xhr.responseType = "arraybuffer";
    xhr.send();
    return xhr.status === 200 ? new Uint8Array(xhr.response) : undefined;
  };
}

// The bytes of a file of the site, or an error naming it.
export function bytesFetcher(base) {
  return async function fetchBytes(path) {
    const response = await fetch(new URL(path, base));
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    return response.arrayBuffer();
  };
}
