// pdf.js warm and cold under Node, as `node bench/pyodide_profile.mjs cold`
// times our engine: the peer's side of that measure.
//
// Usage (after `npm ci`):
//   node bench/pdfjs_cold.mjs FILELIST [REPEAT] [CORPUS]
//
// FILELIST names corpus files without ".pdf", separated by white space.
// Per file and repeat: getDocument and getTextContent of every page right
// after a first read of the same bytes (warm), then again after the walk
// of coldwalk.mjs (cold: none of pdf.js's code or objects left in the CPU's
// caches); the median of REPEAT pairs each, then the
// median extra time over the files.  pdfjs-dist's legacy build (Node 20 has
// no Promise.withResolvers; a stand-in is set), with its CMaps and standard
// fonts, no worker (Node runs pdf.js's worker code in the same thread).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { coldWalker } from "./coldwalk.mjs";

if (!Promise.withResolvers) {
  Promise.withResolvers = () => {
    let resolve, reject;
    const promise = new Promise((ok, fail) => { resolve = ok; reject = fail; });
    return { promise, resolve, reject };
  };
}

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");
const [list, rep = "7", corpus = path.resolve(root, "..", "shared", "corpus")] = process.argv.slice(2);
if (!list) {
  console.error("usage: node bench/pdfjs_cold.mjs FILELIST [REPEAT] [CORPUS]");
  process.exit(2);
}
const dist = path.join(root, "node_modules", "pdfjs-dist");
const pdfjs = await import(pathToFileURL(path.join(dist, "legacy", "build", "pdf.mjs")).href);
const files = fs.readFileSync(list, "utf8").split(/\s+/).filter(Boolean);
const manifest = path.join(corpus, "manifest.json");
const passwords = Object.fromEntries((fs.existsSync(manifest) ? JSON.parse(fs.readFileSync(manifest, "utf8")) : [])
  .map((e) => [e.file.replace(/\.pdf$/, ""), e.password ?? ""]));
const coldWalk = coldWalker();

async function run(bytes, password) {
  const t = performance.now();
  const task = pdfjs.getDocument({
    data: bytes.slice(), verbosity: 0, password,
    cMapUrl: path.join(dist, "cmaps") + "/", cMapPacked: true,
    standardFontDataUrl: path.join(dist, "standard_fonts") + "/",
  });
  const doc = await task.promise;
  for (let i = 1; i <= doc.numPages; i++) await (await doc.getPage(i)).getTextContent();
  const ms = performance.now() - t;
  await task.destroy();
  return ms;
}

// As Python's statistics.median (pyodide_profile.mjs cold's): the middle
// value, or the mean of the two middle ones.
function median(xs) {
  const s = [...xs].sort((a, b) => a - b), k = Math.floor(s.length / 2);
  return s.length % 2 ? s[k] : (s[k - 1] + s[k]) / 2;
}
const extra = [];
console.log("file".padEnd(44) + "warm ms".padStart(10) + "cold ms".padStart(10)
  + "extra ms".padStart(10) + "extra".padStart(9));
for (const name of files) {
  const bytes = new Uint8Array(fs.readFileSync(path.join(corpus, "pdfs", `${name}.pdf`)));
  const password = passwords[name] ?? "";
  const warm = [], cold = [];
  try {
    for (let r = 0; r < Number(rep); r++) {
      await run(bytes, password);
      warm.push(await run(bytes, password));
      coldWalk();
      cold.push(await run(bytes, password));
    }
  } catch (err) {
    console.log(name.slice(0, 43).padEnd(44) + `  failed: ${err.name ?? err}`);
    continue;
  }
  const w = median(warm), c = median(cold);
  extra.push([c - w, (c - w) / w]);
  console.log(name.slice(0, 43).padEnd(44) + w.toFixed(2).padStart(10) + c.toFixed(2).padStart(10)
    + (c - w).toFixed(2).padStart(10) + `${(100 * (c - w) / w).toFixed(1)}%`.padStart(9));
}
console.log(`median extra ${median(extra.map((e) => e[0])).toFixed(2)} ms, `
  + `${(100 * median(extra.map((e) => e[1]))).toFixed(1)}% over ${extra.length} files `
  + `(median of ${rep} pairs each)`);
