import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook } from '../../server/webhooks/sign';

/** A request the receiver got: its headers and its body as text. */
export type Received = { headers: http.IncomingHttpHeaders; body: string };

export type WebhookReceiver = {
  /** The endpoint to register: http on loopback, so the server needs both development escape hatches on. */
  url: string;
  /** Every request so far, oldest first (a test may empty it). */
  received: Received[];
  /** The status it answers a request with (200 unless a test sets another). */
  answer: (r: Received) => number;
  close: () => Promise<void>;
};

/** A partner's webhook endpoint on a free loopback port, keeping every request it gets. */
export async function startWebhookReceiver(urlPath: string): Promise<WebhookReceiver> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      receiver.received.push(r);
      res.statusCode = receiver.answer(r);
      res.end(res.statusCode < 300 ? 'ok' : 'receiver is down');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const receiver: WebhookReceiver = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${urlPath}`,
    received: [],
    answer: () => 200,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return receiver;
}

/** Whether the request's Standard Webhooks headers sign `body` (its own unless given) with `secret`. */
export function signedWith(secret: string, r: Received, body = r.body): boolean {
  return verifyWebhook(
    secret,
    {
      id: String(r.headers['webhook-id']),
      timestamp: String(r.headers['webhook-timestamp']),
      signature: String(r.headers['webhook-signature']),
    },
    body,
  );
}
