import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeGatewayRequest {
  contentType: string;
  /** The parsed form or JSON body. */
  body: Record<string, unknown>;
  raw: string;
  headers: http.IncomingHttpHeaders;
}

/**
 * A Bangladeshi bulk-SMS gateway on 127.0.0.1 for tests, answering as BulkSMSBD does
 * (`{response_code: 202, message_id}`), or:
 * - `stall`: takes the request and never answers (a sender hangs mid-delivery);
 * - `fail`: answers 500 with the request echoed back (a careless gateway; credentials must not
 *   end up in logs or the message queue because of it);
 * - `refuse`: answers 400 with this reason, as BulkSMSBD refuses a number it will not send to.
 */
/** Message ids are unique across the fakes of a run, as one gateway's ids are. */
let next = 1000;

export async function startFakeGateway(opts: { stall?: boolean; fail?: boolean; refuse?: string } = {}) {
  const accepted: FakeGatewayRequest[] = [];
  const received: FakeGatewayRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const contentType = String(request.headers['content-type'] ?? '');
      const body = contentType.includes('json')
        ? (JSON.parse(raw || '{}') as Record<string, unknown>)
        : Object.fromEntries(new URLSearchParams(raw));
      const entry = { contentType, body, raw, headers: request.headers };
      received.push(entry);
      if (opts.stall) return;
      if (opts.fail) {
        response
          .writeHead(500, { 'content-type': 'text/plain' })
          .end(`internal error while handling ${request.url} ${raw}`);
        return;
      }
      if (opts.refuse) {
        response
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ response_code: 1031, error_message: opts.refuse }));
        return;
      }
      accepted.push(entry);
      next += 1;
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          response_code: 202,
          message_id: `gw-${next}`,
          success_message: 'SMS Submitted Successfully',
        }),
      );
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/smsapi`,
    accepted,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
