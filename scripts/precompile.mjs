// Compile Python sources to .pyc with Pyodide's own interpreter (build time).
//
// Usage: node scripts/precompile.mjs PYODIDE_DIR TREE_DIR
//
// The host's CPython cannot write bytecode for Pyodide's Python (a different
// minor version has a different magic number and opcode set), so build.py
// runs Pyodide itself under Node.  TREE_DIR is mounted into Pyodide's
// filesystem and every .py under it gets a "legacy" .pyc beside it (foo.py ->
// foo.pyc), the layout a sourceless import from a zip or directory reads.
// Hash-based unchecked pycs do not record the source mtime, so the output is
// the same for the same sources.  The Python run here is a fixed program; the
// tree's path reaches it as a function argument, never as source text.
//
// The standard library too: Pyodide's python_stdlib.zip holds .py sources
// only, and the worker compiled the modules our code imports that Pyodide's
// start-up had not (fractions, statistics, uuid, xml.dom.minidom for pypdf's
// XMP, ...) on every visit, about 0.15 s.  Those modules, found by importing
// pyengine.web and every standard module the tree's sources name (the
// command line's aside), get a .pyc in the tree (a package whole, so that none of its submodules is
// missing there); the worker puts the tree first on sys.path.  Modules
// Pyodide imported before ours, and their packages, stay where they are.
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, treeDir] = process.argv.slice(2);
if (!pyodideDir || !treeDir) {
  console.error("usage: node precompile.mjs PYODIDE_DIR TREE_DIR");
  process.exit(2);
}

const { loadPyodide } = await import(
  pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir.replace(/\/?$/, "/") });
pyodide.FS.mkdirTree("/tree");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(treeDir) }, "/tree");
const compileTree = pyodide.runPython(`
import ast, compileall, importlib, importlib.util, os, py_compile, sys, zipfile

HASH_PYC = py_compile.PycInvalidationMode.UNCHECKED_HASH


def stdlib_zip():
    return next(p for p in sys.path if p.endswith(".zip") and os.path.basename(p).startswith("python"))


CLI_ONLY = ("pyengine/cli.py", "pyengine/__main__.py")
"""Sources the worker never runs: the command line (argparse, gettext)."""


def named_in(root):
    """The top-level standard modules that the sources under root import."""
    names = set()
    for folder, _, files in os.walk(root):
        for f in files:
            rel = os.path.relpath(os.path.join(folder, f), root)
            if not f.endswith(".py") or rel in CLI_ONLY:
                continue
            with open(os.path.join(folder, f), "rb") as fh:
                tree = ast.parse(fh.read())
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    names.update(a.name.split(".")[0] for a in node.names)
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names.add(node.module.split(".")[0])
    return sorted(n for n in names if n in sys.stdlib_module_names)


def stdlib_used(root, boot):
    """Names of the top-level standard modules and packages, loaded from the
    stdlib zip after start-up, that the tree's code imports."""
    sys.dont_write_bytecode = True
    sys.path.insert(0, root)
    for name in named_in(root):
        try:
            importlib.import_module(name)
        except Exception:
            pass
    importlib.import_module("pyengine.web")
    sys.path.remove(root)
    where = stdlib_zip() + "/"
    tops = set()
    for name, module in list(sys.modules.items()):
        top = name.split(".")[0]
        if top in boot:
            continue
        if str(getattr(module, "__file__", "") or "").startswith(where):
            tops.add(top)
    return sorted(tops)


def compile_stdlib(root, tops):
    """A hash-based .pyc in root for each module of these top-level names."""
    written = 0
    where = stdlib_zip()
    with zipfile.ZipFile(where) as zf:
        for member in sorted(zf.namelist()):
            if not member.endswith(".py") or member.split("/")[0].removesuffix(".py") not in tops:
                continue
            source = zf.read(member)
            code = compile(source, where + "/" + member, "exec", dont_inherit=True)
            data = importlib._bootstrap_external._code_to_hash_pyc(
                code, importlib.util.source_hash(source), checked=False)
            target = os.path.join(root, member[:-3] + ".pyc")
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "wb") as fh:
                fh.write(data)
            written += 1
    return written


def compile_tree(root):
    boot = set(sys.modules)
    ok = compileall.compile_dir(root, quiet=1, legacy=True, workers=1, invalidation_mode=HASH_PYC)
    tops = stdlib_used(root, boot)
    count = compile_stdlib(root, tops)
    return sys.version.split()[0], bool(ok), ", ".join(tops), count

compile_tree
`);
const [version, ok, tops, count] = compileTree("/tree").toJs();
console.log(`compiled with Python ${version}: ${ok ? "ok" : "FAILED"}`);
console.log(`standard modules compiled: ${count} files of ${tops}`);
process.exit(ok ? 0 : 1);
