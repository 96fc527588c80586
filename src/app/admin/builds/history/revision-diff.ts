/**
 * What restoring a revision would change (issue 13, the editor's 'Cronologia'): the build as it is now
 * against the revision, field by field, the article line by line, components matched by their row id.
 * Pure, so it is unit-tested; the panel only lays it out.
 */
import { formatDateTime, formatPrice } from '../../../../common/format';
import { centsToEuro } from '../../../../common/money';
import type { RevisionSnapshot } from '../../../../modules/builds/revisions.schema';

type SnapshotBuild = RevisionSnapshot['build'];
type SnapshotComponent = RevisionSnapshot['components'][number];

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
}

function fieldText(field: keyof SnapshotBuild, value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'budget_cents') return formatPrice(centsToEuro(value as number));
  if (field === 'publish_at') return formatDateTime(String(value));
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

function componentDetails(now: SnapshotComponent, then: SnapshotComponent): string[] {
  const details: string[] = [];
  if (now.type !== then.type) details.push(`Tipo: ${now.type} → ${then.type}`);
  if (now.name !== then.name) details.push(`Nome: ${now.name} → ${then.name}`);
  if (now.price_cents !== then.price_cents) details.push(`Prezzo: ${priceText(now.price_cents)} → ${priceText(then.price_cents)}`);
  if ((now.amazon_link ?? '') !== (then.amazon_link ?? '')) details.push(`Link Amazon: ${now.amazon_link ?? '—'} → ${then.amazon_link ?? '—'}`);
  if ((now.specs ?? '') !== (then.specs ?? '')) details.push(`Specifiche: ${now.specs ?? '—'} → ${then.specs ?? '—'}`);
  if (now.position !== then.position) details.push('Posizione cambiata');
  return details;
}

/** What changes if `then` (a revision) replaces `now` (the build's latest version). */
export function revisionDiff(now: RevisionSnapshot, then: RevisionSnapshot): RevisionDiff {
  const fields = (Object.keys(FIELD_LABELS) as (keyof typeof FIELD_LABELS)[])
    .filter((field) => (now.build[field] ?? null) !== (then.build[field] ?? null))
    .map((field) => ({ label: FIELD_LABELS[field], now: fieldText(field, now.build[field]), then: fieldText(field, then.build[field]) }));
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
  return { fields, content, components };
}
