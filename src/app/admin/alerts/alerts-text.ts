/** The words of the admin's "Avvisi" screen, made from the API's data (unit tested). */
import { formatPrice, formatQuantity } from '../../../common/format';
import type { AdminAlert } from '../../../modules/alerts/alerts.schema';

export const ALERTS_TEXT = {
  heading: 'Avvisi email',
  intro: 'Gli avvisi dei visitatori, build per build: obiettivo, stato e date. Gli indirizzi email non vengono mai mostrati.',
  empty: 'Nessun avviso in corso.',
  truncated: (shown: number) => `Sono mostrati i primi ${shown} avvisi.`,
  retailerOff: 'Nessun avviso può scattare: senza Amazon Creators API i prezzi non vengono aggiornati dal rivenditore.',
  mailOff: 'Invio email non configurato (SMTP_URL): i visitatori non possono chiedere avvisi e nessuna email viene inviata.',
  eraseHeading: 'Cancella gli avvisi di un indirizzo',
  eraseIntro: "Su richiesta del titolare: cancella tutti gli avvisi (attivi e in attesa) dell'indirizzo, in qualunque forma sia stato scritto (maiuscole, +etichetta).",
  eraseLabel: 'Indirizzo email',
  eraseSubmit: 'Cancella gli avvisi',
  eraseConfirm: "Cancellare tutti gli avvisi di questo indirizzo? L'operazione non si può annullare.",
  eraseEmpty: "Indica l'indirizzo email",
  eraseFailed: 'Errore nella cancellazione degli avvisi',
  loadFailed: 'Errore nel caricamento degli avvisi',
} as const;

/** The erase's result: how many alerts went, never the address. */
export function erasedMessage(deleted: number): string {
  if (deleted === 0) return 'Nessun avviso trovato per questo indirizzo.';
  return `${deleted === 1 ? 'Cancellato' : 'Cancellati'} ${formatQuantity(deleted, 'avviso', 'avvisi')} di questo indirizzo.`;
}

export function alertKindText(alert: Pick<AdminAlert, 'kind' | 'component_name'>): string {
  if (alert.kind === 'price') return 'Calo del totale';
  return alert.component_name ? `Disponibilità: ${alert.component_name}` : 'Disponibilità di un componente';
}

export function alertStatusText(status: AdminAlert['status']): string {
  return status === 'active' ? 'Attivo' : 'In attesa di conferma';
}

/** A drop target under half of today's total is most likely typed wrong ("1.150" read as 1,15 €). */
const IMPLAUSIBLE_SHARE = 0.5;

export function targetText(target: number | null): string {
  return target === null ? '—' : formatPrice(target);
}

/** A warning beside a target far under today's total (it would hardly ever fire); null otherwise. */
export function implausibleTargetText(target: number | null, total: number | null): string | null {
  if (target === null || total === null || total <= 0) return null;
  return target < total * IMPLAUSIBLE_SHARE ? `Molto sotto il totale di oggi (${formatPrice(total)}): forse scritto male` : null;
}
