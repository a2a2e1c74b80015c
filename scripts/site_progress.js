// The static site's loading line: what really happens while Python starts in the browser, or what failed. The
// dashboard and the Practise page (Voici) and the notebook pages (the tutorials, the lab, JupyterLab) have it;
// `plan.page` says which.
//
// The build (scripts/build_site.py) puts before this script ATON_SITE_ROOT (the site's root, from this page)
// and fills in ATON_WORDS (the texts by language, from the message catalogs) and ATON_PLAN (the files the
// start needs, with their sizes, and the time limits). The steps, one after the other:
//   1. download: this page fetches the start's files itself, a few at a time, and counts their bytes (the
//      Python worker then finds them in the browser's cache). A file with no byte for `stall` seconds, or
//      refused, or answered with an error, stops the start: the line says which file, from where, why,
//      what to try, with a retry button. It never goes on "drawing" for ever.
//   2. python: every file is here; Python starts in the worker.
//   3. packages: Python runs (its sitecustomize posts "packages" on the BroadcastChannel) and loads its packages.
//   4. board (the dashboard) or page (the Practise page; `plan.last`): its first cell runs (it posts that step);
//      the line goes once the board's canvas (the Practise button: `plan.ready`) is there. A notebook page goes
//      once its notebook's kernel is idle; JupyterLab with no notebook open, once
//      the files are here (Python starts when a notebook opens).
// Every file is checked as it arrives: an answer of type text/html, or whose first bytes are not those of such a
// file (a filter's or a captive portal's block page answered "200"), stops the start at once, naming the file.
// Steps 2-4 have time limits too. Voici's own spinner is hidden: this is the only indicator.
(function () {
  const words = ATON_WORDS;
  const plan = ATON_PLAN;
  const root = typeof ATON_SITE_ROOT === 'string' ? ATON_SITE_ROOT : '';
  // the browser's language first (a French browser reads French first), then the others
  const wanted = (navigator.languages || [navigator.language || '']).map((tag) => String(tag).slice(0, 2));
  const rank = (lang) => (wanted.indexOf(lang) < 0 ? wanted.length : wanted.indexOf(lang));
  const languages = Object.keys(words).sort((a, b) => rank(a) - rank(b));
  // a browser that started this build before has its files in the cache: no "the first visit takes longest"
  const VISITED = 'aton-site-started';
  const build = plan.files.map((file) => file.url).find((url) => url.endsWith('pyodide-lock.json')) || '';
  let later = false;
  try {
    later = window.localStorage.getItem(VISITED) === build;
  } catch (error) {
    later = false;
  }
  const notebookPage = plan.page === 'notebook';
  const asked = new URLSearchParams(window.location.search).has('path'); // read now: the app rewrites the address
  const last = plan.last || 'board';
  const STEPS = notebookPage ? ['download', 'python', 'packages'] : ['download', 'python', 'packages', last];
  const started = performance.now();
  let step = 0;
  let stepStarted = started;
  let failure = null;
  let finished = false;
  let received = 0;
  let total = plan.files.reduce((sum, file) => sum + (file.bytes || 0), 0);
  // the page's own files (its scripts, styles and fonts) count too, as the browser reports them
  const planned = new Set();
  const counted = new Set();
  function countPageFile(entry) {
    if (planned.has(entry.name) || counted.has(entry.name)) return;
    counted.add(entry.name);
    const bytes = entry.decodedBodySize || 0;
    received += bytes;
    total += bytes;
  }

  const style = document.createElement('style');
  style.textContent =
    '#loading{display:none!important}' +
    '#aton-site-progress{position:fixed;top:0;left:0;right:0;z-index:10000;padding:0.6em 1em;' +
    'font:15px/1.4 sans-serif;background:#1f4e79;color:#fff;text-align:center}' +
    '#aton-site-progress progress{width:min(30em,90%);height:0.8em;margin:0.3em 0}' +
    '#aton-site-progress.aton-failed{background:#8b1a1a;text-align:left}' +
    '#aton-site-progress.aton-failed section{max-width:46em;margin:0 auto 0.8em auto}' +
    '#aton-site-progress button{font:inherit;padding:0.3em 1em;margin-top:0.3em;cursor:pointer}';
  const box = document.createElement('div');
  box.id = 'aton-site-progress';
  box.setAttribute('role', 'status');
  box.setAttribute('aria-live', 'polite');
  const bar = document.createElement('progress');
  bar.max = 1;

  function fill(text, fields) {
    return text.replace(/\{(\w+)\}/g, (whole, name) => (name in fields ? String(fields[name]) : whole));
  }
  function megabytes(bytes, lang) {
    return (bytes / 1e6).toLocaleString(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  }
  function seconds() {
    return Math.floor((performance.now() - started) / 1000);
  }

  function show() {
    if (finished) return;
    if (failure) {
      showFailure();
      return;
    }
    const name = STEPS[step];
    bar.value = name === 'download' ? (total ? Math.min(received / total, 1) : 0) : 1;
    box.dataset.step = name;
    const lines = languages.map((lang) => {
      const line = document.createElement('div');
      line.lang = lang;
      const fields = { done: megabytes(Math.min(received, total), lang), total: megabytes(total, lang) };
      line.textContent =
        fill(words[lang][name], fields) +
        '\u2026 ' +
        fill(words[lang][later ? 'note_later' : 'note'], { seconds: String(seconds()) });
      return line;
    });
    box.replaceChildren(lines[0], bar, ...lines.slice(1));
  }

  let shownFailure = false;
  function showFailure() {
    if (shownFailure) return;
    shownFailure = true;
    box.className = 'aton-failed';
    box.dataset.step = 'failed';
    box.setAttribute('role', 'alert');
    box.replaceChildren(
      ...languages.map((lang) => {
        const section = document.createElement('section');
        section.lang = lang;
        const said = words[lang];
        const what = document.createElement('p');
        const title = document.createElement('b');
        title.textContent = said.fail_title + ' ';
        let reason = '';
        if (failure.kind === 'file') {
          const why = fill(said['why_' + failure.why], { seconds: plan.limits.stall, status: failure.status });
          reason = fill(said.fail_file, { file: failure.file, host: failure.host, reason: why });
        } else {
          reason = fill(said['fail_' + failure.kind], { seconds: failure.seconds });
        }
        what.append(title, document.createTextNode(reason));
        const help = document.createElement('p');
        help.textContent = said.try;
        const retry = document.createElement('button');
        retry.type = 'button';
        retry.className = 'aton-site-retry';
        retry.textContent = said.retry;
        retry.addEventListener('click', () => window.location.reload());
        section.append(what, help, retry);
        return section;
      }),
    );
  }

  function fail(details) {
    if (failure || finished) return;
    failure = details;
    show();
  }

  function reach(name) {
    const index = STEPS.indexOf(name);
    if (index > step && !failure) {
      step = index;
      stepStarted = performance.now();
      show();
    }
  }

  // what each kind of file begins with; a block page (HTML, whatever its type says) begins otherwise
  function looksRight(name, bytes) {
    const start = (count) => String.fromCharCode(...bytes.slice(0, count));
    if (/\.wasm$/.test(name)) return start(4) === '\0asm';
    if (/\.(whl|zip)$/.test(name)) return start(2) === 'PK';
    const text = start(Math.min(bytes.length, 64)).replace(/^\uFEFF?\s*/, '');
    if (/\.json$/.test(name)) return text.startsWith('{') || text.startsWith('[');
    return !text.startsWith('<');
  }

  // 1. the files, a few at a time (a queued request's clock must not run), each with its own time limit
  function address(url) {
    return /^[a-z]+:/.test(url) ? url : root + url;
  }
  async function fetchFile(file) {
    const url = new URL(address(file.url), document.baseURI);
    planned.add(url.href);
    const controller = new AbortController();
    let timer = 0;
    let why = 'refused';
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        why = 'stalled';
        controller.abort();
      }, plan.limits.stall * 1000);
    };
    let got = 0;
    arm();
    try {
      const response = await fetch(url.href, { signal: controller.signal, credentials: 'same-origin' });
      if (!response.ok) {
        const name = url.pathname.split('/').pop();
        fail({ kind: 'file', why: 'status', status: response.status, file: name, host: url.host });
        return;
      }
      const type = (response.headers.get('content-type') || '').toLowerCase();
      const name = url.pathname.split('/').pop();
      if (type.startsWith('text/html') && !/\.html?$/.test(name)) {
        fail({ kind: 'file', why: 'not_file', file: name, host: url.host });
        controller.abort();
        return;
      }
      if (file.bytes === null) {
        const length = Number(response.headers.get('content-length')) || 0;
        file.bytes = length;
        total += length;
      }
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (got === 0 && value.length && !looksRight(name, value)) {
          fail({ kind: 'file', why: 'not_file', file: name, host: url.host });
          controller.abort();
          return;
        }
        arm();
        got += value.length;
        received += value.length;
        show();
      }
      if (file.bytes && got < file.bytes) received += file.bytes - got; // what a compressed answer saved
    } catch (error) {
      fail({ kind: 'file', why, file: url.pathname.split('/').pop(), host: url.host });
    } finally {
      clearTimeout(timer);
    }
  }
  async function download() {
    for (const file of plan.files) planned.add(new URL(address(file.url), document.baseURI).href);
    try {
      performance.getEntriesByType('resource').forEach(countPageFile);
      new PerformanceObserver((list) => list.getEntries().forEach(countPageFile)).observe({ type: 'resource' });
    } catch (error) {
      // no Resource Timing: the line counts the start's files only
    }
    const queue = plan.files.slice();
    const worker = async () => {
      while (queue.length && !failure) await fetchFile(queue.shift());
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    if (!failure) reach('python');
  }

  // 2-4. what Python says from the worker, and the board
  let channel = null;
  try {
    channel = new BroadcastChannel(plan.channel);
    channel.onmessage = (event) => reach(event.data);
  } catch (error) {
    channel = null; // no BroadcastChannel: the line goes from "python" to the board's canvas
  }
  function drawn() {
    if (!notebookPage) return document.querySelector(plan.ready || '.aton-dashboard canvas');
    // the notebook's kernel idle, once Python ran in this page (the indicator says "idle" for a moment
    // before any kernel, too)
    const ran = STEPS[step] === 'packages' || (!channel && step > 0);
    if (ran && document.querySelector('.jp-Notebook-ExecutionIndicator[data-status="idle"]')) return true;
    // JupyterLab with no notebook open (none asked in the address, none shown 5 s after the files came): nothing
    // starts Python until a notebook opens, and its files are in the cache by then
    const waited = (performance.now() - stepStarted) / 1000;
    return !asked && step > 0 && waited > 5 && !document.querySelector('.jp-NotebookPanel');
  }
  function tick() {
    if (finished) return;
    // JupyterLab's apps build their page anew as they start: the line (and its style) must stay
    if (!box.isConnected && document.body) document.body.prepend(box);
    if (!style.isConnected) (document.head || document.documentElement).appendChild(style);
    if (drawn()) {
      finished = true;
      try {
        window.localStorage.setItem(VISITED, build);
      } catch (error) {
        // no storage: the next visit says "the first visit takes longest" again
      }
      box.remove();
      if (channel) channel.close();
      return;
    }
    const waited = (performance.now() - stepStarted) / 1000;
    const name = STEPS[step];
    if ((name === 'python' || name === 'packages') && waited > plan.limits.start) {
      fail({ kind: 'start', seconds: plan.limits.start });
    } else if (name === last && !notebookPage && waited > plan.limits.board) {
      fail({ kind: last, seconds: plan.limits.board });
    }
    show();
    setTimeout(tick, 500);
  }

  function begin() {
    document.body.prepend(box);
    show();
    tick();
  }
  (document.head || document.documentElement).appendChild(style); // before Voici's spinner is even parsed
  download();
  if (document.body) begin();
  else document.addEventListener('DOMContentLoaded', begin);
})();
