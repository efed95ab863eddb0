// The board's styles, in its shadow root: the host page's CSS does not reach in (every
// inherited property is reset on .root) and these do not leak out.

// Sizes in em (of the root's 14px) or px, not rem: rem is the host page's root font size.
const CSS = `
:host {
  all: initial;
  display: inline-block;
  vertical-align: top;
  width: min(100%, 416px);
}
:host([hidden]) { display: none; }
* { box-sizing: border-box; }
.root {
  /* Every inherited property, reset: the host's (on the element, or on *) stops here. */
  font: 400 14px/1.4 system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
  font-kerning: auto; font-feature-settings: normal; font-variation-settings: normal;
  font-size-adjust: none; font-synthesis: weight style; font-optical-sizing: auto;
  letter-spacing: normal; word-spacing: normal; text-transform: none; text-indent: 0;
  text-align: start; text-align-last: auto; text-shadow: none; text-rendering: auto;
  text-underline-position: auto; text-decoration-skip-ink: auto; text-emphasis: none;
  white-space: normal; word-break: normal; overflow-wrap: normal; line-break: auto;
  hyphens: manual; tab-size: 8; direction: ltr; writing-mode: horizontal-tb;
  quotes: auto; list-style: disc outside none; cursor: auto; visibility: visible;
  pointer-events: auto; caret-color: auto; accent-color: auto; color-scheme: normal;
  border-collapse: separate; border-spacing: 0; caption-side: top; empty-cells: show;
  orphans: 2; widows: 2; paint-order: normal; image-rendering: auto;
  -webkit-text-fill-color: currentColor; -webkit-text-stroke: 0; -webkit-font-smoothing: auto;
  --fg: #1f1b16; --muted: #6b6259; --panel: #fffdf8; --line: #d9cfbf; --accent: #8a4b17;
  --focus: #1b57d6; --error-bg: #fde8e4; --error-fg: #7a1a0c;
  display: flex; flex-direction: column; gap: 0.35em; color: var(--fg);
}
.root[data-theme='dark'] {
  --fg: #e7e9ef; --muted: #a3a9b6; --panel: #1e2129; --line: #3a404c; --accent: #e0a15e;
  --focus: #8ab4ff; --error-bg: #3a1712; --error-fg: #ffc9bf;
}
.board {
  position: relative; width: 100%; aspect-ratio: 1 / 1;
  user-select: none; -webkit-user-select: none; -webkit-tap-highlight-color: transparent;
}
.board[hidden], .bar[hidden] { display: none; }
.board-canvas {
  position: absolute; inset: 0; display: block; touch-action: none; border-radius: 10px;
}
.board-canvas:focus { outline: none; }
.board-canvas:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.bar {
  display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between;
  gap: 0.3em 0.6em; min-height: 2em; min-width: 0;
}
.status { margin: 0; display: flex; align-items: center; gap: 0.4em; min-width: 0; }
.status:empty { display: none; }
.swatch {
  display: inline-grid; place-items: center; flex: none; width: 1.15em; height: 1.15em;
  border-radius: 50%; font-size: 0.7em; line-height: 1; box-shadow: 0 0 0 1px rgba(0, 0, 0, 0.35);
}
.controls { display: flex; align-items: center; gap: 0.2em; margin-left: auto; min-width: 0; max-width: 100%; }
.controls[hidden] { display: none; }
.at {
  flex: 0 1 auto; min-width: 0; text-align: center; font-variant-numeric: tabular-nums;
  color: var(--muted); font-size: 0.9em; white-space: nowrap; overflow: hidden; text-overflow: ellipsis;
}
button {
  font: inherit; font-size: 0.95em; line-height: 1; letter-spacing: inherit; text-transform: none;
  color: var(--fg); background: var(--panel);
  border: 1px solid var(--line); border-radius: 6px; min-width: 2em; min-height: 2.1em;
  padding: 0.2em 0.35em; margin: 0; cursor: pointer; flex: none;
}
button:hover:not([aria-disabled='true']) { border-color: var(--accent); }
button[aria-disabled='true'] { opacity: 0.4; cursor: default; }
button:focus-visible { outline: 3px solid var(--focus); outline-offset: 1px; }
button svg { display: block; width: 0.9em; height: 0.9em; margin: auto; fill: currentColor; }
.error {
  margin: 0; padding: 0.5em 0.7em; border-radius: 6px; background: var(--error-bg);
  color: var(--error-fg); overflow-wrap: anywhere; white-space: pre-wrap; max-height: 14em; overflow: auto;
}
.error[hidden] { display: none; }
`;

/** @type {CSSStyleSheet | null} */
let sheet = null;

/**
 * Gives a shadow root its styles: one constructed style sheet shared by every board
 * (allowed under a strict style-src), else a <style> element.
 * @param {ShadowRoot} root
 */
export function adoptStyles(root) {
  try {
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(CSS);
    }
    root.adoptedStyleSheets = [sheet];
  } catch {
    const style = document.createElement('style');
    style.textContent = CSS;
    root.appendChild(style);
  }
}
