/**
 * Keeps the tests on this machine: every TCP connection to a host other than the loopback (127.0.0.0/8,
 * ::1, localhost, or the unspecified address, which reaches this machine too) is refused. The hook is
 * net.Socket.prototype.connect, the one door of every TCP client in Node: net, http/https, tls, fetch
 * (undici), pg. Unix sockets and pipes pass. A refused connection fails as an unreachable host does (the
 * socket's 'error' event, on the next tick), so the code under test takes its ordinary error path, and
 * `onViolation` hears of it so the test can fail even when that code swallows the error.
 */
import net from 'node:net';

export class NetworkGuardError extends Error {
  readonly host: string;

  constructor(host: string, port: unknown) {
    super(`network guard: connection to ${host}:${String(port)} refused, tests reach only 127.0.0.1, ::1 and localhost (tests/helpers/network-guard.ts)`);
    this.name = 'NetworkGuardError';
    this.host = host;
  }
}

/** The addresses of this machine: the loopback, and the unspecified address, which reaches it too. */
const THIS_MACHINE = new net.BlockList();
THIS_MACHINE.addSubnet('127.0.0.0', 8, 'ipv4');
THIS_MACHINE.addAddress('0.0.0.0', 'ipv4');
THIS_MACHINE.addAddress('::1', 'ipv6');
THIS_MACHINE.addAddress('::', 'ipv6');

/** Whether `host` (a name or an address, IPv6 possibly in brackets) is this machine. */
export function isLocalHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  if (name === 'localhost') return true;
  const family = net.isIP(name);
  return family !== 0 && THIS_MACHINE.check(name, family === 4 ? 'ipv4' : 'ipv6');
}

interface TcpTarget {
  host: string;
  port: unknown;
}

function fromOptions(options: object): TcpTarget | undefined {
  if ('path' in options && options.path) return undefined; // a Unix socket or a pipe
  const host = 'host' in options && typeof options.host === 'string' && options.host !== '' ? options.host : 'localhost';
  return { host, port: 'port' in options ? options.port : undefined };
}

/**
 * Where a call of Socket#connect goes, read as Node reads its arguments: (options), (path), (port, host?),
 * or the already normalized array net.connect() passes on. undefined for a Unix socket or a pipe.
 */
export function connectTarget(args: readonly unknown[]): TcpTarget | undefined {
  const first: unknown = Array.isArray(args[0]) ? args[0][0] : args[0];
  if (typeof first === 'object' && first !== null) return fromOptions(first);
  if (typeof first === 'string' && !/^\d+$/.test(first)) return undefined; // a path, as Node's isPipeName
  return { host: typeof args[1] === 'string' && args[1] !== '' ? args[1] : 'localhost', port: first };
}

const refused: string[] = [];

/** The refused connections since the last call, as messages; forgets them. */
export function takeNetworkViolations(): string[] {
  return refused.splice(0);
}

/**
 * Where the unguarded connect is kept, on the prototype itself: a second install (another copy of this
 * module in the same process, as each test file of a vitest worker loads its own) replaces the guard
 * rather than wrapping it.
 */
const UNGUARDED_CONNECT = Symbol.for('buildpc.network-guard.unguarded-connect');

/**
 * Installs the guard in this process. Refused connections are kept for takeNetworkViolations(), and
 * `onViolation` (if given) hears of each as it happens.
 */
export function installNetworkGuard(onViolation?: (error: NetworkGuardError) => void): void {
  const prototype = net.Socket.prototype;
  const unguarded: unknown = Reflect.get(prototype, UNGUARDED_CONNECT) ?? prototype.connect;
  if (typeof unguarded !== 'function') throw new Error('network guard: net.Socket.prototype.connect is not a function');
  Reflect.defineProperty(prototype, UNGUARDED_CONNECT, { value: unguarded, configurable: true });
  const guardedConnect = function (this: net.Socket, ...args: unknown[]): net.Socket {
    const target = connectTarget(args);
    if (target && !isLocalHost(target.host)) {
      const error = new NetworkGuardError(target.host, target.port);
      refused.push(error.message);
      onViolation?.(error);
      process.nextTick(() => this.destroy(error));
      return this;
    }
    return Reflect.apply(unguarded, this, args);
  };
  Reflect.defineProperty(prototype, 'connect', { value: guardedConnect, writable: true, configurable: true });
}
