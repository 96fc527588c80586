/** Amazon Creators API integration: the only code that talks to Amazon. */
export { createCreatorsClient, ITEM_RESOURCES, MAX_ITEMS_PER_REQUEST, MAX_SEARCH_PAGE } from './creators-client';
export type { CreatorsClient, CreatorsClientOptions, SearchItemsParams, SearchPage } from './creators-client';
export { CreatorsApiError, isCreatorsApiError } from './creators-api-error';
export type { CreatorsApiErrorKind, CreatorsEndpoint } from './creators-api-error';
export { AVAILABILITY_TYPES, pickListing } from './items';
export type { Availability, FoundItem, ItemImage, ItemLookup, ItemNotFound } from './items';
export { createRateQueue, sharedRateQueue } from './rate-queue';
export type { RateQueue } from './rate-queue';
export { creatorsApiSettingsMissing, isCreatorsApiConfigured } from './settings';
export { authorizationHeader, createTokenProvider, tokenEndpointFor, TOKEN_REFRESH_MARGIN_MS } from './token-provider';
export type { CredentialVersion, TokenProvider } from './token-provider';
