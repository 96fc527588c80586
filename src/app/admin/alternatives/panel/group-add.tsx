/**
 * "Add a whole group" of the editor's alternatives panel (product spec, "Error catalogue"): the groups of the component's
 * type first, one of them preselected (one with alternatives when there is one), then the others.
 */
import { useState } from 'react';
import { inputClass, Notice, secondaryButtonClass } from '../../ui';
import { orderCategoriesFor } from '../alternative-form';
import { labelClass } from '../styles';
import type { loadGroups } from './panel-data';

interface GroupAddProps {
  idPrefix: string;
  componentType: string;
  /** The groups' load: undefined while it runs (or before the panel is opened). */
  groups: Awaited<ReturnType<typeof loadGroups>> | undefined;
  /** A write of the panel is running: one at a time. */
  busy: boolean;
  /** The running write is this group add. */
  adding: boolean;
  onAdd: (categoryId: string) => void;
}

export function GroupAdd({ idPrefix, componentType, groups, busy, adding, onAdd }: GroupAddProps) {
  // null until the author picks one: the preselection follows the groups as they load.
  const [chosen, setChosen] = useState<string | null>(null);
  const grouped = groups?.categories ? orderCategoriesFor(groups.categories, componentType) : null;
  const preferred = grouped ? (grouped.matching.find((category) => category.alternatives_count > 0) ?? grouped.matching[0]) : undefined;
  const categoryId = chosen ?? (preferred ? String(preferred.id) : '');
  const titleId = `${idPrefix}-group-title`;
  const selectId = `${idPrefix}-group`;

  return (
    <div role="group" aria-labelledby={titleId} className="space-y-2" data-testid="alternative-group-add">
      <h3 id={titleId} className="text-sm font-semibold">
        Aggiungi un gruppo di alternative
      </h3>
      {groups?.error && (
        <Notice tone="error" testId="alternatives-groups-error">
          {groups.error}
        </Notice>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <label htmlFor={selectId} className={labelClass}>
            Gruppo
          </label>
          <select id={selectId} value={categoryId} onChange={(event) => setChosen(event.target.value)} disabled={grouped === null} className={inputClass}>
            <option value="">{groups === undefined ? 'Caricamento dei gruppi...' : 'Scegli un gruppo'}</option>
            {grouped && grouped.matching.length > 0 && (
              <optgroup label={`Gruppi per ${componentType}`}>
                {grouped.matching.map((category) => (
                  <option key={category.id} value={category.id}>
                    {category.name} ({category.alternatives_count})
                  </option>
                ))}
              </optgroup>
            )}
            {grouped && grouped.others.length > 0 && (
              <optgroup label={grouped.matching.length > 0 ? 'Altri gruppi' : 'Tutti i gruppi'}>
                {grouped.others.map((category) => (
                  <option key={category.id} value={category.id}>
                    {category.name} ({category.alternatives_count})
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        </div>
        <button type="button" onClick={() => onAdd(categoryId)} disabled={busy || !categoryId} className={secondaryButtonClass}>
          {adding ? 'Aggiunta del gruppo...' : 'Aggiungi gruppo'}
        </button>
      </div>
    </div>
  );
}
