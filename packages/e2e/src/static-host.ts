import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.json': 'application/json', '.css': 'text/css', '.ts': 'text/plain', '.zip': 'application/zip' };

export interface StaticHost {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  server: Server;
  close(): Promise<void>;
}

/**
 * A remote team's host, as a CDN would be: a build folder's files to any origin (CORS,
 * `Cross-Origin-Resource-Policy: cross-origin`), brotli-compressed where the build wrote a `.br`,
 * on a free port of 127.0.0.1. (copyOfBuild removes the `.br` of a file it changed.)
 */
export async function serveFolder(dir: string): Promise<StaticHost> {
  const root = path.resolve(dir);
  const server = createServer((request, response) => {
    const file = path.join(root, path.normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)));
    // The build's own .br beside a file, when the browser takes it (as nginx's brotli_static would).
    const brotli = /\bbr\b/.test(String(request.headers['accept-encoding'] ?? '')) && existsSync(`${file}.br`);
    let body: Buffer;
    try {
      if (!file.startsWith(root + path.sep)) throw new Error('outside');
      body = readFileSync(brotli ? `${file}.br` : file);
    } catch {
      response.writeHead(404).end();
      return;
    }
    response
      .writeHead(200, {
        'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'access-control-allow-origin': '*',
        'cross-origin-resource-policy': 'cross-origin',
        vary: 'Accept-Encoding',
        ...(brotli ? { 'content-encoding': 'br' } : {}),
      })
      .end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
