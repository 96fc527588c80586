/**
 * A fake Amazon Creators API on node:http (127.0.0.1, port 0 by default) speaking the wire format of
 * docs/amazon-creators-api.md: both token endpoints, GetItems and SearchItems with Amazon's
 * validation, partial failures, 404 ResourceNotFoundException, 401 for expired/unknown tokens and
 * 429 ThrottleException above the configured rate. Used by the tests and by `creators-api-cli.ts`
 * for offline development. Faults can be injected with `failNext`.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeAvailability =
  | 'IN_STOCK'
  | 'IN_STOCK_SCARCE'
  | 'LEADTIME'
  | 'PREORDER'
  | 'AVAILABLE_DATE'
  | 'OUT_OF_STOCK'
  | 'UNAVAILABLE'
  | 'UNKNOWN';

/** A listing exactly as on the wire (`offersV2.listings[]`). */
export type FakeListing = Record<string, unknown>;

/** One size of `images.primary` as on the wire. */
export interface FakeImage {
  url: string;
  width: number;
  height: number;
}

export interface FakeItem {
  asin: string;
  title: string;
  brand?: string;
  /** Euro; null: the listing has no price. */
  price: number | null;
  /** 'UNAVAILABLE' with a null price means no listings at all. */
  availability: FakeAvailability;
  /** Replaces the listing built from price/availability (e.g. several sellers, a buy box that is not first). */
  listings?: FakeListing[];
  /**
   * `images.primary` sizes. Omitted: a large (500 px) and a medium (160 px) image on Amazon's image host,
   * named after the ASIN; null: the item has no image (Amazon then leaves `images` out).
   */
  images?: { large?: FakeImage | null; medium?: FakeImage | null } | null;
  /** `itemInfo.features.displayValues`: the bullet points of the product page. Omitted: none. */
  features?: string[];
}

export interface FakeFault {
  /** Omitted: after `delayMs` the request is handled normally. */
  status?: number;
  /** A string is sent as is (for malformed JSON); anything else as JSON. Defaults to Amazon's body for the status. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Wait this long before answering (longer than the client timeout: a hanging server). */
  delayMs?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** Parsed JSON or form body; the raw text when neither parses. */
  body: unknown;
  rawBody: string;
  /** Epoch milliseconds with sub-millisecond precision, taken when the request arrived. */
  time: number;
  /** The status answered (null while pending or if the client went away first). */
  status: number | null;
}

export interface FakeCreatorsApiOptions {
  catalogue?: FakeItem[];
  /** `expires_in` of issued tokens. Default 3600. */
  tokenTtlSeconds?: number;
  /** API requests per second before 429 ThrottleException; null (default) for no limit. */
  requestsPerSecond?: number | null;
  credentials?: { id: string; secret: string };
  /** The x-marketplace the fake serves. Default www.amazon.it. */
  marketplace?: string;
  /** 'reversed' returns GetItems items in reverse request order (Amazon guarantees no order). */
  itemOrder?: 'request' | 'reversed';
  /** The GetItems container name: `itemsResult` (SDKs) or `itemResults` (one docs page). */
  itemsContainer?: 'itemsResult' | 'itemResults';
  host?: string;
  port?: number;
}

export interface FakeCreatorsApi {
  /** Base URL, the value of AMAZON_API_BASE_URL. */
  url: string;
  /** The Login with Amazon style endpoint (v3.x, JSON body, scope creatorsapi::default). */
  tokenUrl: string;
  tokenUrls: { '2.x': string; '3.x': string };
  credentials: { id: string; secret: string };
  close(): Promise<void>;
  setItem(item: FakeItem): void;
  removeItem(asin: string): void;
  /**
   * `false`: GetItems answers ItemNotAccessible for this ASIN from now on, as Amazon does for a product
   * withdrawn from sale (in `errors[]` when another ASIN of the request is found, else the whole-request
   * 404), whether or not it is in the catalogue, and SearchItems leaves it out; `true` gives access back.
   */
  setAccessible(asin: string, accessible: boolean): void;
  /** GetItems/SearchItems requests, in arrival order. */
  requests: RecordedRequest[];
  /** Token endpoint requests, in arrival order. */
  tokenLog: RecordedRequest[];
  readonly tokenRequests: number;
  /** The next `count` API requests get this fault instead of (or before) their normal answer. */
  failNext(count: number, fault: FakeFault): void;
  /** Every token issued so far is now expired (401 TokenExpired). */
  expireTokens(): void;
}

export const DEFAULT_FAKE_CREDENTIALS = { id: 'fake-credential-id', secret: 'fake-credential-secret' } as const;

const COGNITO_PATH = '/oauth2/token';
const LWA_PATH = '/auth/o2/token';
const API_PATHS = new Set(['/catalog/v1/getItems', '/catalog/v1/searchItems']);

/** Resources Amazon accepts (a subset of the documented list); anything else is a 400, as upstream. */
const KNOWN_RESOURCES = new Set([
  'browseNodeInfo.browseNodes',
  'browseNodeInfo.browseNodes.ancestor',
  'browseNodeInfo.browseNodes.salesRank',
  'browseNodeInfo.websiteSalesRank',
  'customerReviews.count',
  'customerReviews.starRating',
  'images.primary.small',
  'images.primary.medium',
  'images.primary.large',
  'images.primary.highRes',
  'images.variants.small',
  'images.variants.medium',
  'images.variants.large',
  'images.variants.highRes',
  'itemInfo.byLineInfo',
  'itemInfo.classifications',
  'itemInfo.contentInfo',
  'itemInfo.contentRating',
  'itemInfo.externalIds',
  'itemInfo.features',
  'itemInfo.manufactureInfo',
  'itemInfo.productInfo',
  'itemInfo.technicalInfo',
  'itemInfo.title',
  'itemInfo.tradeInInfo',
  'offersV2.listings.availability',
  'offersV2.listings.condition',
  'offersV2.listings.dealDetails',
  'offersV2.listings.isBuyBoxWinner',
  'offersV2.listings.loyaltyPoints',
  'offersV2.listings.merchantInfo',
  'offersV2.listings.price',
  'offersV2.listings.type',
  'parentASIN',
  'searchRefinements',
]);

const DEFAULT_FAULT_BODIES: Record<number, object> = {
  400: { type: 'ValidationException', reason: 'FieldValidationFailed', message: 'Injected validation failure.' },
  401: { type: 'UnauthorizedException', reason: 'InvalidToken', message: 'Injected authorisation failure.' },
  403: { type: 'AccessDeniedException', reason: 'AssociateNotEligible', message: 'The associate is not eligible for Creators API access.' },
  404: { type: 'ResourceNotFoundException', message: 'Injected not found.' },
  429: { type: 'ThrottleException', message: 'Rate exceeded.', retryAfterSeconds: 1 },
  500: { type: 'InternalServerException', message: 'Injected internal error.' },
  502: { message: 'Bad Gateway' },
  503: { type: 'ServiceUnavailableException', message: 'Injected service unavailable.' },
};

class HttpReply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

const reply = (status: number, body: unknown, headers?: Record<string, string>) => new HttpReply(status, body, headers);

const validation = (message: string, fieldList: string[], reason = 'FieldValidationFailed') =>
  reply(400, { type: 'ValidationException', reason, message, fieldList });

const unauthorized = (reason: 'TokenExpired' | 'InvalidToken' | 'InvalidIssuer', message: string) =>
  reply(401, { type: 'UnauthorizedException', reason, message });

function euro(amount: number): string {
  return `${amount.toFixed(2).replace('.', ',')} €`;
}

/** Amazon's image host and its size suffix (`._SL500_`), as in the documentation's sample. */
export function fakeImageUrl(asin: string, size: number): string {
  return `https://m.media-amazon.com/images/I/${asin}-img._SL${size}_.jpg`;
}

function imagesOf(item: FakeItem): { large?: FakeImage | null; medium?: FakeImage | null } | null {
  if (item.images !== undefined) return item.images;
  return {
    large: { url: fakeImageUrl(item.asin, 500), width: 500, height: 500 },
    medium: { url: fakeImageUrl(item.asin, 160), width: 160, height: 160 },
  };
}

function defaultListings(item: FakeItem): FakeListing[] {
  if (item.availability === 'UNAVAILABLE' && item.price === null) return [];
  const listing: FakeListing = {
    isBuyBoxWinner: true,
    type: 'BUY_BOX_WINNER',
    availability: {
      type: item.availability,
      message: item.availability.startsWith('IN_STOCK') ? 'Disponibilità immediata' : 'Attualmente non disponibile',
      minOrderQuantity: 1,
      maxOrderQuantity: 10,
    },
    condition: { value: 'New', subCondition: 'New' },
    merchantInfo: { id: 'A11IL2PNWYJU7H', name: 'Amazon.it' },
  };
  if (item.price !== null) listing.price = { money: { amount: item.price, currency: 'EUR', displayAmount: euro(item.price) } };
  return [listing];
}

/** The wire item, with only the resources asked for (as Amazon does). */
function wireItem(item: FakeItem, resources: ReadonlySet<string>, partnerTag: string): Record<string, unknown> {
  const out: Record<string, unknown> = {
    asin: item.asin,
    detailPageURL: `https://www.amazon.it/dp/${item.asin}?tag=${encodeURIComponent(partnerTag)}&linkCode=ogi&th=1&psc=1`,
  };
  const itemInfo: Record<string, unknown> = {};
  if (resources.has('itemInfo.title')) itemInfo.title = { displayValue: item.title, label: 'Title', locale: 'it_IT' };
  if (resources.has('itemInfo.byLineInfo') && item.brand) {
    itemInfo.byLineInfo = { brand: { displayValue: item.brand, label: 'Brand', locale: 'it_IT' } };
  }
  if (resources.has('itemInfo.features') && item.features && item.features.length > 0) {
    itemInfo.features = { displayValues: item.features, label: 'Features', locale: 'it_IT' };
  }
  if (Object.keys(itemInfo).length > 0) out.itemInfo = itemInfo;
  // Only the sizes asked for, each as {url, width, height}; no `images` at all when none of them exists.
  const images = imagesOf(item);
  const primary: Record<string, FakeImage> = {};
  for (const size of ['medium', 'large'] as const) {
    const image = images?.[size];
    if (resources.has(`images.primary.${size}`) && image) primary[size] = image;
  }
  if (Object.keys(primary).length > 0) out.images = { primary };
  const listingFields = [...resources].filter((r) => r.startsWith('offersV2.listings.')).map((r) => r.slice('offersV2.listings.'.length));
  if (listingFields.length > 0) {
    const listings = (item.listings ?? defaultListings(item)).map((listing) =>
      Object.fromEntries(Object.entries(listing).filter(([key]) => listingFields.includes(key))),
    );
    out.offersV2 = { listings };
  }
  return out;
}

function parseBody(raw: string, contentType: string): unknown {
  if (contentType.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function readRaw(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 1_000_000) req.destroy(new Error('body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export async function startFakeCreatorsApi(options: FakeCreatorsApiOptions = {}): Promise<FakeCreatorsApi> {
  const catalogue = new Map<string, FakeItem>();
  const refused = new Set<string>();
  for (const item of options.catalogue ?? []) catalogue.set(item.asin.toUpperCase(), { ...item, asin: item.asin.toUpperCase() });
  const tokenTtlSeconds = options.tokenTtlSeconds ?? 3600;
  const credentials = options.credentials ?? { ...DEFAULT_FAKE_CREDENTIALS };
  const marketplace = options.marketplace ?? 'www.amazon.it';
  const requestsPerSecond = options.requestsPerSecond ?? null;

  const tokens = new Map<string, { expiresAt: number; issuer: 'cognito' | 'lwa' }>();
  const requests: RecordedRequest[] = [];
  const tokenLog: RecordedRequest[] = [];
  const faults: FakeFault[] = [];
  const pendingDelays = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  let lastAcceptedAt = Number.NEGATIVE_INFINITY;
  let closing: Promise<void> | null = null;

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const entry = { timer: setTimeout(() => (pendingDelays.delete(entry), resolve()), ms), resolve };
      pendingDelays.add(entry);
    });

  function handleToken(path: string, req: IncomingMessage, body: unknown): HttpReply {
    if (req.method !== 'POST') return reply(405, { error: 'invalid_request', error_description: 'POST only' });
    if (!isRecord(body)) return reply(400, { error: 'invalid_request', error_description: 'Body must be form-urlencoded or JSON' });
    let id = body.client_id;
    let secret = body.client_secret;
    const basic = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    if (basic?.[1]) {
      const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      id = decoded.slice(0, colon);
      secret = decoded.slice(colon + 1);
    }
    if (body.grant_type !== 'client_credentials') return reply(400, { error: 'unsupported_grant_type' });
    const scope = path === COGNITO_PATH ? 'creatorsapi/default' : 'creatorsapi::default';
    if (body.scope !== scope) return reply(400, { error: 'invalid_scope', error_description: `scope must be ${scope}` });
    if (id !== credentials.id || secret !== credentials.secret) {
      // Cognito answers 400, Login with Amazon 401.
      return reply(path === COGNITO_PATH ? 400 : 401, { error: 'invalid_client', error_description: 'Client authentication failed' });
    }
    const issuer = path === COGNITO_PATH ? 'cognito' : 'lwa';
    const token = `${issuer === 'lwa' ? 'Atc|' : 'eyJ'}${randomBytes(18).toString('hex')}`;
    tokens.set(token, { expiresAt: Date.now() + tokenTtlSeconds * 1000, issuer });
    return reply(200, { access_token: token, token_type: 'bearer', expires_in: tokenTtlSeconds });
  }

  function authorise(req: IncomingMessage): HttpReply | null {
    const match = /^Bearer\s+([^\s,]+)(?:,\s*Version\s+(\S+))?$/.exec(req.headers.authorization ?? '');
    if (!match?.[1]) return unauthorized('InvalidToken', 'Missing or malformed Authorization header.');
    const token = tokens.get(match[1]);
    if (!token) return unauthorized('InvalidToken', 'The access token is invalid.');
    if (Date.now() >= token.expiresAt) return unauthorized('TokenExpired', 'The access token has expired.');
    // v2.x (Cognito) tokens are verified against the issuer named by "Version 2.x"; v3.x tokens carry no version.
    const version = match[2];
    if (token.issuer === 'cognito' ? !/^2\.[123]$/.test(version ?? '') : version !== undefined) {
      return unauthorized('InvalidIssuer', 'The token issuer does not match the credential version.');
    }
    return null;
  }

  function throttle(): HttpReply | null {
    if (requestsPerSecond === null) return null;
    const interval = 1000 / requestsPerSecond;
    const now = performance.now();
    // 10% tolerance: a request that left the client on time may arrive a little early after a slow one.
    if (now - lastAcceptedAt < interval * 0.9) {
      const retryAfterSeconds = Math.max(1, Math.ceil((lastAcceptedAt + interval - now) / 1000));
      return reply(429, { type: 'ThrottleException', message: 'Rate exceeded.', retryAfterSeconds });
    }
    lastAcceptedAt = now;
    return null;
  }

  function validateCommon(req: IncomingMessage, body: unknown): HttpReply | Record<string, unknown> {
    if (req.headers['x-marketplace'] !== marketplace) {
      return validation(`The x-marketplace header must be ${marketplace}.`, ['x-marketplace'], 'InvalidMarketplace');
    }
    if (!(req.headers['content-type'] ?? '').includes('application/json')) return validation('Content-Type must be application/json.', ['Content-Type']);
    if (!isRecord(body)) return validation('The request body is not valid JSON.', []);
    if (typeof body.partnerTag !== 'string' || body.partnerTag === '') return validation('partnerTag is required.', ['partnerTag']);
    if (marketplace === 'www.amazon.it' && !/-21$/.test(body.partnerTag)) {
      return validation(`The partner tag ${body.partnerTag} is not valid for ${marketplace}.`, ['partnerTag'], 'InvalidPartnerTag');
    }
    if (body.marketplace !== undefined && body.marketplace !== marketplace) return validation('marketplace does not match x-marketplace.', ['marketplace']);
    if ('partnerType' in body) return validation('partnerType is not a valid field.', ['partnerType']);
    const languages = body.languagesOfPreference;
    if (languages !== undefined && (!Array.isArray(languages) || languages.length !== 1 || languages[0] !== 'it_IT')) {
      return validation('languagesOfPreference accepts one entry: it_IT.', ['languagesOfPreference']);
    }
    if (body.currencyOfPreference !== undefined && body.currencyOfPreference !== 'EUR') return validation('currencyOfPreference must be EUR.', ['currencyOfPreference']);
    if (body.condition !== undefined && body.condition !== 'Any' && body.condition !== 'New') return validation('condition must be Any or New.', ['condition']);
    const resources = body.resources ?? [];
    if (!Array.isArray(resources) || resources.some((r) => typeof r !== 'string' || !KNOWN_RESOURCES.has(r))) {
      const bad = Array.isArray(resources) ? resources.filter((r) => typeof r !== 'string' || !KNOWN_RESOURCES.has(r)) : [resources];
      return validation(`Invalid resources: ${bad.join(', ')}.`, ['resources']);
    }
    return body;
  }

  /** Omitting `resources` returns the title only. */
  function resourceSet(body: Record<string, unknown>): Set<string> {
    const resources = (body.resources as string[] | undefined) ?? [];
    return new Set(resources.length > 0 ? resources : ['itemInfo.title']);
  }

  function getItems(body: Record<string, unknown>): HttpReply {
    const ids = body.itemIds;
    if (!Array.isArray(ids) || ids.length < 1 || ids.length > 10 || ids.some((id) => typeof id !== 'string')) {
      return validation('itemIds must contain between 1 and 10 item IDs.', ['itemIds']);
    }
    if (body.itemIdType !== undefined && body.itemIdType !== 'ASIN') return validation('itemIdType must be ASIN.', ['itemIdType']);
    const resources = resourceSet(body);
    const items: Record<string, unknown>[] = [];
    const errors: { code: string; message: string }[] = [];
    for (const id of ids as string[]) {
      if (!/^[A-Z0-9]{10}$/i.test(id)) {
        errors.push({ code: 'InvalidParameterValue', message: `The value [${id}] provided in the request for ItemIds is invalid.` });
        continue;
      }
      const item = refused.has(id.toUpperCase()) ? undefined : catalogue.get(id.toUpperCase());
      if (item) items.push(wireItem(item, resources, body.partnerTag as string));
      else errors.push({ code: 'ItemNotAccessible', message: `The ItemId ${id} is not accessible through the Creators API.` });
    }
    if (items.length === 0) {
      return reply(404, {
        type: 'ResourceNotFoundException',
        message: 'The requested resources were not found.',
        resourceType: 'Item',
        resourceId: (ids as string[]).join(','),
      });
    }
    if (options.itemOrder === 'reversed') items.reverse();
    return reply(200, { ...(errors.length > 0 && { errors }), [options.itemsContainer ?? 'itemsResult']: { items } });
  }

  function searchItems(body: Record<string, unknown>): HttpReply {
    const criteria = ['keywords', 'actor', 'artist', 'author', 'brand', 'title'];
    if (!criteria.some((key) => typeof body[key] === 'string' && body[key].trim() !== '')) {
      return validation('At least one of keywords, actor, artist, author, brand, title is required.', criteria);
    }
    const itemCount = body.itemCount ?? 10;
    const itemPage = body.itemPage ?? 1;
    if (!Number.isInteger(itemCount) || (itemCount as number) < 1 || (itemCount as number) > 10) return validation('itemCount must be between 1 and 10.', ['itemCount']);
    if (!Number.isInteger(itemPage) || (itemPage as number) < 1 || (itemPage as number) > 10) return validation('itemPage must be between 1 and 10.', ['itemPage']);
    if (body.searchIndex !== undefined && typeof body.searchIndex !== 'string') return validation('searchIndex must be a string.', ['searchIndex']);
    const words = String(body.keywords ?? body.title ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const brand = typeof body.brand === 'string' ? body.brand.toLowerCase() : null;
    const matches = [...catalogue.values()].filter((item) => {
      if (refused.has(item.asin)) return false;
      const text = `${item.title} ${item.brand ?? ''}`.toLowerCase();
      return words.every((word) => text.includes(word)) && (brand === null || (item.brand ?? '').toLowerCase() === brand);
    });
    const count = itemCount as number;
    const page = matches.slice(((itemPage as number) - 1) * count, (itemPage as number) * count);
    if (page.length === 0) return reply(404, { type: 'ResourceNotFoundException', message: 'No results found for your request.' });
    const resources = resourceSet(body);
    return reply(200, {
      searchResult: {
        items: page.map((item) => wireItem(item, resources, body.partnerTag as string)),
        totalResultCount: matches.length,
        searchURL: `https://www.amazon.it/s?k=${encodeURIComponent(words.join(' '))}&tag=${encodeURIComponent(body.partnerTag as string)}`,
      },
    });
  }

  async function route(req: IncomingMessage, path: string, body: unknown): Promise<HttpReply> {
    const fault = faults.shift();
    if (fault?.delayMs) await wait(fault.delayMs);
    if (fault?.status !== undefined) return reply(fault.status, fault.body ?? DEFAULT_FAULT_BODIES[fault.status] ?? {}, fault.headers);
    if (req.method !== 'POST') return reply(405, { type: 'ValidationException', message: 'Use POST.' });
    const denied = authorise(req) ?? throttle();
    if (denied) return denied;
    const valid = validateCommon(req, body);
    if (valid instanceof HttpReply) return valid;
    return path.endsWith('/getItems') ? getItems(valid) : searchItems(valid);
  }

  function send(res: ServerResponse, record: RecordedRequest, result: HttpReply): void {
    if (res.destroyed) return; // the client timed out and left
    record.status = result.status;
    const text = typeof result.body === 'string' ? result.body : JSON.stringify(result.body);
    res.writeHead(result.status, { 'content-type': 'application/json', ...result.headers });
    res.end(text);
  }

  const server = createServer((req, res) => {
    const time = performance.timeOrigin + performance.now();
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      const rawBody = await readRaw(req);
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
      const body = parseBody(rawBody, headers['content-type'] ?? '');
      const record: RecordedRequest = { method: req.method ?? 'GET', path, headers, body, rawBody, time, status: null };
      if (path === COGNITO_PATH || path === LWA_PATH) {
        tokenLog.push(record);
        send(res, record, handleToken(path, req, body));
      } else if (API_PATHS.has(path)) {
        requests.push(record);
        send(res, record, await route(req, path, body));
      } else {
        send(res, record, reply(404, { message: `No route for ${req.method} ${path}` }));
      }
    })().catch((error: unknown) => {
      if (!res.headersSent && !res.destroyed) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ type: 'InternalServerException', message: String(error) }));
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const url = `http://${address.address}:${address.port}`;

  return {
    url,
    tokenUrl: `${url}${LWA_PATH}`,
    tokenUrls: { '2.x': `${url}${COGNITO_PATH}`, '3.x': `${url}${LWA_PATH}` },
    credentials,
    requests,
    tokenLog,
    get tokenRequests() {
      return tokenLog.length;
    },
    setItem(item) {
      catalogue.set(item.asin.toUpperCase(), { ...item, asin: item.asin.toUpperCase() });
    },
    removeItem(asin) {
      catalogue.delete(asin.toUpperCase());
    },
    setAccessible(asin, accessible) {
      if (accessible) refused.delete(asin.toUpperCase());
      else refused.add(asin.toUpperCase());
    },
    failNext(count, fault) {
      for (let i = 0; i < count; i++) faults.push({ ...fault });
    },
    expireTokens() {
      for (const token of tokens.values()) token.expiresAt = 0;
    },
    close() {
      closing ??= closeServer();
      return closing;
    },
  };

  function closeServer(): Promise<void> {
    for (const entry of pendingDelays) {
      clearTimeout(entry.timer);
      entry.resolve();
    }
    pendingDelays.clear();
    return new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections();
    });
  }
}
