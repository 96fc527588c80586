// autocannon's setupRequest for bench/views-flood.ts, loaded in its worker thread: every request comes from a
// new reader (a new address in 10.0.0.0/8, read through X-Forwarded-For with one trusted proxy) opening the
// page as a browser does (Sec-Fetch-Dest: document), so every one of them is a visit to count.
// CommonJS because autocannon loads it with require() in each worker thread.
/* global require, module */
// Each worker thread its own range of 2^20 addresses.
// eslint-disable-next-line @typescript-eslint/no-require-imports
let next = (require('node:worker_threads').threadId % 16) * 2 ** 20 + 1;

module.exports = function setupRequest(request) {
  const n = next++;
  const address = `10.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;
  request.headers = { ...request.headers, 'x-forwarded-for': address };
  return request;
};
