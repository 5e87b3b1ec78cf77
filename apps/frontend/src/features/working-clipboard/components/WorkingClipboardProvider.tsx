import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { WorkingClipboardContext } from '../working-clipboard-context';

const WorkingClipboardDialog = lazy(() => import('./WorkingClipboardDialog'));

/** Holds the Working Clipboard dialog; its code loads the first time it opens (the landing never loads it). */
export function WorkingClipboardProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const openWorkingClipboard = useCallback(() => {
    setRequested(true);
    setOpen(true);
  }, []);
  const controls = useMemo(() => ({ openWorkingClipboard }), [openWorkingClipboard]);
  return (
    <WorkingClipboardContext.Provider value={controls}>
      {children}
      {requested && (
        <Suspense fallback={null}>
          <WorkingClipboardDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </WorkingClipboardContext.Provider>
  );
}
