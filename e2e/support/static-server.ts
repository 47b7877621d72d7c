// A tiny static file server with CORS, standing in for a CDN that hosts one remote build.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const types: Record<string, string> = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.css': 'text/css',
  '.html': 'text/html',
  '.svg': 'image/svg+xml',
};

export interface StaticServer {
  start: () => Promise<void>;
  stop: () => Promise<void>;
}

export function staticServer(root: string, port: number): StaticServer {
  let server: http.Server | null = null;
  const sockets = new Set<import('node:net').Socket>();
  return {
    start: () =>
      new Promise((resolve) => {
        server = http.createServer((req, res) => {
          const file = path.join(root, decodeURIComponent((req.url ?? '/').split('?')[0]));
          if (!file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
            res.writeHead(404, { 'Access-Control-Allow-Origin': '*' }).end();
            return;
          }
          res.writeHead(200, {
            'Content-Type': types[path.extname(file)] ?? 'application/octet-stream',
            'Access-Control-Allow-Origin': '*',
            'Cache-Control': 'no-store',
          });
          fs.createReadStream(file).pipe(res);
        });
        server.on('connection', (socket) => {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
        });
        server.listen(port, '127.0.0.1', () => resolve());
      }),
    stop: () =>
      new Promise((resolve) => {
        sockets.forEach((socket) => socket.destroy());
        if (!server) return resolve();
        server.close(() => resolve());
        server = null;
      }),
  };
}
