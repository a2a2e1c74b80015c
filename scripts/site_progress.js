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
  const steps = [
    [0, 'Loading the page'],
    [2, 'Starting Python in your browser'],
    [6, 'Installing Aton in this tab'],
    [12, 'Drawing the board'],
  ];
  function say() {
    const seconds = (performance.now() - start) / 1000;
    let text = steps[0][1];
    for (const [after, words] of steps) if (seconds >= after) text = words;
    box.textContent = text + '\u2026 ' + Math.floor(seconds) + ' s (the first visit takes longest; nothing is installed on your computer)';
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
