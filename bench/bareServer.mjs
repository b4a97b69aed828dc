/**
 * The machine's floor for bench/search.ts: a bare node:http server (no framework, no hooks, no routing, no logger)
 * that answers every request with one search answer, brotli-compressed, as the real server sends it. Plain
 * JavaScript (no loader), as the real server's bundle runs.
 *
 * Usage: node bench/bareServer.mjs <file with the answer's bytes>; prints `listening on <port>` once it listens on
 * 127.0.0.1 (a free port).
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

const body = readFileSync(process.argv[2]);
const headers = {
  'content-type': 'application/json; charset=utf-8',
  'content-encoding': 'br',
  vary: 'Accept-Encoding',
  'content-length': body.length,
};

const server = http.createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
server.listen(0, '127.0.0.1', () => console.log(`listening on ${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
