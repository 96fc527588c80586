/** The site search's face: the search service and the synonyms' service it is given (services.ts). */
export { createSearchService, type SearchService } from './search.service';
export { createSynonymsService, type SynonymsService } from './synonyms.service';
