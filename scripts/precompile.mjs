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
import compileall, py_compile, sys

def compile_tree(root):
    ok = compileall.compile_dir(
        root, quiet=1, legacy=True, workers=1,
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    return sys.version.split()[0], bool(ok)

compile_tree
`);
const [version, ok] = compileTree("/tree").toJs();
console.log(`compiled with Python ${version}: ${ok ? "ok" : "FAILED"}`);
process.exit(ok ? 0 : 1);
