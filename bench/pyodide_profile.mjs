// Profile or time pyengine inside Pyodide (the browser's runtime) under Node.
//
// Usage (after `python build.py`, which makes site/ with the runtime):
//   node bench/pyodide_profile.mjs profile|time FILELIST [REPEAT] [REPO] [CORPUS]
//
// FILELIST names corpus files without ".pdf", separated by white space.
// REPO (default: this repository) is the source tree whose pyengine runs,
// with its pyengine/_data; pypdf comes from this repository's site/ bundle.
// CORPUS (default ../shared/corpus) holds pdfs/ and manifest.json
// (passwords).  "profile": cProfile over REPEAT passes, top 45 by own time.
// "time": per file the best ms/page of REPEAT passes, then the median.
// Node's Pyodide runs our code within about 10% of Chromium's worker (the
// 40 files of bench.browser: 15.5 against 13.7 ms/page), so this is where to
// profile for the browser.  There is no WebCrypto here: AES files use the
// pure-Python AES and are slower than in the page.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");
const [mode, list, rep = "1", repo = root,
  corpus = path.resolve(root, "..", "shared", "corpus")] = process.argv.slice(2);
if (!["profile", "time"].includes(mode) || !list) {
  console.error("usage: node bench/pyodide_profile.mjs profile|time FILELIST [REPEAT] [REPO] [CORPUS]");
  process.exit(2);
}
const site = path.join(root, "site");
const { loadPyodide } = await import(pathToFileURL(path.join(site, "pyodide", "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: path.join(site, "pyodide") + "/" });
for (const [dir, at] of [[path.resolve(repo), "/repo"], [path.resolve(corpus), "/corpus"]]) {
  py.FS.mkdirTree(at);
  py.FS.mount(py.FS.filesystems.NODEFS, { root: dir }, at);
}
const manifest = JSON.parse(fs.readFileSync(path.join(site, "py", "manifest.json"), "utf8"));
const bundle = manifest.bundle.archives[0].file;
py.unpackArchive(new Uint8Array(fs.readFileSync(path.join(site, "py", bundle))), "zip",
  { extractDir: "/bundle" });
py.globals.set("FILES", py.toPy(fs.readFileSync(list, "utf8").split(/\s+/).filter(Boolean)));
py.globals.set("MODE", mode);
py.globals.set("REPEAT", Number(rep));
py.runPython(`
import sys
sys.path[:0] = ["/repo", "/bundle"]   # our source first, pypdf from the bundle
import cProfile, io, json, pstats, statistics, time
import pyengine

PASSWORDS = {e["file"][:-4]: e.get("password") or ""
             for e in json.load(open("/corpus/manifest.json"))}

def run(name):
    data = open(f"/corpus/pdfs/{name}.pdf", "rb").read()
    t = time.perf_counter()
    doc = pyengine.extract(data, pyengine.Options(password=PASSWORDS.get(name, "")))
    return (time.perf_counter() - t) * 1000, max(doc.page_count, 1)

print("pyengine from", pyengine.__file__)
for name in FILES[:2]:
    run(name)                      # imports and first-call costs out of the way
if MODE == "profile":
    prof = cProfile.Profile()
    prof.enable()
    for _ in range(REPEAT):
        for name in FILES:
            run(name)
    prof.disable()
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(45)
    print(out.getvalue())
else:
    best = {}
    for _ in range(REPEAT):
        for name in FILES:
            ms, pages = run(name)
            best[name] = min(best.get(name, ms / pages), ms / pages)
    print(json.dumps({k: round(v, 3) for k, v in best.items()}))
    print(f"median ms/page {statistics.median(best.values()):.2f} over {len(best)} files")
`);
