import QRCode from 'qrcode';
import type { Plugin } from 'vite';
import { CHAT_LINK } from '../src/lib/nav.ts';

const ID = 'virtual:chat-qr';
const RESOLVED = `\0${ID}`;

/** The dark modules of a QR code as one SVG path, one `h` run per stretch of dark modules in a row. */
export function qrPath(text: string): { size: number; path: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const { size } = modules;
  let path = '';
  for (let y = 0; y < size; y++) {
    let x = 0;
    while (x < size) {
      if (!modules.get(y, x)) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && modules.get(y, x)) x++;
      path += `M${start} ${y}h${x - start}v1h-${x - start}Z`;
    }
  }
  return { size, path };
}

/**
 * `import chatQr from 'virtual:chat-qr'`: the footer's QR code of the chat link, drawn at build time. The footer then
 * carries a path string, not a QR encoder: the footer is on every page, and its code must stay small.
 */
export function chatQrCode(): Plugin {
  return {
    name: 'chat-qr-code',
    resolveId(id) {
      return id === ID ? RESOLVED : null;
    },
    load(id) {
      if (id !== RESOLVED) return null;
      return `export default ${JSON.stringify(qrPath(CHAT_LINK.href))};`;
    },
  };
}
