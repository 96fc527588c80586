/** The RSS 2.0 document: a channel and its items (https://www.rssboard.org/rss-specification). */
import type { FeedItem } from './feed-item';
import { escapeXml } from '../../common/markup-escape';
import { cdata, rfc822Date } from './rss-xml';

export interface FeedChannel {
  title: string;
  /** Absolute URL of the page the channel follows (the home, or its category filter). */
  link: string;
  /** Absolute URL of this feed (atom:link rel="self"). */
  selfUrl: string;
  description: string;
  /**
   * When its newest item last changed (feed.service.ts), not when it was rendered: a reader can then tell
   * that nothing changed. Null without items (the element is left out).
   */
  lastBuildDate: Date | null;
}

const NAMESPACES = [
  'xmlns:content="http://purl.org/rss/1.0/modules/content/"',
  'xmlns:media="http://search.yahoo.com/mrss/"',
  'xmlns:atom="http://www.w3.org/2005/Atom"',
].join(' ');

function element(name: string, text: string): string {
  return `<${name}>${escapeXml(text)}</${name}>`;
}

function itemXml(item: FeedItem): string {
  const pubDate = item.publishedAt === null ? null : rfc822Date(item.publishedAt);
  const mediaType = item.cover.type === null ? '' : ` type="${escapeXml(item.cover.type)}"`;
  return [
    '    <item>',
    `      ${element('title', item.title)}`,
    `      ${element('link', item.link)}`,
    `      <guid isPermaLink="true">${escapeXml(item.link)}</guid>`,
    ...(pubDate === null ? [] : [`      ${element('pubDate', pubDate)}`]),
    ...(item.category === '' ? [] : [`      ${element('category', item.category)}`]),
    `      ${element('description', item.description)}`,
    `      <content:encoded>${cdata(item.contentHtml)}</content:encoded>`,
    `      <media:content url="${escapeXml(item.cover.url)}" medium="image"${mediaType}/>`,
    '    </item>',
  ].join('\n');
}

export function renderRssXml(channel: FeedChannel, items: FeedItem[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss version="2.0" ${NAMESPACES}>`,
    '  <channel>',
    `    ${element('title', channel.title)}`,
    `    ${element('link', channel.link)}`,
    `    <atom:link href="${escapeXml(channel.selfUrl)}" rel="self" type="application/rss+xml"/>`,
    `    ${element('description', channel.description)}`,
    '    <language>it-IT</language>',
    ...(channel.lastBuildDate === null ? [] : [`    ${element('lastBuildDate', rfc822Date(channel.lastBuildDate)!)}`]),
    ...items.map(itemXml),
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
