import net from 'node:net';

/**
 * A TCP proxy in front of the PostgreSQL server that cuts connections on demand, as a failover or
 * `pg_terminate_backend` does, but at an exact point: `cutAll()` now, or `cutOn(text)` when a
 * client next sends a message containing `text` (before it reaches the server).
 */
export async function startCuttingProxy(target: string): Promise<{ url: string; cutAll(): void; cutOn(text: string): void; close(): Promise<void> }> {
  const targetUrl = new URL(target);
  const pairs = new Set<[net.Socket, net.Socket]>();
  let trigger: string | undefined;
  const cut = (pair: [net.Socket, net.Socket]) => {
    pairs.delete(pair);
    for (const socket of pair) socket.destroy();
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(targetUrl.port || 5432), targetUrl.hostname);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    client.on('data', (chunk: Buffer) => {
      if (trigger !== undefined && chunk.toString('latin1').includes(trigger)) {
        trigger = undefined;
        cut(pair);
      } else upstream.write(chunk);
    });
    upstream.pipe(client);
    for (const socket of pair) socket.on('error', () => cut(pair)).on('close', () => cut(pair));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(address.port);
  return {
    url: url.toString(),
    cutAll: () => pairs.forEach(cut),
    cutOn: (text) => (trigger = text),
    close: async () => {
      pairs.forEach(cut);
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
