// QR codes of invitations and replies, drawn by the npm package `qrcode` (bundled by
// ./build.sh into www/vendor/qrcode.js, loaded when the first code is drawn). Without it
// (a build that did not make it) the link is still there to copy and share.

/**
 * Draws `text` as a QR code on `canvas` (error correction L: the codes are shown on a
 * screen, not printed). False when the library is missing or the text does not fit.
 * @param {HTMLCanvasElement} canvas
 * @param {string} text
 * @param {number} size CSS pixels
 */
export async function drawQr(canvas, text, size) {
  try {
    /** @type {{toCanvas: (c: HTMLCanvasElement, t: string, o: object) => Promise<void>}} */
    // @ts-ignore: made by ./build.sh (esbuild bundles the npm package), typed here
    const mod = await import('../vendor/qrcode.js');
    await mod.toCanvas(canvas, text, {
      errorCorrectionLevel: 'L',
      margin: 2,
      width: Math.round(size * Math.min(3, window.devicePixelRatio || 1)),
      color: { dark: '#000000', light: '#ffffff' },
    });
    canvas.style.width = `${size}px`;
    canvas.style.height = `${size}px`;
    return true;
  } catch {
    return false;
  }
}
