// autocannon's setupRequest for bench/cache-flood.ts, loaded in its worker thread: every request is junk a
// hostile visitor can invent without end (a budget per euro, a made-up choice, a made-up text, a new search),
// each from a new address (10.0.0.0/8 and 2001:db8::/32 in turn, read through X-Forwarded-For with one
// trusted proxy), so no per-address limit ever sees the same client twice; or from CACHE_FLOOD_ADDRESSES
// addresses in turn.
// CommonJS because autocannon loads it with require() in each worker thread.
/* global require, module */
// Each worker thread its own range of 2^20 requests.
// eslint-disable-next-line @typescript-eslint/no-require-imports
let next = (require('node:worker_threads').threadId % 16) * 2 ** 20 + 1;
const slug = process.env.CACHE_FLOOD_SLUG;
const componentId = process.env.CACHE_FLOOD_COMPONENT;
// 0: a new address per request; N: the flood comes from N addresses in turn (one botnet of N machines).
const addresses = Number(process.env.CACHE_FLOOD_ADDRESSES || 0);

function junkPath(n) {
  switch (n % 6) {
    case 0:
      return `/build/${slug}?budget=${1 + (n % 99999)}`;
    case 1:
      return `/build/${slug}?scegli=${componentId}:B0${String(n % 1e8).padStart(8, '0')}`;
    case 2:
      return `/build/${slug}?scegli=ATTENZIONE-offerta-scaduta-${n}`;
    case 3:
      return `/cerca?q=zz${n}`;
    case 4:
      return `/api/builds?q=ryzen${n}`;
    default:
      return `/confronta?build=${slug}&build=inventata-${n}`;
  }
}

module.exports = function setupRequest(request) {
  const n = next++;
  const a = addresses > 0 ? n % addresses : n;
  const address = a % 2 ? `10.${(a >>> 16) & 255}.${(a >>> 8) & 255}.${a & 255}` : `2001:db8:${(a >>> 16).toString(16)}:${(a & 0xffff).toString(16)}::1`;
  request.path = junkPath(n);
  request.headers = { ...request.headers, 'x-forwarded-for': address };
  return request;
};
