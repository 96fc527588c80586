/**
 * Offline development: serves the fake Creators API with the demo catalogue.
 *   npx tsx tests/fakes/creators-api-cli.ts --port 4010 [--host 127.0.0.1] [--rps 1] [--token-ttl 3600] [--version 3.2]
 * then put the printed AMAZON_* lines in .env and run `npm run dev`.
 */
import { parseArgs } from 'node:util';
import { startFakeCreatorsApi } from './creators-api';
import { demoCatalogue } from './creators-demo-catalogue';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4010' },
    host: { type: 'string', default: '127.0.0.1' },
    // Amazon starts every account at 1 request per second; 0 disables the limit.
    rps: { type: 'string', default: '1' },
    'token-ttl': { type: 'string', default: '3600' },
    version: { type: 'string', default: '3.2' },
  },
});

const version = values.version;
if (!['2.1', '2.2', '2.3', '3.1', '3.2', '3.3'].includes(version)) {
  console.error(`--version deve essere una tra 2.1, 2.2, 2.3, 3.1, 3.2, 3.3 (ricevuto ${version})`);
  process.exit(1);
}
const rps = Number(values.rps);
const catalogue = demoCatalogue();
const fake = await startFakeCreatorsApi({
  catalogue,
  host: values.host,
  port: Number(values.port),
  requestsPerSecond: rps > 0 ? rps : null,
  tokenTtlSeconds: Number(values['token-ttl']),
});

console.log(`Fake Amazon Creators API su ${fake.url} (${catalogue.length} prodotti demo, ${rps > 0 ? `${rps} richieste/s` : 'nessun limite'})`);
console.log('Aggiungi a .env (o all\'ambiente) per usarla con `npm run dev`:\n');
console.log(`AMAZON_CREDENTIAL_ID=${fake.credentials.id}`);
console.log(`AMAZON_CREDENTIAL_SECRET=${fake.credentials.secret}`);
console.log(`AMAZON_CREDENTIAL_VERSION=${version}`);
console.log('AMAZON_PARTNER_TAG=buildpc-21');
console.log(`AMAZON_API_BASE_URL=${fake.url}`);
console.log(`AMAZON_TOKEN_URL=${version.startsWith('2.') ? fake.tokenUrls['2.x'] : fake.tokenUrls['3.x']}`);
console.log(`AMAZON_REQUESTS_PER_SECOND=${rps > 0 ? Math.min(rps, 10) : 1}`);

const stop = () => {
  void fake.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
