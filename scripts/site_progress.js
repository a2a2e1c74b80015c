// Start-up progress for the static dashboard: Python starts in the browser (Pyodide), which takes a while
// on a first visit. A line at the top says what happens and for how long; it goes once the board is drawn.
(function () {
  const box = document.createElement('div');
  box.id = 'aton-site-progress';
  box.setAttribute('role', 'status');
  box.style.cssText =
    'position:fixed;top:0;left:0;right:0;z-index:10000;padding:0.6em 1em;font:15px sans-serif;' +
    'background:#1f4e79;color:#fff;text-align:center';
  const start = performance.now();
  // The build puts the words here from the message catalogs: the second each step begins, the steps' texts
  // and a note, by language. The page's language is not known yet: every language shows, a line each.
  const words = ATON_WORDS;
  const languages = Object.keys(words.text);
  function say() {
    const seconds = (performance.now() - start) / 1000;
    let step = 0;
    words.steps.forEach((after, index) => {
      if (seconds >= after) step = index;
    });
    box.replaceChildren(
      ...languages.map((lang) => {
        const line = document.createElement('div');
        line.lang = lang;
        line.textContent =
          words.text[lang][step] + '\u2026 ' + words.note[lang].replace('{seconds}', String(Math.floor(seconds)));
        return line;
      }),
    );
  }
  function done() {
    return document.querySelector('.aton-dashboard canvas');
  }
  function tick() {
    if (done()) {
      box.remove();
      return;
    }
    say();
    setTimeout(tick, 500);
  }
  function show() {
    document.body.appendChild(box);
    tick();
  }
  if (document.body) show();
  else document.addEventListener('DOMContentLoaded', show);
})();
