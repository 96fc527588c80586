/**
 * The build editor's Italian texts (product spec, "Screens and routes", "Validation rules", "Error catalogue";
 * decision 006 for the conflict), in one place.
 */
import { formatCount, formatDateTime, formatQuantity } from '../../../../common/format';

export const EDITOR_MESSAGES = {
  loading: 'Caricamento della build...',
  loadFailed: 'Errore nel caricamento della build',
  notFound: 'Build non trovata',
  saveFailed: 'Errore nel salvataggio della build',
  created: 'Build creata con successo!',
  updated: 'Build aggiornata con successo!',
  invalid: 'Correggi i campi evidenziati prima di salvare.',
  draftFound: (savedAt: string) => `È presente una bozza non salvata di questa build del ${formatDateTime(savedAt)}.`,
  draftOutdated: 'La build è stata modificata dopo il salvataggio della bozza.',
  conflict: "La build è stata modificata altrove dopo che l'hai aperta. Ricarica per vedere la versione attuale.",
  reloaded: "Questa è la versione attuale della build. Le tue modifiche sono nella bozza: riprendile con 'Ripristina bozza'.",
  reloadFailed: 'Impossibile caricare la versione attuale della build',
  changedAgain: 'La build è stata modificata di nuovo nel frattempo: scegli ancora.',
} as const;

export const RETAILER_MESSAGES = {
  smartNeedsSave: 'Devi salvare la build prima di applicare la sostituzione intelligente',
  pricesNeedSave: 'Devi salvare la build prima di aggiornare i prezzi',
  /** Shown by the two disabled price actions, before the missing settings the server names. */
  actionsNeedRetailer: 'Sostituzione intelligente e aggiornamento prezzi non disponibili.',
  retailerMissing: 'Amazon non configurato',
  smartDone: 'Sostituzione intelligente completata!',
  pricesDone: 'Aggiornamento prezzi completato!',
  smartFailed: 'Errore nella sostituzione intelligente',
  pricesFailed: "Errore nell'aggiornamento dei prezzi",
  importFailed: "Errore nell'importazione da Amazon",
  /** The product spec's "Error catalogue" text, in the singular for one component. */
  imported: (count: number) => (count === 1 ? 'Importato 1 componente con successo!' : `Importati ${count} componenti con successo!`),
  tagApplied: (tag: string) => `Tag affiliato impostato: ${tag}`,
  tagKept: (tag: string) => `Tag affiliato del carrello (${tag}) non applicato: la build ne ha già uno.`,
  reloadFailed: 'Impossibile rileggere la build dopo la modifica: ricarica la pagina prima di salvare, per non annullare le modifiche del server.',
} as const;

export const UPLOAD_MESSAGES = {
  imageFailed: "Errore nel caricamento dell'immagine",
  coverFailed: 'Errore nel caricamento della thumbnail',
  backgroundRemovalFailed: 'Errore nella rimozione dello sfondo. Verifica la chiave API e riprova.',
} as const;

/** 'Cerca su Amazon' and the lookup of a pasted link (decision 019). */
export const SEARCH_MESSAGES = {
  failed: 'Errore nella ricerca su Amazon',
  lookupFailed: 'Impossibile leggere il prodotto da Amazon',
  notConfigured: 'Ricerca su Amazon non disponibile: la Amazon Creators API non è configurata.',
  typeToSearch: 'Scrivi almeno una parola per cercare su Amazon.',
  searching: 'Ricerca in corso...',
  loadingMore: 'Caricamento di altri risultati...',
  none: (q: string) => `Nessun prodotto trovato su Amazon per "${q}".`,
  /** `total`: Amazon's own count over every page, which is often larger than what it serves. */
  results: (shown: number, total: number, q: string) =>
    `${formatQuantity(shown, 'risultato', 'risultati')} per "${q}"${total > shown ? ` (su ${formatCount(total)} trovati da Amazon)` : ''}. Frecce su e giù per scegliere, Invio per aggiungere.`,
  added: (name: string, type: string) => `Componente aggiunto da Amazon: ${name} (tipo ${type}, modificabile).`,
  replaced: (title: string, name: string) => `${title} sostituito con ${name}.`,
  lookingUp: 'Lettura del prodotto da Amazon...',
  loaded: 'Dati caricati da Amazon',
  nothingToFill: 'Dati caricati da Amazon: nessun campo vuoto da completare.',
  /** Next to a link that is not Amazon's (common/amazon-hosts.ts). */
  externalLink: 'Link esterno: non è un prodotto Amazon, niente tag affiliato né carrello',
} as const;
