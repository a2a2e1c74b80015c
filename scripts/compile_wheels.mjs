// Compile the Python files of unpacked wheels to bytecode with the browser's own Python (Pyodide, under Node),
// so that a page imports them without compiling them first.
//
//   node scripts/compile_wheels.mjs PYODIDE_DIR FOLDER
//
// PYODIDE_DIR holds Pyodide's core files (pyodide.mjs and what it loads), FOLDER the unpacked wheels. Each
// module gets a __pycache__/*.cpython-3XX.pyc beside it, marked "unchecked hash": Python uses it without
// reading the source, which stays for tracebacks. scripts/build_site.py calls this; use it from there.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [pyodideDir, folder] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(path.resolve(pyodideDir), 'pyodide.mjs')).href);
const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideDir) + path.sep });
pyodide.FS.mkdirTree('/wheels');
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(folder) }, '/wheels');
const compiled = pyodide.runPython(`
import compileall, pathlib, py_compile
compileall.compile_dir("/wheels", quiet=2, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
len(list(pathlib.Path("/wheels").rglob("*.pyc")))
`);
console.error(`compile_wheels: ${compiled} modules compiled by Python ${pyodide.runPython('import sys; sys.version.split()[0]')}`);
