/**
 * Runs a task once the next render is on screen: focus and scrolling that need the updated page (a row
 * the list has just re-ordered, a panel that has just opened).
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export function useAfterRender(): (task: () => void) => void {
  const pending = useRef<(() => void) | null>(null);
  const [requests, setRequests] = useState(0);

  useEffect(() => {
    const task = pending.current;
    pending.current = null;
    task?.();
  }, [requests]);

  return useCallback((task: () => void) => {
    pending.current = task;
    setRequests((count) => count + 1);
  }, []);
}
