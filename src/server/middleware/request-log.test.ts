import { describe, expect, it } from 'vitest';
import { loggablePath, requestLogLine } from './request-log';

describe('the request log line', () => {
  it("masks the token of an alert's confirmation and unsubscribe links, and nothing else", () => {
    expect(loggablePath('/avvisi/conferma/AbC_d-123')).toBe('/avvisi/conferma/[token]');
    expect(loggablePath('/avvisi/annulla/AbC_d-123')).toBe('/avvisi/annulla/[token]');
    expect(loggablePath('/api/alerts/unsubscribe/AbC_d-123')).toBe('/api/alerts/unsubscribe/[token]');
    expect(loggablePath('/avvisi/inviato')).toBe('/avvisi/inviato');
    expect(loggablePath('/build/pc-gaming')).toBe('/build/pc-gaming');
    expect(requestLogLine('POST', '/avvisi/annulla/segreto', 200, '1.0ms')).toBe('POST /avvisi/annulla/[token] 200 1.0ms');
  });
});
