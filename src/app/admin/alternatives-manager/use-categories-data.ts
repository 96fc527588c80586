/**
 * Server state of the manager: the category list and the selected category with its alternatives.
 * Every change ends with `refresh()`, so what is shown (counts included) is what the server holds.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { type AlternativeCategory, type AlternativeCategoryDetail, alternativesApi, describeFailure, isNotFound } from './alternatives-api';

/** A state change prepared by a load, made when the caller chooses. */
type Apply = () => void;

/** `onError` gets the message for the author (the failure is already logged). */
export function useCategoriesData(onError: (message: string) => void) {
  const [categories, setCategories] = useState<AlternativeCategory[] | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [detail, setDetail] = useState<AlternativeCategoryDetail | null>(null);
  // Read by refresh(), which may run right after a select() of the same event.
  const selectedRef = useRef<number | null>(null);
  // Only the latest answer of each kind is applied: a slow earlier one must not overwrite it.
  const listRequest = useRef(0);
  const detailRequest = useRef(0);
  const shownDetailId = useRef<number | null>(null);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  const changeSelection = useCallback((id: number | null) => {
    selectedRef.current = id;
    setSelectedId(id);
  }, []);

  // A load resolves with the change to make, not making it: refresh() makes both of its changes together.
  const loadCategories = useCallback(async (): Promise<Apply> => {
    const request = ++listRequest.current;
    try {
      const list = await alternativesApi.listCategories();
      return () => {
        if (request === listRequest.current) setCategories(list);
      };
    } catch (error) {
      return () => {
        if (request === listRequest.current) onErrorRef.current(describeFailure(error, 'Errore nel caricamento delle categorie'));
      };
    }
  }, []);

  const loadDetail = useCallback(
    async (id: number): Promise<Apply> => {
      const request = ++detailRequest.current;
      try {
        const category = await alternativesApi.getCategory(id);
        return () => {
          if (request !== detailRequest.current) return;
          shownDetailId.current = category.id;
          setDetail(category);
        };
      } catch (error) {
        return () => {
          if (request !== detailRequest.current) return;
          // Gone (deleted in another tab or through the API), or never shown: leave the panel empty rather
          // than spinning. A failed refresh of a category on screen keeps it, with the error above.
          if (isNotFound(error) || shownDetailId.current !== id) {
            changeSelection(null);
            shownDetailId.current = null;
            setDetail(null);
          }
          onErrorRef.current(describeFailure(error, 'Errore nel caricamento della categoria'));
        };
      }
    },
    [changeSelection],
  );

  useEffect(() => {
    void loadCategories().then((apply) => apply());
  }, [loadCategories]);

  const select = useCallback(
    (id: number | null) => {
      changeSelection(id);
      if (id !== null) void loadDetail(id).then((apply) => apply());
      else {
        detailRequest.current++;
        shownDetailId.current = null;
        setDetail(null);
      }
    },
    [changeSelection, loadDetail],
  );

  /**
   * Reloads the list and the selected category, and shows both in the same render: the list's counts never
   * disagree with the panel. A caller's own updates right after it (a row no longer busy, a dialog closed)
   * join that render too, as they come in the same task.
   */
  const refresh = useCallback(async () => {
    const id = selectedRef.current;
    const changes = await Promise.all([loadCategories(), id === null ? null : loadDetail(id)]);
    for (const apply of changes) apply?.();
  }, [loadCategories, loadDetail]);

  return { categories, selectedId, detail, select, refresh };
}
