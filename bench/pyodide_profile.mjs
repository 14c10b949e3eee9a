// Profile or time pyengine inside Pyodide (the browser's runtime) under Node.
//
// Usage (after `python build.py`, which makes site/ with the runtime):
//   node bench/pyodide_profile.mjs profile|time|stages|cold|webprofile|webtime FILELIST [REPEAT] [REPO] [CORPUS]
//
// FILELIST names corpus files without ".pdf", separated by white space.
// REPO (default: this repository) is the source tree whose pyengine runs,
// with its pyengine/_data; pypdf comes from this repository's site/ bundle.
// CORPUS (default ../shared/corpus) holds pdfs/ and manifest.json
// (passwords).  "profile": cProfile over REPEAT passes, top 45 by own time
// (SORT=cumulative and TOPN=100 in the environment change the order and
// the count).
// "time": per file the best ms/page of REPEAT passes, then the median.
// "stages": per file, the time of each stage of an extract (open, fonts,
// content parsing, forms, the rest of interpretation, layout, verdict,
// finish) as a share of the file's time, best of REPEAT passes, then each
// stage's share averaged over the files, each file weighing the same (as the
// median of per-file ratios that issue 6 targets does; a cProfile sums
// time, so long files outweigh the rest).
// "cold": per file, the time of an extract right after another of the same
// bytes ("warm") and after a walk over a buffer larger than the machine's
// caches ("cold": the runtime's code and objects no longer in them, as in
// the browser when pdf.js or another file ran between two files), the
// median of REPEAT pairs each; then the median over files of the extra
// time cold costs.  The walk and the two runs are timed apart.
// "webprofile" and "webtime" do the same for the app's worker: its Python
// (pyengine.web.extract, reading alone) with a post that only keeps the
// messages; "webtime" also times pyengine.extract alone in the same passes
// and gives the worker's own share (web / extract - 1) per file.
// Node's Pyodide runs our code within about 10% of Chromium's worker (the
// 40 files of bench.browser: 15.5 against 13.7 ms/page), so this is where to
// profile for the browser.  There is no WebCrypto here: AES files use the
// pure-Python AES and are slower than in the page.
// With CLOCK=cpu in the environment, times are Node's CPU time
// (process.cpuUsage, all of its threads) rather than the wall clock: on a
// machine shared with other work, the wall clock of the same run moves by
// 2x, its CPU time by a few percent.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { coldWalker } from "./coldwalk.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");
const [mode, list, rep = "1", repo = root,
  corpus = path.resolve(root, "..", "shared", "corpus")] = process.argv.slice(2);
if (!["profile", "time", "stages", "cold", "webprofile", "webtime"].includes(mode) || !list) {
  console.error("usage: node bench/pyodide_profile.mjs profile|time|stages|cold|webprofile|webtime "
    + "FILELIST [REPEAT] [REPO] [CORPUS]");
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
py.globals.set("SORT", process.env.SORT ?? "tottime");
py.globals.set("TOPN", Number(process.env.TOPN ?? 45));
py.globals.set("REPEAT", Number(rep));
py.globals.set("CPU_MS", process.env.CLOCK === "cpu" ? () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
} : undefined);
py.globals.set("COLD_WALK", mode === "cold" ? coldWalker() : undefined);
py.runPython(`
import sys
sys.path[:0] = ["/repo", "/bundle"]   # our source first, pypdf from the bundle
import cProfile, io, json, pstats, statistics, time
import pyengine

clock = CPU_MS if CPU_MS is not None else lambda: time.perf_counter() * 1000

PASSWORDS = {e["file"][:-4]: e.get("password") or ""
             for e in json.load(open("/corpus/manifest.json"))}

def extract(name):
    data = open(f"/corpus/pdfs/{name}.pdf", "rb").read()
    t = clock()
    doc = pyengine.extract(data, pyengine.Options(password=PASSWORDS.get(name, "")))
    return clock() - t, max(doc.page_count, 1)

class Bytes:
    """What a JS Uint8Array is to the worker's Python: to_bytes()."""
    def __init__(self, data):
        self.data = data
    def to_bytes(self):
        return self.data

def web_extract(name):
    from pyengine import web
    posted = []
    web._msg.clear()     # as web.init, with data files read from REPO's source
    web._msg.update({k: k.lower() for k in ("STARTED", "PAGE", "DONE", "ERROR")})
    web._post = posted.append
    data = open(f"/corpus/pdfs/{name}.pdf", "rb").read()
    t = clock()
    job = web.extract(1, Bytes(data), PASSWORDS.get(name, ""), "{}", None)
    try:                 # reading alone, it only awaits asyncio.sleep(0)
        while True:
            job.send(None)
    except StopIteration:
        pass
    ms = clock() - t
    kind = json.loads(posted[0])["type"]
    pages = json.loads(posted[0]).get("pageCount", 1) if kind == "started" else 1
    return ms, max(pages, 1)

run = web_extract if MODE.startswith("web") else extract

print("pyengine from", pyengine.__file__)
for name in FILES[:2]:
    run(name)                      # imports and first-call costs out of the way
if MODE.endswith("profile"):
    prof = cProfile.Profile()
    prof.enable()
    for _ in range(REPEAT):
        for name in FILES:
            run(name)
    prof.disable()
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats(SORT).print_stats(TOPN)
    print(out.getvalue())
elif MODE == "stages":
    from pyengine import api, interpreter
    spent = {}

    def timed(owner, name, label):
        """Wrap owner.name so its time adds to spent[label], counted once
        when it is re-entered (a form within a form)."""
        inner = getattr(owner, name)
        depth = [0]

        def wrapper(*args, **kwargs):
            depth[0] += 1
            t = clock()
            try:
                return inner(*args, **kwargs)
            finally:
                depth[0] -= 1
                if not depth[0]:
                    spent[label] = spent.get(label, 0.0) + clock() - t
        setattr(owner, name, wrapper)

    timed(api.docmod, "open_document", "open")
    timed(api, "run_page", "interpret")
    timed(interpreter._Interpreter, "_font", "fonts")
    timed(interpreter._Interpreter, "compile", "parse")
    timed(api, "build_layout", "layout")
    timed(api, "page_verdict", "verdict")
    timed(api.Session, "finish", "finish")
    STAGES = ("open", "fonts", "parse", "interpret", "layout", "verdict", "finish", "other")
    best = {}
    for _ in range(REPEAT):
        for name in FILES:
            spent.clear()
            ms, pages = run(name)
            if name in best and best[name][0] <= ms:
                continue
            part = dict(spent)
            # interpret holds fonts and parse (run_page calls them): its own rest
            part["interpret"] = part.get("interpret", 0.0) - part.get("fonts", 0.0) \
                - part.get("parse", 0.0)
            part["other"] = ms - sum(part.values())
            best[name] = (ms, part)
    print("file".ljust(44) + "ms".rjust(9) + "".join(s.rjust(10) for s in STAGES))
    for name in FILES:
        ms, part = best[name]
        print(name[:43].ljust(44) + f"{ms:9.2f}" + "".join(
            f"{100 * part.get(s, 0.0) / ms:9.1f}%" for s in STAGES))
    print("mean share".ljust(53) + "".join(
        f"{100 * statistics.mean(p.get(s, 0.0) / ms for ms, p in best.values()):9.1f}%"
        for s in STAGES) + f"  over {len(best)} files, each weighing the same")
elif MODE == "cold":
    warm, cold = {}, {}
    for _ in range(REPEAT):
        for name in FILES:
            run(name)                          # its bytes read once: warm
            ms, pages = run(name)
            warm.setdefault(name, []).append(ms)
            COLD_WALK()
            ms, pages = run(name)
            cold.setdefault(name, []).append(ms)
    extra = {}
    print("file".ljust(44) + "warm ms".rjust(10) + "cold ms".rjust(10) + "extra ms".rjust(10) + "extra".rjust(9))
    for name in FILES:
        w, c = statistics.median(warm[name]), statistics.median(cold[name])
        extra[name] = (c - w, (c - w) / w)
        print(name[:43].ljust(44) + f"{w:10.2f}{c:10.2f}{c - w:10.2f}{100 * (c - w) / w:8.1f}%")
    print(f"median extra {statistics.median(v[0] for v in extra.values()):.2f} ms, "
          f"{100 * statistics.median(v[1] for v in extra.values()):.1f}% over {len(extra)} files "
          f"(median of {REPEAT} pairs each)")
elif MODE == "time":
    best = {}
    for _ in range(REPEAT):
        for name in FILES:
            ms, pages = run(name)
            best[name] = min(best.get(name, ms / pages), ms / pages)
    print(json.dumps({k: round(v, 3) for k, v in best.items()}))
    print(f"median ms/page {statistics.median(best.values()):.2f} over {len(best)} files")
else:
    best, alone = {}, {}
    for _ in range(REPEAT):
        for name in FILES:
            for kept, how in ((best, web_extract), (alone, extract)):
                ms, pages = how(name)
                kept[name] = min(kept.get(name, ms / pages), ms / pages)
    for name in FILES:
        print(f"{name}: web {best[name]:.2f} extract {alone[name]:.2f} ms/page "
              f"(+{100 * (best[name] / alone[name] - 1):.1f}%)")
    print(f"median ms/page web {statistics.median(best.values()):.2f} "
          f"extract {statistics.median(alone.values()):.2f} over {len(best)} files")
`);
