/**
 * The components section's retailer actions (product spec, "Screens and routes", "States and transitions",
 * "Error catalogue"): smart replacement, price update and import from an Amazon cart, each an intent of the route's
 * action (editor-data.ts) through one fetcher, so one runs at a time. Replacement and price update work on the saved
 * build, so they need an id; the action reads the build again afterwards and it is merged into the form
 * (merge-server.ts).
 */
import { type Dispatch, useState } from 'react';
import { useFetcher } from 'react-router';
import type { BuildForm } from '../form/build-form';
import { type EditorActionResult, type EditorJsonIntent, JSON_SUBMIT, type RetailerNotice } from '../editor-data';
import { type EditorAction, importSetsAffiliateTag } from '../editor-reducer';
import { RETAILER_MESSAGES } from '../editor-messages';
import { submittedIntent } from '../save/submitted-intent';
import { useFetcherResult } from '../../../use-fetcher-result';

export type RetailerAction = 'smart' | 'prices' | 'import';

interface Options {
  buildId: number | null;
  /** The form as it is now: the import decides about the affiliate tag on it. */
  form: BuildForm;
  dispatch: Dispatch<EditorAction>;
}

/** The import dialog while open; `error` is a new object per failure, so the dialog focuses its field each time. */
export type ImportDialogState = { error: { message: string } | null } | null;

const RETAILER_INTENTS: readonly string[] = ['smart', 'prices', 'import'] satisfies RetailerAction[];
const isRetailerAction = (intent: string | null): intent is RetailerAction => intent !== null && RETAILER_INTENTS.includes(intent);

export function useRetailerActions({ buildId, form, dispatch }: Options) {
  const fetcher = useFetcher<EditorActionResult>();
  const [notice, setNotice] = useState<RetailerNotice | null>(null);
  const [importDialog, setImportDialog] = useState<ImportDialogState>(null);
  /** Component ids the last smart replacement swapped. */
  const [replacedIds, setReplacedIds] = useState<ReadonlySet<number>>(new Set());
  /** ASINs whose price the last price update refreshed. */
  const [updatedAsins, setUpdatedAsins] = useState<ReadonlySet<string>>(new Set());
  const pending = fetcher.state === 'idle' ? null : submittedIntent(fetcher.json);
  const running: RetailerAction | null = isRetailerAction(pending) ? pending : null;

  function submit(intent: EditorJsonIntent) {
    // The last outcome goes while the next action runs, so a notice on screen is always about the latest
    // one (a second cart of the same size would otherwise look imported at once).
    setNotice(null);
    void fetcher.submit(intent, JSON_SUBMIT);
  }

  useFetcherResult(fetcher, (result) => {
    switch (result.intent) {
      case 'smart':
      case 'prices':
        if (result.status === 'done') {
          if (result.build) dispatch({ type: 'serverChanged', build: result.build, at: result.at });
          if (result.intent === 'smart') setReplacedIds(new Set(result.replacedIds));
          else setUpdatedAsins(new Set(result.updatedAsins));
        }
        setNotice(result.notice);
        return;
      case 'import':
        if (result.status === 'failed') {
          setImportDialog((open) => open && { error: { message: result.message } });
          return;
        }
        dispatch({ type: 'imported', components: result.components, affiliateTag: result.affiliateTag });
        setImportDialog(null);
        setNotice({
          tone: 'success',
          title: RETAILER_MESSAGES.imported(result.components.length),
          lines: result.affiliateTag
            ? [importSetsAffiliateTag(form, result.affiliateTag) ? RETAILER_MESSAGES.tagApplied(result.affiliateTag) : RETAILER_MESSAGES.tagKept(result.affiliateTag)]
            : undefined,
        });
        return;
      default:
        return;
    }
  }, { answerAtMount: 'apply' });

  return {
    running,
    notice,
    dismissNotice: () => setNotice(null),
    /** The section's notice for what the search did (a component added or replaced). */
    showNotice: (next: RetailerNotice) => setNotice(next),
    replacedIds,
    updatedAsins,
    smartReplace: () => {
      if (running) return;
      if (buildId === null) setNotice({ tone: 'error', title: RETAILER_MESSAGES.smartNeedsSave });
      else submit({ intent: 'smart' });
    },
    updatePrices: () => {
      if (running) return;
      if (buildId === null) setNotice({ tone: 'error', title: RETAILER_MESSAGES.pricesNeedSave });
      else submit({ intent: 'prices' });
    },
    importDialog,
    openImport: () => setImportDialog({ error: null }),
    closeImport: () => setImportDialog(null),
    importCart: (cartUrl: string) => {
      if (running) return;
      setImportDialog({ error: null });
      submit({ intent: 'import', cartUrl });
    },
  };
}

export type RetailerActions = ReturnType<typeof useRetailerActions>;
