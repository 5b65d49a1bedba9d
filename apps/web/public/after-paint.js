// A server-rendered page's code, loaded once the page has painted (decision 039): on a phone's slow
// network the page's stylesheet and HTML are not shared with half a megabyte of code before the
// first paint; the app then takes the page over. The server names the entry and its imports here.
(() => {
  const script = document.currentScript;
  if (!script) return;
  const entry = script.dataset.entry;
  const imports = (script.dataset.imports || '').split(' ').filter(Boolean);
  let started = false;
  const load = () => {
    if (started || !entry) return;
    started = true;
    for (const href of imports) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    }
    const module = document.createElement('script');
    module.type = 'module';
    module.crossOrigin = '';
    module.src = entry;
    document.head.appendChild(module);
  };
  // after the next frame has painted; a tab in the background paints no frames: a second at most
  requestAnimationFrame(() => setTimeout(load, 0));
  setTimeout(load, 1000);
})();
