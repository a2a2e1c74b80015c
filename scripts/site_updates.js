// The static site's notebook pages: a notebook this browser keeps a copy of, while the site has a newer version.
//
// JupyterLite keeps a notebook a student has worked in (saved, or autosaved every two minutes) in the browser's
// own storage (IndexedDB), and from then on opens that copy whatever the site holds. The build (build_site.py)
// writes each notebook's version in its metadata (`aton.site_version`) and every version in
// `notebook-versions.json`; when the copy's version is not the site's, this script says so above the notebook,
// in every language, with two buttons: "Open the new version" (the copy is kept under another name, "... (my
// copy).ipynb", and the page opens the site's version) or "Keep my copy" (not asked again for this version).
// The notebooks app opens one notebook (?path=): that one is checked. JupyterLab (ATON_UPDATE_EVERY) opens
// notebooks in tabs, restored from its last visit or chosen in its file browser: every copy this browser keeps
// is checked as the page opens, and the banner tells them one after the other.
// ATON_SITE_ROOT (the site's root, from this page) comes before this script; ATON_UPDATE_WORDS is filled in.
(function () {
  const words = ATON_UPDATE_WORDS;
  const root = typeof ATON_SITE_ROOT === 'string' ? ATON_SITE_ROOT : '';
  const asked = new URLSearchParams(window.location.search).get('path');
  const every = typeof ATON_UPDATE_EVERY !== 'undefined' && ATON_UPDATE_EVERY === true;
  if ((!asked && !every) || !window.indexedDB) return;
  const wanted = (navigator.languages || [navigator.language || '']).map((tag) => String(tag).slice(0, 2));
  const rank = (lang) => (wanted.indexOf(lang) < 0 ? wanted.length : wanted.indexOf(lang));
  const languages = Object.keys(words).sort((a, b) => rank(a) - rank(b));
  const storage = 'JupyterLite Storage - ' + new URL(root, window.location.href).pathname;
  const KEEP = 'aton-keep-my-copy:';

  function request(r) {
    return new Promise((resolve, reject) => {
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
  }
  function openStorage() {
    return new Promise((resolve, reject) => {
      const r = indexedDB.open(storage);
      r.onupgradeneeded = () => {
        r.transaction.abort(); // no storage yet: nothing kept, and nothing to create here
      };
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => resolve(null);
    });
  }
  function copyName(name, taken) {
    const stem = name.replace(/\.ipynb$/, '');
    for (let n = 1; ; n++) {
      const mine = words[languages[0]].mine + (n === 1 ? '' : ' ' + n);
      const candidate = `${stem} (${mine}).ipynb`;
      if (!taken.has(candidate)) return candidate;
    }
  }

  async function openNewVersion(db, copy, path) {
    const folder = path.includes('/') ? path.slice(0, path.lastIndexOf('/') + 1) : '';
    const keys = await request(db.transaction('files').objectStore('files').getAllKeys());
    const taken = new Set(keys.filter((key) => key.startsWith(folder)).map((key) => key.slice(folder.length)));
    const name = copyName(copy.name, taken);
    const stores = Array.from(db.objectStoreNames).filter((store) => store === 'files' || store === 'checkpoints');
    const moving = db.transaction(stores, 'readwrite');
    moving.objectStore('files').put({ ...copy, name, path: folder + name }, folder + name);
    moving.objectStore('files').delete(path);
    if (stores.includes('checkpoints')) moving.objectStore('checkpoints').delete(path);
    await new Promise((resolve, reject) => {
      moving.oncomplete = resolve;
      moving.onerror = () => reject(moving.error);
    });
    window.location.reload();
  }

  function show(db, copy, version, path, next) {
    const box = document.createElement('div');
    box.id = 'aton-site-update';
    box.setAttribute('role', 'alert');
    box.style.cssText =
      'position:fixed;bottom:0;left:0;right:0;z-index:10001;padding:0.6em 1em;font:15px/1.4 sans-serif;' +
      'background:#fff3cd;color:#222;border-top:2px solid #8a6d00';
    const name = path.split('/').pop();
    for (const lang of languages) {
      const said = words[lang];
      const section = document.createElement('p');
      section.lang = lang;
      section.style.margin = '0.3em 0';
      section.append(document.createTextNode(said.newer.replace('{name}', name) + ' '));
      const open = document.createElement('button');
      open.type = 'button';
      open.className = 'aton-update-open';
      open.textContent = said.open;
      open.addEventListener('click', () => openNewVersion(db, copy, path));
      const keep = document.createElement('button');
      keep.type = 'button';
      keep.className = 'aton-update-keep';
      keep.textContent = said.keep;
      keep.addEventListener('click', () => {
        try {
          window.localStorage.setItem(KEEP + path, version);
        } catch (error) {
          // no storage: asked again next time
        }
        box.remove();
        next();
      });
      section.append(open, document.createTextNode(' '), keep);
      box.append(section);
    }
    // JupyterLab's apps build their page anew as they start: the banner stays until a button is pressed
    const attach = () => {
      if (!box.dataset.closed && !box.isConnected && document.body) document.body.append(box);
    };
    attach();
    const watch = setInterval(() => (box.dataset.closed ? clearInterval(watch) : attach()), 500);
    box.querySelectorAll('button').forEach((button) => {
      button.addEventListener('click', () => {
        box.dataset.closed = '1';
      });
    });
  }

  async function outdated(db, versions, path) {
    const version = versions[path];
    if (!version) return null;
    const copy = await request(db.transaction('files').objectStore('files').get(path));
    if (!copy || !copy.content || typeof copy.content !== 'object') return null;
    const metadata = copy.content.metadata || {};
    const kept = metadata.aton && metadata.aton.site_version;
    if (kept === version) return null;
    try {
      if (window.localStorage.getItem(KEEP + path) === version) return null;
    } catch (error) {
      // no storage: ask
    }
    return { copy, version, path };
  }

  async function check() {
    const response = await fetch(root + 'notebook-versions.json', { cache: 'no-cache' });
    if (!response.ok) return;
    const versions = await response.json();
    const db = await openStorage();
    if (!db || !Array.from(db.objectStoreNames).includes('files')) return;
    let paths = [asked];
    if (!asked) {
      const keys = await request(db.transaction('files').objectStore('files').getAllKeys());
      paths = keys.filter((key) => typeof key === 'string' && versions[key]).sort();
    }
    const found = [];
    for (const path of paths) {
      const one = await outdated(db, versions, path);
      if (one) found.push(one);
    }
    const next = () => {
      const one = found.shift();
      if (one) show(db, one.copy, one.version, one.path, next);
    };
    if (document.body) next();
    else document.addEventListener('DOMContentLoaded', next);
  }
  check().catch(() => {}); // a site without versions, or storage refused: nothing to say
})();
