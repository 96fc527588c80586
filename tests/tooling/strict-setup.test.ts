// The guards every test runs under (tests/helpers/strict-setup.ts): a connection to another machine is
// refused with the guard's error, in the test process and in the children tests start; an undeclared
// console.error or console.warn is reported, a declared one is not. Each test takes what it provoked
// from the guard itself, so the setup's own check after the test finds nothing.
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { nodeArgsBeforeScript } from '../helpers/child-entries';
import { allowConsole, beginTest, endTest, expectConsole, takeUnexpectedConsole } from '../helpers/console-guard';
import { connectTarget, isLocalHost, NetworkGuardError, takeNetworkViolations } from '../helpers/network-guard';

/** An address of the private network no test may reach. */
const REMOTE = '10.255.255.1';

function socketError(socket: net.Socket): Promise<Error> {
  return new Promise((resolve) => socket.once('error', resolve));
}

describe('network guard', () => {
  it('refuses a TCP connection to another machine with an error naming the host', async () => {
    const error = await socketError(net.connect(80, REMOTE));
    expect(error).toBeInstanceOf(NetworkGuardError);
    expect(error.message).toContain(`connection to ${REMOTE}:80 refused`);
    expect(takeNetworkViolations()).toEqual([error.message]);
  });

  it('refuses fetch, http and pg before any name is looked up', async () => {
    const fetched = await fetch('https://example.invalid/x').catch((error: unknown) => error);
    expect(fetched).toBeInstanceOf(TypeError); // undici's "fetch failed", the guard's error as its cause
    expect(fetched instanceof TypeError && fetched.cause).toBeInstanceOf(NetworkGuardError);

    const request = http.get(`http://${REMOTE}:8080/`);
    const requestError = await new Promise<Error>((resolve) => request.once('error', resolve));
    expect(requestError.message).toContain(`${REMOTE}:8080 refused`);

    const client = new pg.Client({ host: 'example.invalid', port: 5432, connectionTimeoutMillis: 5000 });
    await expect(client.connect()).rejects.toThrow(/network guard: connection to example\.invalid:5432 refused/);

    expect(takeNetworkViolations()).toEqual([
      expect.stringContaining('example.invalid:443'),
      expect.stringContaining(`${REMOTE}:8080`),
      expect.stringContaining('example.invalid:5432'),
    ]);
  });

  it('lets connections to this machine through', async () => {
    const server = net.createServer((socket) => socket.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      for (const host of ['127.0.0.1', 'localhost']) {
        const answer = await new Promise<string>((resolve, reject) => {
          let data = '';
          net
            .connect(port, host)
            .on('data', (chunk) => (data += String(chunk)))
            .on('end', () => resolve(data))
            .on('error', reject);
        });
        expect(answer).toBe('ok');
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(takeNetworkViolations()).toEqual([]);
  });

  it('knows which hosts are this machine', () => {
    for (const host of ['localhost', 'LOCALHOST', '127.0.0.1', '127.1.2.3', '::1', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '0.0.0.0', '::']) {
      expect(isLocalHost(host), host).toBe(true);
    }
    for (const host of ['10.255.255.1', '192.168.1.1', 'example.invalid', 'www.amazon.it', 'localhost.example.com', '2001:db8::1', '::ffff:10.0.0.1', '']) {
      expect(isLocalHost(host), host).toBe(false);
    }
  });

  it('reads the target of every form of Socket#connect, and lets Unix sockets pass', () => {
    expect(connectTarget([{ host: 'a.example', port: 1 }])).toEqual({ host: 'a.example', port: 1 });
    expect(connectTarget([{ port: 1 }])).toEqual({ host: 'localhost', port: 1 });
    expect(connectTarget([[{ host: 'a.example', port: 2 }, null]])).toEqual({ host: 'a.example', port: 2 });
    expect(connectTarget([3, 'a.example', () => {}])).toEqual({ host: 'a.example', port: 3 });
    expect(connectTarget(['4'])).toEqual({ host: 'localhost', port: '4' });
    expect(connectTarget(['/run/postgresql/.s.PGSQL.5432'])).toBeUndefined();
    expect(connectTarget([{ path: '/tmp/socket' }])).toBeUndefined();
  });

  it('refuses in the child processes tests start, too', () => {
    const script = `require('node:net').connect(80, '${REMOTE}').on('error', (error) => { console.log(error.name); process.exit(0); })`;
    const child = spawnSync(process.execPath, [...nodeArgsBeforeScript(), '-e', script], { encoding: 'utf8', timeout: 20_000 });
    expect(child.stdout.trim()).toBe('NetworkGuardError');
    expect(child.stderr).toContain(`network guard: connection to ${REMOTE}:80 refused`);
  });
});

describe('console guard', () => {
  it('reports an undeclared console.error or console.warn', () => {
    console.error('an error nobody declared', new Error('boom'));
    console.warn('a warning nobody declared');
    const reported = takeUnexpectedConsole();
    expect(reported).toHaveLength(2);
    expect(reported[0]).toMatch(/^console\.error: an error nobody declared Error: boom \(\+\d+ lines\)$/);
    expect(reported[1]).toBe('console.warn: a warning nobody declared');
  });

  it('keeps declared output quiet, and reports expected output that never came', () => {
    expectConsole('error', /database non disponibile/);
    allowConsole('warn', '[remove-bg]');
    console.error('[db] GET /: database non disponibile: timeout');
    console.warn('[remove-bg] servizio assente');
    console.warn('[altro] not declared');
    expect(takeUnexpectedConsole()).toEqual(['console.warn: [altro] not declared']);

    expectConsole('warn', 'never logged');
    // Ends this test's declarations early, as the setup does after it; what it reports is only the missing one.
    expect(endTest()).toEqual(['expected console.warn matching never logged was not logged']);
    beginTest();
  });

  it('forgets a test’s declarations when it ends', () => {
    console.warn('[remove-bg] declared by the test before only');
    expect(takeUnexpectedConsole()).toEqual([expect.stringContaining('[remove-bg]')]);
  });
});
