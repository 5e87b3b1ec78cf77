import { createContext, useContext } from 'react';

export interface WorkingClipboardControls {
  /** Opens the Working Clipboard dialog, reading the stored text afresh. */
  openWorkingClipboard: () => void;
}

export const WorkingClipboardContext = createContext<WorkingClipboardControls | null>(null);

/** Opens the Working Clipboard from anywhere under `WorkingClipboardProvider`. */
export function useWorkingClipboard(): WorkingClipboardControls {
  const controls = useContext(WorkingClipboardContext);
  if (!controls) throw new Error('useWorkingClipboard must be used inside WorkingClipboardProvider');
  return controls;
}
