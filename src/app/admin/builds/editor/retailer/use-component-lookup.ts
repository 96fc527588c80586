/**
 * The lookup of a component's product (decision 019): an Amazon product link or an ASIN pasted in the
 * component's 'Link Amazon' field (or typed there, when the field is left) is looked up on the retailer
 * through the resource route /admin/retailer-item, and the answer fills the fields the component leaves
 * empty (retailer-fields.ts). One fetcher per component, held by its table row, which stays mounted
 * when the card closes: an answer arriving after the card was closed is still applied. A newer lookup
 * of the same component aborts an older one, and an answer about a link no longer in the field is dropped.
 *
 * With the retailer known to be not configured, nothing is asked: the link is just a link.
 */
import { useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { isAmazonLink } from '../../../../../common/amazon-hosts';
import { isValidAsin, normalizeAsin } from '../../../../../common/asin';
import { paths } from '../../../../../common/paths';
import type { RetailerItem } from '../../../../../modules/retailer-items/retailer-items.schema';
import type { ComponentField, ComponentForm } from '../form/build-form';
import { SEARCH_MESSAGES } from '../editor-messages';
import type { loadRetailerItem } from './retailer-data';
import { fillEmptyFields } from './retailer-fields';
import { useFetcherResult } from '../../../use-fetcher-result';

export interface LookupOutcome {
  tone: 'success' | 'error';
  text: string;
}

export interface ComponentLookup {
  /** The lookup is running. */
  pending: boolean;
  /** What the last lookup did, for the status under the link. */
  outcome: LookupOutcome | null;
  /** Looks `reference` up, unless it is empty or was the last one looked up (the link field's paste and blur). */
  lookUp: (reference: string) => void;
}

const FIELD_LABELS: Record<ComponentField, string> = {
  type: 'tipo',
  name: 'nome',
  brand: 'marca',
  model: 'modello',
  specs: 'specifiche',
  price: 'prezzo',
  amazon_link: 'link',
  asin: 'ASIN',
  image_url: 'immagine',
  socket: 'socket',
  memory_type: 'tipo di memoria',
  form_factor: 'formato',
  watts: 'potenza',
};

/** 'Dati caricati da Amazon: nome, marca, prezzo.' or, when the author had filled everything, says so. */
export function lookupSuccessText(filled: readonly ComponentField[]): string {
  if (filled.length === 0) return SEARCH_MESSAGES.nothingToFill;
  return `${SEARCH_MESSAGES.loaded}: ${filled.map((field) => FIELD_LABELS[field]).join(', ')}.`;
}

/**
 * Text that may name a product: an ASIN, or an Amazon link (amazon-hosts.ts; the server says which of
 * those it can read: not a short link...). Any other address is an ordinary external link, which the card
 * says next to the field, and anything else a typing slip the save's own check points out.
 */
export function mayNameProduct(text: string): boolean {
  return isValidAsin(normalizeAsin(text)) || isAmazonLink(text);
}

interface Options {
  component: ComponentForm;
  /** False when the retailer is known to be not configured: lookups are skipped. */
  enabled: boolean;
  onFound: (reference: string, item: RetailerItem) => void;
}

export function useComponentLookup({ component, enabled, onFound }: Options): ComponentLookup {
  const fetcher = useFetcher<typeof loadRetailerItem>();
  const [outcome, setOutcome] = useState<LookupOutcome | null>(null);
  /** The reference last looked up: leaving the field after a paste does not ask again. */
  const lastReference = useRef<string | null>(null);

  useFetcherResult(fetcher, (answer) => {
    // The author changed the link while the lookup ran: the answer is about another product.
    if (answer.reference !== component.amazon_link.trim()) return;
    if (answer.status === 'failed') {
      setOutcome({ tone: 'error', text: answer.message });
      return;
    }
    // Measured on the component as it is now, as the reducer fills it: what was typed meanwhile stays.
    const { filled } = fillEmptyFields(component, answer.item);
    onFound(answer.reference, answer.item);
    setOutcome({ tone: 'success', text: lookupSuccessText(filled) });
  }, { answerAtMount: 'apply' });

  return {
    pending: fetcher.state !== 'idle',
    outcome,
    lookUp: (value: string) => {
      const reference = value.trim();
      if (reference === '') {
        // A link removed: the same link pasted again is looked up again.
        lastReference.current = null;
        setOutcome(null);
        return;
      }
      if (!enabled || reference === lastReference.current || !mayNameProduct(reference)) return;
      lastReference.current = reference;
      setOutcome(null);
      void fetcher.load(paths.admin.retailerItem(reference));
    },
  };
}
