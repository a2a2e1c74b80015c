// Compile Python files to bytecode with the browser's own Python (Pyodide, under Node), so that a page
// imports them without compiling them first.
//
//   node scripts/compile_wheels.mjs PYODIDE_DIR FOLDER [--stdlib]
//
// PYODIDE_DIR holds Pyodide's core files (pyodide.mjs and what it loads), FOLDER the unpacked wheels, or
// with --stdlib the unpacked standard library (python_stdlib.zip). Bytecode is marked "unchecked hash":
// Python uses it without reading the source, which stays for tracebacks. Wheels get the usual
// __pycache__/*.cpython-3XX.pyc; the standard library, imported from its zip file, gets module.pyc beside
// module.py (the only place the zip importer looks), named as the module will be in the browser.
// scripts/build_site.py calls this; use it from there.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [pyodideDir, folder, mode] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(path.resolve(pyodideDir), 'pyodide.mjs')).href);
const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideDir) + path.sep });
pyodide.FS.mkdirTree('/work');
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(folder) }, '/work');
pyodide.globals.set('stdlib', mode === '--stdlib');
const compiled = pyodide.runPython(`
import compileall, pathlib, py_compile, sys
unchecked = py_compile.PycInvalidationMode.UNCHECKED_HASH
if stdlib:
    (zipped,) = [entry for entry in sys.path if entry.endswith(".zip")]
    for source in sorted(pathlib.Path("/work").rglob("*.py")):
        name = source.relative_to("/work").as_posix()
        try:
            py_compile.compile(
                str(source), str(source.with_suffix(".pyc")), f"{zipped}/{name}", doraise=True, invalidation_mode=unchecked
            )
        except py_compile.PyCompileError:
            pass  # a file that is not Python of this version (test data): imported as it is, if ever
else:
    compileall.compile_dir("/work", quiet=2, invalidation_mode=unchecked)
len(list(pathlib.Path("/work").rglob("*.pyc")))
`);
console.error(`compile_wheels: ${compiled} modules compiled by Python ${pyodide.runPython('import sys; sys.version.split()[0]')}`);
