/** Drawn at build time by scripts/chatQrCode.ts: the QR code of the chat link (CHAT_LINK in src/lib/nav.ts). */
declare module 'virtual:chat-qr' {
  const qr: { size: number; path: string };
  export default qr;
}
