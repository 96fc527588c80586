/** The SEO module's face (sitemap and robots.txt): what other code may use of it. */
export { createSeoService, type SeoService, type SitemapDocument } from './seo.service';
