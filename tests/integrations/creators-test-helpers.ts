/** Shared set-up for the Creators client tests: a fake server, a client that can only reach 127.0.0.1, recorded sleeps. */
import type { AmazonConfig } from '../../src/config/env';
import { createCreatorsClient, createRateQueue, type CreatorsClientOptions } from '../../src/integrations/amazon-creators';
import type { FakeCreatorsApi, FakeItem } from '../fakes/creators-api';

/** Outbound requests that are not for the fake; a test asserts this stays empty. */
export const unexpectedRequests: string[] = [];

export const localOnlyFetch: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.hostname !== '127.0.0.1') {
    unexpectedRequests.push(url.href);
    return Promise.reject(new Error(`richiesta inattesa verso ${url.href}`));
  }
  return fetch(input, init);
};

export function asinOf(n: number): string {
  return `B0TEST${String(n).padStart(4, '0')}`;
}

export function catalogue(count: number): FakeItem[] {
  return Array.from({ length: count }, (_, i) => ({
    asin: asinOf(i + 1),
    title: `Prodotto di prova ${i + 1}`,
    brand: 'Marca',
    price: 10 + i + 0.99,
    availability: 'IN_STOCK' as const,
  }));
}

export function configFor(fake: FakeCreatorsApi, overrides: Partial<AmazonConfig> = {}): AmazonConfig {
  const version = overrides.credentialVersion ?? '3.2';
  return {
    credentialId: fake.credentials.id,
    credentialSecret: fake.credentials.secret,
    credentialVersion: version,
    partnerTag: 'buildpc-21',
    marketplace: 'www.amazon.it',
    apiBaseUrl: fake.url,
    tokenUrl: version.startsWith('2.') ? fake.tokenUrls['2.x'] : fake.tokenUrls['3.x'],
    requestsPerSecond: 1000,
    requestsPerDay: 8640,
    ...overrides,
  };
}

/** A client whose backoff waits are recorded instead of slept, with jitter fixed at one half. */
export function testClient(fake: FakeCreatorsApi, overrides: Partial<AmazonConfig> = {}, options: CreatorsClientOptions = {}) {
  const delays: number[] = [];
  const config = configFor(fake, overrides);
  const client = createCreatorsClient(config, {
    fetch: localOnlyFetch,
    sleep: async (ms) => {
      delays.push(ms);
    },
    random: () => 0.5,
    queue: createRateQueue(config.requestsPerSecond),
    ...options,
  });
  return { client, delays, config };
}
