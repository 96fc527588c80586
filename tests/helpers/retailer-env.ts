/** Settings that point the app at the fake Creators API (tests/fakes/creators-api.ts) over real HTTP. */
import type { FakeCreatorsApi } from '../fakes/creators-api';

export function retailerEnv(api: Pick<FakeCreatorsApi, 'url' | 'tokenUrl' | 'credentials'>): Record<string, string> {
  return {
    AMAZON_CREDENTIAL_ID: api.credentials.id,
    AMAZON_CREDENTIAL_SECRET: api.credentials.secret,
    AMAZON_CREDENTIAL_VERSION: '3.2',
    AMAZON_API_BASE_URL: api.url,
    AMAZON_TOKEN_URL: api.tokenUrl,
    AMAZON_REQUESTS_PER_SECOND: '10',
    AMAZON_PARTNER_TAG: 'buildpc-21',
    PRICE_SCHEDULER_ENABLED: 'false',
  };
}
