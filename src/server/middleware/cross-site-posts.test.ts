/** The one cross-site check (decision 036), header by header. */
import { describe, expect, it } from 'vitest';
import { isCrossSiteRequest } from './cross-site-posts';

const OURS = 'https://www.buildpc.example';
const request = (headers: Record<string, string>, url = 'http://127.0.0.1:3000/avvisi/annulla/x') => new Request(url, { method: 'POST', headers });

describe('isCrossSiteRequest', () => {
  it('refuses what the browser labels cross-site or same-site, whatever the Origin', () => {
    expect(isCrossSiteRequest(request({ 'Sec-Fetch-Site': 'cross-site' }), OURS)).toBe(true);
    expect(isCrossSiteRequest(request({ 'Sec-Fetch-Site': 'same-site', Origin: 'https://blog.buildpc.example' }), OURS)).toBe(true);
    expect(isCrossSiteRequest(request({ 'Sec-Fetch-Site': 'Cross-Site', Origin: OURS }), OURS)).toBe(true);
  });

  it('refuses an Origin that is neither PUBLIC_BASE_URL nor the request’s own, and Origin: null', () => {
    expect(isCrossSiteRequest(request({ Origin: 'https://evil.example' }), OURS)).toBe(true);
    expect(isCrossSiteRequest(request({ Origin: 'null' }), OURS)).toBe(true);
    expect(isCrossSiteRequest(request({ Origin: 'https://www.buildpc.example.evil.example' }), OURS)).toBe(true);
    expect(isCrossSiteRequest(request({ Origin: 'http://www.buildpc.example' }), OURS)).toBe(true);
    expect(isCrossSiteRequest(request({ Origin: 'chrome-extension://abc' }), OURS)).toBe(true);
    expect(isCrossSiteRequest(request({ 'Sec-Fetch-Site': 'same-origin', Origin: 'https://evil.example' }), OURS)).toBe(true);
  });

  it('lets through our own pages, the site reached by another name, and requests without either header', () => {
    expect(isCrossSiteRequest(request({ 'Sec-Fetch-Site': 'same-origin', Origin: OURS }), OURS)).toBe(false);
    expect(isCrossSiteRequest(request({ Origin: OURS }), OURS)).toBe(false);
    expect(isCrossSiteRequest(request({ 'Sec-Fetch-Site': 'same-origin', Origin: 'http://127.0.0.1:3000' }), OURS)).toBe(false);
    expect(isCrossSiteRequest(request({ 'Sec-Fetch-Site': 'none' }), OURS)).toBe(false);
    // A mail provider's RFC 8058 one-click POST, curl, an old browser.
    expect(isCrossSiteRequest(request({ 'Content-Type': 'application/x-www-form-urlencoded' }), OURS)).toBe(false);
  });
});
