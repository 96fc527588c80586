/** autocannon, typed: it ships no type declarations, so the few fields the benches use are declared here. */
import { createRequire } from 'node:module';

export interface AutocannonHistogram {
  average: number;
  mean: number;
  stddev: number;
  min: number;
  max: number;
  p50: number;
  p90: number;
  p99: number;
  total?: number;
}
export interface AutocannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  statusCodeStats: Record<string, { count: number }>;
  latency: AutocannonHistogram;
  requests: AutocannonHistogram & { sent: number };
  throughput: AutocannonHistogram;
}
export interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  workers?: number;
  headers?: Record<string, string>;
  /** setupRequest is a module path: autocannon requires it in each worker thread (or on the main thread). */
  requests?: { method: string; path: string; setupRequest?: string }[];
  warmup?: { connections: number; duration: number };
}
export type Autocannon = (options: AutocannonOptions) => PromiseLike<AutocannonResult>;
export const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
