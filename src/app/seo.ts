/** Per-page <head> tags: title, description, canonical URL, robots, Open Graph and Twitter card (absolute URLs). */
import type { MetaDescriptor } from 'react-router';
import { DEFAULT_SOCIAL_IMAGE, previewOfCover, type SiteImage } from '../common/site-images';

export interface SiteMeta {
  siteName: string;
  publicBaseUrl: string;
}

/** A link preview's image: a JPEG or PNG (some preview services show no WebP), its size and what it shows. */
export interface PreviewImage extends SiteImage {
  alt: string;
}

export interface PageMeta {
  title: string;
  description: string;
  /** Path of the page's canonical URL, e.g. '/build/slug'. */
  path: string;
  /** The preview image; defaults to the site's social card. */
  image?: PreviewImage;
  type?: 'website' | 'article';
  publishedTime?: string | null;
  modifiedTime?: string | null;
  /** 'noindex, follow' for pages kept out of search results whose links are still worth following. */
  robots?: string;
}

export { DEFAULT_SOCIAL_IMAGE };

export function toAbsoluteUrl(pathOrUrl: string, baseUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : new URL(pathOrUrl, `${baseUrl}/`).toString();
}

/**
 * The preview image of a page with this cover: the cover's JPEG rendition when it is one of our uploads,
 * else the site's card (a cover from elsewhere has no size we could state).
 */
export function coverPreview(cover: string | null | undefined, alt: string): PreviewImage {
  const preview = previewOfCover(cover);
  return preview ? { ...preview, alt } : DEFAULT_SOCIAL_IMAGE;
}

export function pageMeta(site: SiteMeta, page: PageMeta): MetaDescriptor[] {
  const url = toAbsoluteUrl(page.path, site.publicBaseUrl);
  const preview = page.image ?? DEFAULT_SOCIAL_IMAGE;
  const image = toAbsoluteUrl(preview.path, site.publicBaseUrl);
  const tags: MetaDescriptor[] = [
    { title: page.title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: site.siteName },
    { property: 'og:locale', content: 'it_IT' },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:image:type', content: preview.type },
    { property: 'og:image:width', content: String(preview.width) },
    { property: 'og:image:height', content: String(preview.height) },
    { property: 'og:image:alt', content: preview.alt },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: page.title },
    { name: 'twitter:description', content: page.description },
    { name: 'twitter:image', content: image },
    { name: 'twitter:image:alt', content: preview.alt },
  ];
  if (page.robots) tags.push({ name: 'robots', content: page.robots });
  if (page.publishedTime) tags.push({ property: 'article:published_time', content: page.publishedTime });
  if (page.modifiedTime) tags.push({ property: 'article:modified_time', content: page.modifiedTime });
  return tags;
}

/** The root loader's site settings, from a route's meta() arguments. */
export function siteFromMatches(matches: readonly ({ id: string; data?: unknown } | undefined)[]): SiteMeta {
  const root = matches.find((match) => match?.id === 'root')?.data as Partial<SiteMeta> | undefined;
  return { siteName: root?.siteName ?? 'Build PC', publicBaseUrl: root?.publicBaseUrl ?? '' };
}
