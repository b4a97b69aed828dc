import chatQr from 'virtual:chat-qr';

/** The QR code of the chat invite (CHAT_LINK), drawn at build time, with the quiet zone readers need around it. */
export function QrCode({ size = 112 }: { size?: number }) {
  const quiet = 4;
  const box = chatQr.size + 2 * quiet;
  return (
    <svg
      width={size}
      height={size}
      viewBox={`-${quiet} -${quiet} ${box} ${box}`}
      aria-hidden="true"
      focusable="false"
      className="qr"
      shapeRendering="crispEdges"
    >
      <rect x={-quiet} y={-quiet} width={box} height={box} fill="#fff" />
      <path d={chatQr.path} fill="#0a1024" />
    </svg>
  );
}
