/**
 * Network faults between the app and PostgreSQL, on node:net (127.0.0.1, port 0):
 *
 * - `startTcpProxy`: forwards to the real PostgreSQL and can go silent (a hung server or a network
 *   cut without a reset), drop every connection (a restart), or turn new connections away while it
 *   counts them (a server that is down), then recover.
 * - `startPasswordRejectingServer`: a PostgreSQL that asks for a password and rejects it with the
 *   server's own error (28P01), since the test PostgreSQL trusts local connections and never asks.
 */
import { createServer, type Server, Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface TcpProxy {
  readonly port: number;
  /** `databaseUrl` with host and port replaced by the proxy's. */
  urlFor(databaseUrl: string): string;
  /** Open connections stop forwarding for good; new ones are accepted but never answered, until `resume`. */
  goSilent(): void;
  resume(): void;
  /** Closes every open connection at once (like a database restart). */
  dropConnections(): void;
  /** New connections are closed as soon as they arrive (and counted), until `acceptConnections`. */
  refuseConnections(): void;
  acceptConnections(): void;
  /** Connections turned away by `refuseConnections`, with the time each arrived. */
  readonly refused: number[];
  close(): Promise<void>;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<{ client: Socket; upstream: Socket; silent: boolean }>();
  let silent = false;
  let refusing = false;
  const refused: number[] = [];

  const server = createServer((client) => {
    if (refusing) {
      refused.push(Date.now());
      client.destroy();
      return;
    }
    const upstream = new Socket();
    const pair = { client, upstream, silent };
    open.add(pair);
    const close = () => {
      open.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (bytes) => {
      if (!pair.silent) upstream.write(bytes);
    });
    upstream.on('data', (bytes) => {
      if (!pair.silent) client.write(bytes);
    });
    for (const socket of [client, upstream]) {
      socket.on('error', close);
      socket.on('close', close);
    }
    upstream.connect(target.port, target.host);
  });
  const port = await listen(server);

  return {
    port,
    urlFor(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    goSilent() {
      silent = true;
      for (const pair of open) pair.silent = true;
    },
    resume() {
      silent = false;
    },
    dropConnections() {
      for (const pair of [...open]) {
        pair.client.destroy();
        pair.upstream.destroy();
      }
    },
    refuseConnections() {
      refusing = true;
    },
    acceptConnections() {
      refusing = false;
    },
    refused,
    close() {
      for (const pair of [...open]) {
        pair.client.destroy();
        pair.upstream.destroy();
      }
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export interface PasswordRejectingServer {
  readonly port: number;
  /** Passwords the clients sent, in order: proves the client got as far as authenticating. */
  readonly passwordsReceived: string[];
  close(): Promise<void>;
}

/** PostgreSQL protocol message: type byte, int32 length (itself included), body. */
function message(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0, 'latin1');
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

export async function startPasswordRejectingServer(): Promise<PasswordRejectingServer> {
  const passwordsReceived: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let buffered = Buffer.alloc(0);
    let started = false;
    let user = '';
    socket.on('data', (bytes) => {
      buffered = Buffer.concat([buffered, bytes]);
      if (!started) {
        // StartupMessage: int32 length, int32 protocol version, "key\0value\0" pairs.
        if (buffered.length < 4 || buffered.length < buffered.readInt32BE(0)) return;
        const params = buffered.subarray(8, buffered.readInt32BE(0)).toString('utf8').split('\0');
        user = params[params.indexOf('user') + 1] ?? '';
        buffered = Buffer.alloc(0);
        started = true;
        // AuthenticationCleartextPassword
        socket.write(message('R', Buffer.from([0, 0, 0, 3])));
        return;
      }
      // PasswordMessage: 'p', int32 length, password\0
      if (buffered.length < 5 || buffered.length < buffered.readInt32BE(1) + 1) return;
      passwordsReceived.push(buffered.subarray(5, buffered.readInt32BE(1)).toString('utf8').replace(/\0$/, ''));
      const fields = [
        ['S', 'FATAL'],
        ['V', 'FATAL'],
        ['C', '28P01'],
        ['M', `password authentication failed for user "${user}"`],
      ];
      const body = Buffer.concat([...fields.map(([code, text]) => Buffer.from(`${code}${text}\0`, 'utf8')), Buffer.from([0])]);
      socket.end(message('E', body));
    });
  });
  const port = await listen(server);
  return {
    port,
    passwordsReceived,
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
