// The walk that leaves a runtime's code and objects out of the CPU's
// caches between two timed runs ("cold"), for `node bench/pyodide_profile.mjs
// cold` (our engine) and `node bench/pdfjs_cold.mjs` (pdf.js): a write and
// a read per 64-byte line of COLD_BYTES (default 128 MiB, past any L3
// cache), so the next run finds none of its own lines cached.

export function coldWalker() {
  const buffer = new Float64Array(Number(process.env.COLD_BYTES ?? 128 * 1024 * 1024) / 8);
  return () => {
    let sum = 0;
    for (let i = 0; i < buffer.length; i += 8) {
      buffer[i] += 1;
      sum += buffer[i];
    }
    return sum;
  };
}
