/**
 * The Italian texts of the alternatives screens (product spec, "Validation rules", "Error catalogue"), shared by the
 * manager and the editor's panel.
 */
import { formatQuantity } from '../../../common/format';

export const ALTERNATIVE_MESSAGES = {
  invalidLink: 'Componente deve avere un link Amazon valido',
  added: 'Alternativa aggiunta con successo!',
  updated: 'Alternativa aggiornata con successo!',
  deleted: 'Alternativa eliminata.',
  addFailed: "Errore nell'aggiunta dell'alternativa",
  updateFailed: "Errore nell'aggiornamento dell'alternativa",
  deleteFailed: "Errore nell'eliminazione dell'alternativa",
  priorityFailed: "Errore nell'aggiornamento della priorità",
  deleteConfirm: 'Sei sicuro di voler eliminare questa alternativa?',
  groupEmpty: 'Questa categoria non ha alternative disponibili',
  groupFailed: "Errore nell'aggiunta del gruppo",
  loadFailed: 'Errore nel caricamento delle alternative',
  groupsFailed: 'Errore nel caricamento dei gruppi di alternative',
  categoryCreated: 'Categoria creata con successo!',
  categoryUpdated: 'Categoria aggiornata con successo!',
  categorySaveFailed: 'Errore nel salvataggio della categoria',
  categoryDeleteFailed: "Errore nell'eliminazione della categoria",
  categoryDeleteConfirm: 'Sei sicuro di voler eliminare questa categoria? Verranno eliminate anche tutte le alternative.',
  categoriesLoadFailed: 'Errore nel caricamento delle categorie',
  categoryLoadFailed: 'Errore nel caricamento della categoria',
  invalidRequest: 'Richiesta non valida',
} as const;

export function groupAddedMessage(added: number): string {
  return `Gruppo aggiunto con successo! ${formatQuantity(added, 'alternativa aggiunta', 'alternative aggiunte')}.`;
}

export function priorityChangedMessage(name: string, priority: number): string {
  return `Priorità di "${name}" impostata a ${priority}.`;
}

export function categoryDeletedMessage(name: string): string {
  return `Categoria "${name}" eliminata.`;
}
