/**
 * What restoring a revision would change (the editor's 'Cronologia'): the build as it is now
 * (the admin build GET, not the newest revision: a price refresh or the publish job change the build
 * without recording one) against the revision, field by field, the article line by line, components
 * matched by their row id. Values are shown as the editor shows them (Italian labels, euro, Rome time).
 * Pure, so it is unit-tested; the panel only lays it out.
 */
import { categoryLabel, statusLabel } from '../../../../common/catalog';
import { formatDateTime, formatPrice } from '../../../../common/format';
import { centsToEuro, euroToCents } from '../../../../common/money';
import type { BuildAdmin } from '../../../../modules/builds';
import { type RevisionSnapshot, scheduleHasPassed } from '../../../../modules/builds/revisions.schema';

type SnapshotBuild = RevisionSnapshot['build'];
type SnapshotComponent = RevisionSnapshot['components'][number];

/** What the comparison reads of a version: a revision's snapshot, or the build as it is now (currentVersion). */
export interface DiffSide {
  build: SnapshotBuild;
  components: Pick<SnapshotComponent, 'id' | 'type' | 'name' | 'price_cents' | 'amazon_link' | 'specs' | 'position'>[];
}

/** The build as the admin API answers it now, in the shape of a snapshot (cents, stored link). */
export function currentVersion(build: BuildAdmin): DiffSide {
  return {
    build: {
      title: build.title,
      description: build.description,
      content: build.content,
      category: build.category,
      budget_cents: build.budget === null ? null : euroToCents(build.budget),
      status: build.status,
      featured_image: build.featured_image,
      meta_title: build.meta_title,
      meta_description: build.meta_description,
      affiliate_tag: build.affiliate_tag,
      publish_at: build.publish_at,
    },
    components: build.components.map((component) => ({
      id: component.id,
      type: component.type,
      name: component.name,
      price_cents: component.price === null ? null : euroToCents(component.price),
      amazon_link: component.amazon_link,
      specs: component.specs,
      position: component.position,
    })),
  };
}

const FIELD_LABELS: Record<Exclude<keyof SnapshotBuild, 'content'>, string> = {
  title: 'Titolo',
  description: 'Descrizione',
  category: 'Categoria',
  budget_cents: 'Budget',
  status: 'Stato',
  featured_image: 'Immagine in evidenza',
  meta_title: 'Meta title',
  meta_description: 'Meta description',
  affiliate_tag: 'Tag affiliato',
  publish_at: 'Pubblicazione programmata',
};

export interface FieldChange {
  label: string;
  /** As it is now. */
  now: string;
  /** As the revision has it (what a restore brings back). */
  then: string;
}

export type LineChange = { kind: 'same' | 'removed' | 'added'; text: string };

export interface ComponentChange {
  kind: 'added' | 'removed' | 'changed';
  /** Name as the revision has it (added: as it is now). */
  name: string;
  /** For 'changed': what differs, e.g. 'Prezzo: 199,90 € → 189,90 €'. */
  details: string[];
}

export interface RevisionDiff {
  fields: FieldChange[];
  /** Null when the article is the same; lines removed/added going from now to the revision. */
  content: LineChange[] | null;
  components: ComponentChange[];
  /** What the restore leaves as it is although the revision differs (a schedule already passed). */
  notes: string[];
}

/** A field's value as the editor shows it: Italian status and category, euro, Rome date and time. */
function fieldText(field: keyof SnapshotBuild, build: SnapshotBuild): string {
  const value = build[field];
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'budget_cents') return formatPrice(centsToEuro(value as number));
  if (field === 'publish_at') return formatDateTime(String(value));
  if (field === 'category') return categoryLabel(String(value));
  if (field === 'status') {
    const label = statusLabel(String(value));
    return value === 'scheduled' && build.publish_at ? `${label} · ${formatDateTime(build.publish_at)}` : label;
  }
  return String(value);
}

/** Above this many lines on either side the article is compared whole (the line diff is quadratic). */
const MAX_DIFF_LINES = 1500;

/** Line diff by longest common subsequence: from `now` to `then`. */
export function diffLines(now: string, then: string): LineChange[] {
  const a = now.split('\n');
  const b = then.split('\n');
  if (a.length > MAX_DIFF_LINES || b.length > MAX_DIFF_LINES) {
    return [...a.map((text) => ({ kind: 'removed' as const, text })), ...b.map((text) => ({ kind: 'added' as const, text }))];
  }
  // lcs[i][j]: common lines of a[i..] and b[j..].
  const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  }
  const out: LineChange[] = [];
  let [i, j] = [0, 0];
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      out.push({ kind: 'same', text: a[i]! });
      i++;
      j++;
    } else if (j < b.length && (i === a.length || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) {
      out.push({ kind: 'added', text: b[j++]! });
    } else {
      out.push({ kind: 'removed', text: a[i++]! });
    }
  }
  return out;
}

const priceText = (cents: number | null) => formatPrice(centsToEuro(cents));

function componentDetails(now: DiffSide['components'][number], then: DiffSide['components'][number]): string[] {
  const details: string[] = [];
  if (now.type !== then.type) details.push(`Tipo: ${now.type} → ${then.type}`);
  if (now.name !== then.name) details.push(`Nome: ${now.name} → ${then.name}`);
  if (now.price_cents !== then.price_cents) details.push(`Prezzo: ${priceText(now.price_cents)} → ${priceText(then.price_cents)}`);
  if ((now.amazon_link ?? '') !== (then.amazon_link ?? '')) details.push(`Link Amazon: ${now.amazon_link ?? '—'} → ${then.amazon_link ?? '—'}`);
  if ((now.specs ?? '') !== (then.specs ?? '')) details.push(`Specifiche: ${now.specs ?? '—'} → ${then.specs ?? '—'}`);
  if (now.position !== then.position) details.push('Posizione cambiata');
  return details;
}

/** Status and schedule: what a restore leaves as it is when the revision's schedule has passed. */
const PUBLICATION_FIELDS: ReadonlySet<keyof SnapshotBuild> = new Set(['status', 'publish_at']);

/**
 * What changes if `then` (a revision) replaces `now` (the build as it is now), at `at` (ISO; a schedule
 * of the revision already passed then is not restored, as the server decides: scheduleHasPassed).
 */
export function revisionDiff(now: DiffSide, then: DiffSide, at: string = new Date().toISOString()): RevisionDiff {
  const keepsPublication = scheduleHasPassed(then.build, at);
  const differs = (field: keyof SnapshotBuild) => (now.build[field] ?? null) !== (then.build[field] ?? null);
  const fields = (Object.keys(FIELD_LABELS) as (keyof typeof FIELD_LABELS)[])
    .filter((field) => differs(field) && !(keepsPublication && PUBLICATION_FIELDS.has(field)))
    .map((field) => ({ label: FIELD_LABELS[field], now: fieldText(field, now.build), then: fieldText(field, then.build) }));
  const notes =
    keepsPublication && (differs('status') || differs('publish_at'))
      ? [
          `La pubblicazione programmata di questa revisione${then.build.publish_at ? ` (${formatDateTime(then.build.publish_at)})` : ''} è già passata: ` +
            `il ripristino lascia lo stato com'è ora (${fieldText('status', now.build)}).`,
        ]
      : [];
  const content = now.build.content === then.build.content ? null : diffLines(now.build.content, then.build.content);

  const thenById = new Map(then.components.map((component) => [component.id, component]));
  const nowIds = new Set(now.components.map((component) => component.id));
  const components: ComponentChange[] = [];
  for (const component of now.components) {
    const old = thenById.get(component.id);
    if (!old) components.push({ kind: 'removed', name: component.name, details: [] });
    else {
      const details = componentDetails(component, old);
      if (details.length > 0) components.push({ kind: 'changed', name: old.name, details });
    }
  }
  for (const component of then.components) if (!nowIds.has(component.id)) components.push({ kind: 'added', name: component.name, details: [] });
  return { fields, content, components, notes };
}
