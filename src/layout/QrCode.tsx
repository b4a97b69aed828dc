/** A QR-style code for the chat invite (drawn from a fixed bit pattern; three finder squares and data modules). */
const SIZE = 25;

function modules(): [number, number][] {
  const cells: [number, number][] = [];
  let seed = 0x5eed;
  const next = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed;
  };
  const inFinder = (x: number, y: number) =>
    (x < 8 && y < 8) || (x >= SIZE - 8 && y < 8) || (x < 8 && y >= SIZE - 8);
  for (let y = 0; y < SIZE; y++)
    for (let x = 0; x < SIZE; x++) if (!inFinder(x, y) && next() % 100 < 48) cells.push([x, y]);
  return cells;
}

const CELLS = modules();

function Finder({ x, y }: { x: number; y: number }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <path d="M0 0h7v7H0ZM1 1v5h5V1Z" fillRule="evenodd" />
      <rect x="2" y="2" width="3" height="3" />
    </g>
  );
}

export function QrCode({ size = 112 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox={`-2 -2 ${SIZE + 4} ${SIZE + 4}`}
      aria-hidden="true"
      focusable="false"
      className="qr"
    >
      <rect x="-2" y="-2" width={SIZE + 4} height={SIZE + 4} fill="#fff" />
      <g fill="#0a1024">
        <Finder x={0} y={0} />
        <Finder x={SIZE - 7} y={0} />
        <Finder x={0} y={SIZE - 7} />
        <path d={CELLS.map(([x, y]) => `M${x} ${y}h1v1h-1Z`).join('')} />
      </g>
    </svg>
  );
}
