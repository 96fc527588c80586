/**
 * The components section's retailer actions (spec sections 2, 4 and 8): smart replacement, price update
 * and import from an Amazon cart. Replacement and price update work on the saved build, so they need an
 * id; afterwards the build is read again and merged into the form (merge-server.ts).
 */
import { type Dispatch, useCallback, useState } from 'react';
import { formatCount } from '../../../common/format';
import type { BuildAdmin } from '../../../modules/builds/builds.types';
import type { ImportedComponent } from '../../../modules/importer/importer.service';
import type { SmartReplacementOutcome } from '../../../modules/replacements/replacements.types';
import { api, errorMessage } from '../api-client';
import type { BuildForm } from './build-form';
import { type EditorAction, importSetsAffiliateTag } from './editor-reducer';

export type RetailerAction = 'smart' | 'prices' | 'import';

export interface ActionNotice {
  tone: 'success' | 'error';
  title: string;
  lines?: string[];
}

interface PriceUpdateResponse {
  results: { asin: string; success: boolean; price: number | null; error?: string }[];
  summary: { total?: number; updated?: number; unchanged?: number; unavailable?: number; failed?: number };
}

interface ImportResponse {
  components: ImportedComponent[];
  affiliateTag: string | null;
}

const MESSAGES = {
  smartNeedsSave: 'Devi salvare la build prima di applicare la sostituzione intelligente',
  pricesNeedSave: 'Devi salvare la build prima di aggiornare i prezzi',
  smartDone: 'Sostituzione intelligente completata!',
  pricesDone: 'Aggiornamento prezzi completato!',
  smartFailed: 'Errore nella sostituzione intelligente',
  pricesFailed: "Errore nell'aggiornamento dei prezzi",
  importFailed: "Errore nell'importazione da Amazon",
  reloadFailed: 'Impossibile rileggere la build dopo la modifica: ricarica la pagina prima di salvare, per non annullare le modifiche del server.',
} as const;

interface Options {
  buildId: number | null;
  dispatch: Dispatch<EditorAction>;
  /** The form as it is now (the import decides about the affiliate tag on it). */
  getForm(): BuildForm;
  /** The build as re-read after a server-side change, before it is merged into the form. */
  onReloaded(build: BuildAdmin): void;
}

export function useRetailerActions({ buildId, dispatch, getForm, onReloaded }: Options) {
  const [running, setRunning] = useState<RetailerAction | null>(null);
  const [notice, setNotice] = useState<ActionNotice | null>(null);
  /** Component ids the last smart replacement swapped. */
  const [replacedIds, setReplacedIds] = useState<ReadonlySet<number>>(new Set());
  /** ASINs whose price the last price update refreshed. */
  const [updatedAsins, setUpdatedAsins] = useState<ReadonlySet<string>>(new Set());

  /** Reads the build again and merges it; returns a line for the notice when that fails. */
  const reload = useCallback(
    async (id: number): Promise<string[]> => {
      try {
        const { build } = await api.get<{ build: BuildAdmin }>(`/admin/builds/${id}`);
        // Told first, while the editor still holds the baseline the reloaded build is compared with.
        onReloaded(build);
        dispatch({ type: 'serverChanged', build });
        return [];
      } catch {
        return [MESSAGES.reloadFailed];
      }
    },
    [dispatch, onReloaded],
  );

  async function smartReplace() {
    if (running) return;
    if (buildId === null) return setNotice({ tone: 'error', title: MESSAGES.smartNeedsSave });
    setRunning('smart');
    setNotice(null);
    try {
      const { results, summary } = await api.post<SmartReplacementOutcome>(`/admin/builds/${buildId}/smart-replacement`);
      const problems = results.filter((result) => !result.success && result.message).map((result) => `${result.asin}: ${result.message}`);
      const reloadProblem = await reload(buildId);
      setReplacedIds(new Set(results.filter((result) => result.status === 'replaced').map((result) => result.componentId)));
      setNotice({
        tone: 'success',
        title: MESSAGES.smartDone,
        lines: [
          `Disponibili: ${formatCount(summary.available)}`,
          `Sostituiti: ${formatCount(summary.replaced)}`,
          `Non disponibili: ${formatCount(summary.unavailable)}`,
          `Errori: ${formatCount(summary.errors)}`,
          ...problems,
          ...reloadProblem,
        ],
      });
    } catch (error) {
      setNotice({ tone: 'error', title: errorMessage(error, MESSAGES.smartFailed) });
    } finally {
      setRunning(null);
    }
  }

  async function updatePrices() {
    if (running) return;
    if (buildId === null) return setNotice({ tone: 'error', title: MESSAGES.pricesNeedSave });
    setRunning('prices');
    setNotice(null);
    try {
      const { results, summary } = await api.post<PriceUpdateResponse>(`/admin/builds/${buildId}/update-prices`);
      const reloadProblem = await reload(buildId);
      setUpdatedAsins(new Set(results.filter((result) => result.success).map((result) => result.asin.toUpperCase())));
      setNotice({
        tone: 'success',
        title: MESSAGES.pricesDone,
        lines: [
          `Componenti controllati: ${formatCount(summary.total)}`,
          `Aggiornati: ${formatCount(summary.updated)}`,
          `Invariati: ${formatCount(summary.unchanged)}`,
          `Non disponibili: ${formatCount(summary.unavailable)}`,
          `Errori: ${formatCount(summary.failed)}`,
          ...results.filter((result) => !result.success && result.error).map((result) => `${result.asin}: ${result.error}`),
          ...reloadProblem,
        ],
      });
    } catch (error) {
      setNotice({ tone: 'error', title: errorMessage(error, MESSAGES.pricesFailed) });
    } finally {
      setRunning(null);
    }
  }

  /** Resolves with null on success, or the message the dialog shows. */
  async function importCart(cartUrl: string): Promise<string | null> {
    if (running) return null;
    setRunning('import');
    // As for the other actions: the last outcome goes while this one runs, so a notice on screen is always
    // about the latest import (a second cart of the same size would otherwise look imported at once).
    setNotice(null);
    try {
      const { components, affiliateTag } = await api.post<ImportResponse>('/admin/import-amazon', { cartUrl });
      const tagApplied = importSetsAffiliateTag(getForm(), affiliateTag);
      dispatch({ type: 'imported', components, affiliateTag });
      setNotice({
        tone: 'success',
        title: `Importati ${components.length} componenti con successo!`,
        lines: affiliateTag
          ? [tagApplied ? `Tag affiliato impostato: ${affiliateTag}` : `Tag affiliato del carrello (${affiliateTag}) non applicato: la build ne ha già uno.`]
          : undefined,
      });
      return null;
    } catch (error) {
      return errorMessage(error, MESSAGES.importFailed);
    } finally {
      setRunning(null);
    }
  }

  return { running, notice, dismissNotice: () => setNotice(null), replacedIds, updatedAsins, smartReplace, updatePrices, importCart };
}
