/**
 * Server state of the manager: the category list and the selected category with its alternatives.
 * Every change ends with `refresh()`, so what is shown (counts included) is what the server holds.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { type AlternativeCategory, type AlternativeCategoryDetail, alternativesApi, describeFailure, isNotFound } from './alternatives-api';

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

  const loadCategories = useCallback(async () => {
    const request = ++listRequest.current;
    try {
      const list = await alternativesApi.listCategories();
      if (request === listRequest.current) setCategories(list);
    } catch (error) {
      if (request === listRequest.current) onErrorRef.current(describeFailure(error, 'Errore nel caricamento delle categorie'));
    }
  }, []);

  const loadDetail = useCallback(
    async (id: number) => {
      const request = ++detailRequest.current;
      try {
        const category = await alternativesApi.getCategory(id);
        if (request !== detailRequest.current) return;
        shownDetailId.current = category.id;
        setDetail(category);
      } catch (error) {
        if (request !== detailRequest.current) return;
        // Gone (deleted in another tab or through the API), or never shown: leave the panel empty rather
        // than spinning. A failed refresh of a category on screen keeps it, with the error above.
        if (isNotFound(error) || shownDetailId.current !== id) {
          changeSelection(null);
          shownDetailId.current = null;
          setDetail(null);
        }
        onErrorRef.current(describeFailure(error, 'Errore nel caricamento della categoria'));
      }
    },
    [changeSelection],
  );

  useEffect(() => {
    void loadCategories();
  }, [loadCategories]);

  const select = useCallback(
    (id: number | null) => {
      changeSelection(id);
      if (id !== null) void loadDetail(id);
      else {
        detailRequest.current++;
        shownDetailId.current = null;
        setDetail(null);
      }
    },
    [changeSelection, loadDetail],
  );

  const refresh = useCallback(async () => {
    const id = selectedRef.current;
    await Promise.all([loadCategories(), id === null ? undefined : loadDetail(id)]);
  }, [loadCategories, loadDetail]);

  return { categories, selectedId, detail, select, refresh };
}
