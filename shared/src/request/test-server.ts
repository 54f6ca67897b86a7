// Test helper: a real HTTP server on 127.0.0.1, so the request tests exercise jsdom's
// XMLHttpRequest (with its CORS checks) and real sockets instead of a mock of the transport.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { configureRequest } from './config';

export interface ReceivedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Handler = (req: ReceivedRequest, res: ServerResponse) => void;

export interface TestServer {
  origin: string;
  /** Requests received since the last reset, CORS preflights left out. */
  received: ReceivedRequest[];
  route(path: string, handler: Handler): void;
  /** Resolves with the next request that arrives (e.g. to abort it while it is under way). */
  nextRequest(): Promise<ReceivedRequest>;
  reset(): void;
  close(): Promise<void>;
}

// The page (jsdom) is on http://localhost, the server elsewhere: it must allow the cross-origin
// call, including the preflight the custom `platform` header causes.
const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE',
  'Access-Control-Allow-Headers': 'content-type, platform',
};

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { ...CORS, 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

export function sendRaw(
  res: ServerResponse,
  status: number,
  body: string | Buffer,
  type: string,
): void {
  const length = Buffer.byteLength(body);
  res.writeHead(status, { ...CORS, 'Content-Type': type, 'Content-Length': length }).end(body);
}

/** A handler that never answers: the client's time-out or abort has to end the request. */
export const neverAnswer: Handler = () => undefined;

export async function startTestServer(): Promise<TestServer> {
  const routes = new Map<string, Handler>();
  const waiters: Array<(req: ReceivedRequest) => void> = [];
  const received: ReceivedRequest[] = [];

  const server = createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const got: ReceivedRequest = {
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(got);
      waiters.splice(0).forEach((resolve) => resolve(got));
      const handler = routes.get(url.pathname);
      if (handler) handler(got, res);
      else sendJson(res, 404, { msg: 'no such test route' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    route: (path, handler) => routes.set(path, handler),
    nextRequest: () => new Promise((resolve) => waiters.push(resolve)),
    reset: () => {
      received.length = 0;
      routes.clear();
    },
    close: () => {
      server.closeAllConnections(); // the never-answered requests keep sockets open
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** An origin where nothing listens: a connection there fails as a real network error does. */
/**
 * For a test file: one test server for the file, with the request wrapper's base URL pointed at
 * it, reset before each test (no routes, nothing received), and both undone afterwards. Read the
 * server through the returned getter.
 */
export function useTestServer(): () => TestServer {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    configureRequest({ baseURL: server.origin });
  });
  beforeEach(() => server.reset());
  afterAll(async () => {
    configureRequest({});
    await server.close();
    // A page's load still under way when the file ends fails as the server goes (网络错误): its
    // toast must come while the test environment stands, not in whatever file the worker runs next.
    await requestsEnded();
  });
  return () => server;
}

// The page's XMLHttpRequests (the request wrapper's transport is axios's XMLHttpRequest adapter
// under jsdom), counted from send to loadend. Installed once per test file, as this module loads.
let openRequests = 0;
const whenIdle: Array<() => void> = [];
const settle = () => setTimeout(() => whenIdle.splice(0).forEach((resolve) => resolve()), 0);
if (typeof XMLHttpRequest !== 'undefined') {
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, ...args: Parameters<typeof send>) {
    openRequests += 1;
    this.addEventListener('loadend', () => {
      // jsdom clears its time-out timer when a request ends or is aborted, but not when it fails
      // (a refused connection, a server gone): that Node timer would outlive the test file and keep
      // the Jest worker from exiting until the request's time-out. Clearing the time-out clears it.
      this.timeout = 0;
      openRequests -= 1;
      if (openRequests === 0) settle();
    });
    return send.apply(this, args);
  };
}

/** Resolves once no request is open and what their endings set off (a rejection, a toast loading the kit) has run. */
function requestsEnded(): Promise<void> {
  return new Promise<void>((resolve) => {
    whenIdle.push(resolve);
    if (openRequests === 0) settle();
  });
}

export async function closedOrigin(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}
