// Run Python in Pyodide (WebAssembly) under Node: the project's wheel and the test wheels are installed
// with micropip, then the engine's tests or an `aton` command (`aton bench`, say) run there.
//
//   node scripts/pyodide_tests.mjs PYODIDE_DIR WHEELS_DIR ROOT test|aton [arguments...]
//
// PYODIDE_DIR holds Pyodide (pyodide.mjs, its lock and micropip), WHEELS_DIR the wheels to install,
// ROOT the project (its tests/ and docs/ are mounted at /work). scripts/pyodide_tests.py prepares
// both folders from the registries; use it rather than this file directly.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [pyodideDir, wheelsDir, rootDir, mode, ...args] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(path.resolve(pyodideDir), 'pyodide.mjs')).href);

// An error inside Pyodide carries its (minified) source line: say only the message.
process.on('uncaughtException', (error) => {
  console.error(`pyodide_tests: ${String(error && error.message ? error.message : error).slice(-4000)}`);
  process.exit(1);
});
process.on('unhandledRejection', (error) => {
  console.error(`pyodide_tests: ${String(error && error.message ? error.message : error).slice(-4000)}`);
  process.exit(1);
});

const started = performance.now();
const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideDir) + path.sep });
await pyodide.loadPackage('micropip', { messageCallback: () => {} });
pyodide.FS.mkdirTree('/wheels');
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(wheelsDir) }, '/wheels');
for (const folder of ['tests', 'docs']) {
  // Only the tests and the pages they read: the engine itself comes from the installed wheel.
  pyodide.FS.mkdirTree(`/work/${folder}`);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.join(path.resolve(rootDir), folder) }, `/work/${folder}`);
}
await pyodide.runPythonAsync(`
import os, micropip
await micropip.install(["emfs:/wheels/" + name for name in sorted(os.listdir("/wheels"))], deps=False)
os.chdir("/work")
`);
console.error(`pyodide_tests: Python ${pyodide.runPython('import sys; sys.version.split()[0]')} on ` +
  `${pyodide.runPython('import sys; sys.platform')} ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);

pyodide.globals.set('arguments', pyodide.toPy(args));
let code;
if (mode === 'test') {
  code = pyodide.runPython('import pytest; int(pytest.main(list(arguments)))');
} else if (mode === 'aton') {
  code = pyodide.runPython('from aton.cli import main; int(main(list(arguments)) or 0)');
} else {
  console.error(`pyodide_tests: the mode is test or aton, not ${mode}`);
  code = 2;
}
process.exit(code);
