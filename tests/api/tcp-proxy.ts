import net from 'node:net';

/**
 * A TCP relay between the app and PostgreSQL that a test can cut and restore, as a network
 * fault would: `cut()` drops every open connection and refuses new ones (the port stays
 * bound, so restoring it is instant); `blackhole()` keeps connections open but holds every byte,
 * as a dead link does before TCP gives up; `restore()` relays again, held bytes included.
 */
export interface TcpProxy {
  port: number;
  /** `postgres://…` with host and port replaced by this proxy's. */
  urlFor(databaseUrl: string): string;
  cut(): void;
  blackhole(): void;
  restore(): void;
  close(): Promise<void>;
}

type ProxyState = 'open' | 'cut' | 'blackhole';

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let state: ProxyState = 'open';
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();

  const server = net.createServer((client) => {
    if (state === 'cut') {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk) => client.write(chunk));
    if (state === 'blackhole') pause(pair);
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;

  const pause = (pair: { client: net.Socket; upstream: net.Socket }) => {
    pair.client.pause();
    pair.upstream.pause();
  };
  const dropAll = () => {
    for (const { client, upstream } of pairs) {
      client.destroy();
      upstream.destroy();
    }
    pairs.clear();
  };

  return {
    port,
    urlFor(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    cut() {
      state = 'cut';
      dropAll();
    },
    blackhole() {
      state = 'blackhole';
      pairs.forEach(pause);
    },
    restore() {
      state = 'open';
      for (const { client, upstream } of pairs) {
        client.resume();
        upstream.resume();
      }
    },
    async close() {
      dropAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
