// The host page's side of the iframes: each frame is as tall as it asks (halma:size), except
// #fixed, which keeps the size the docs give; every message is kept for the tests.
window.frameMessages = [];
addEventListener('message', (e) => {
  const frame = [...document.querySelectorAll('iframe')].find((f) => f.contentWindow === e.source);
  if (!frame || !e.data || typeof e.data.type !== 'string') return;
  window.frameMessages.push({ frame: frame.id, type: e.data.type, detail: e.data.detail });
  if (e.data.type === 'halma:size' && frame.id !== 'fixed') frame.style.height = `${e.data.detail.height}px`;
});
