/**
 * One measured load of one URL for bench/pages.ts, with autocannon (npm, in worker threads) or wrk
 * (Debian package, C, a separate process: far less CPU per request, so on a small machine it shows how
 * far nginx really goes when autocannon is the limit). Both send REQUEST_HEADERS on keep-alive
 * connections, after an unmeasured warm-up.
 */
import { execFile } from 'node:child_process';
import { autocannon } from './autocannon';
import { REQUEST_HEADERS } from './http';

/** $WRK_BIN replaces the default locations (Debian's package). */
export const WRK_CANDIDATES = process.env.WRK_BIN ? [process.env.WRK_BIN] : ['/usr/bin/wrk', '/usr/local/bin/wrk'];

export interface LoadOptions {
  duration: number;
  connections: number;
  warmup: number;
  /** autocannon worker threads (0: on this process's event loop), or wrk threads. */
  workers: number;
  generator: 'autocannon' | 'wrk';
  /** Path of the wrk binary when generator is wrk. */
  wrk?: string;
}

export type RowKind = 'cached' | 'nginx' | 'uncached';

export interface Row {
  target: string;
  generator: LoadOptions['generator'];
  kind: RowKind;
  /** The path loaded: rows of one page share it (cached, nginx and uncached). */
  page: string;
  requestsPerSecond: number;
  /** Latency percentiles in milliseconds (whole ms with autocannon: its histogram's resolution). */
  p50: number;
  p99: number;
  total: number;
  bytesPerResponse: number;
  non2xx: number;
  errors: number;
}

export type Label = Pick<Row, 'target' | 'kind' | 'page'>;

export function load(options: LoadOptions, label: Label, base: string): Promise<Row> {
  return options.generator === 'wrk' ? loadWithWrk(options, label, base) : loadWithAutocannon(options, label, base);
}

function describeRow(row: Row, extra: string) {
  const digits = row.generator === 'wrk' ? 2 : 0;
  console.log(
    `${row.target}  (${row.page})\n` +
      `  requests/s (avg) ${row.requestsPerSecond.toFixed(1)}   latency p50 ${row.p50.toFixed(digits)} ms   p99 ${row.p99.toFixed(digits)} ms${extra}\n` +
      `  ${row.total} requests, ~${Math.round(row.bytesPerResponse)} bytes/response incl. headers, non-2xx ${row.non2xx}, errors/timeouts ${row.errors}\n`,
  );
}

async function loadWithAutocannon(options: LoadOptions, label: Label, base: string): Promise<Row> {
  const result = await autocannon({
    url: `${base}${label.page}`,
    connections: options.connections,
    duration: options.duration,
    ...(options.workers > 0 ? { workers: options.workers } : {}),
    headers: REQUEST_HEADERS,
    ...(options.warmup > 0 ? { warmup: { connections: options.connections, duration: options.warmup } } : {}),
  });
  const total = result.requests.total ?? result['2xx'] + result.non2xx;
  const row: Row = {
    ...label,
    generator: 'autocannon',
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total,
    bytesPerResponse: total > 0 ? (result.throughput.total ?? 0) / total : 0,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
  const codes = Object.entries(result.statusCodeStats)
    .map(([code, { count }]) => `${code}: ${count}`)
    .join(', ');
  describeRow(row, `   (avg ${result.latency.average.toFixed(2)} ms, max ${result.latency.max.toFixed(2)} ms), status codes { ${codes} }`);
  return row;
}

function runWrk(options: LoadOptions, seconds: number, url: string): Promise<string> {
  const args = ['-t', String(options.workers), '-c', String(options.connections), '-d', `${seconds}s`, '--latency', '--timeout', '10s'];
  for (const [name, value] of Object.entries(REQUEST_HEADERS)) args.push('-H', `${name}: ${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    execFile(options.wrk!, args, { timeout: (seconds + 30) * 1000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`wrk failed: ${error.message}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

/** wrk prints times as 812.00us, 1.20ms or 1.05s. */
function wrkMilliseconds(value: string, unit: string): number {
  const number = Number(value);
  return unit === 'us' ? number / 1000 : unit === 's' ? number * 1000 : unit === 'm' ? number * 60_000 : number;
}

function wrkBytes(value: string, unit: string): number {
  const scale: Record<string, number> = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4 };
  return Number(value) * (scale[unit] ?? 1);
}

async function loadWithWrk(options: LoadOptions, label: Label, base: string): Promise<Row> {
  const url = `${base}${label.page}`;
  if (options.warmup > 0) await runWrk(options, options.warmup, url);
  const output = await runWrk(options, options.duration, url);
  const match = (pattern: RegExp) => output.match(pattern);
  const perSecond = match(/Requests\/sec:\s+([\d.]+)/);
  const p50 = match(/^\s+50%\s+([\d.]+)(us|ms|s|m)\s*$/m);
  const p99 = match(/^\s+99%\s+([\d.]+)(us|ms|s|m)\s*$/m);
  const totals = match(/(\d+) requests in [\d.]+\w+, ([\d.]+)(B|KB|MB|GB|TB) read/);
  if (!perSecond || !p50 || !p99 || !totals) throw new Error(`could not read wrk's output:\n${output}`);
  const socket = match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  const total = Number(totals[1]);
  const row: Row = {
    ...label,
    generator: 'wrk',
    requestsPerSecond: Number(perSecond[1]),
    p50: wrkMilliseconds(p50[1]!, p50[2]!),
    p99: wrkMilliseconds(p99[1]!, p99[2]!),
    total,
    bytesPerResponse: total > 0 ? wrkBytes(totals[2]!, totals[3]!) / total : 0,
    non2xx: Number(match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0),
    errors: socket ? socket.slice(1).reduce((sum, value) => sum + Number(value), 0) : 0,
  };
  describeRow(row, '');
  return row;
}
