import { useState, type DragEvent } from 'react';

/** The event handlers a drop zone spreads onto its element. */
export interface FileDropZoneProps {
  onDragOver: (event: DragEvent<HTMLElement>) => void;
  onDragEnter: (event: DragEvent<HTMLElement>) => void;
  onDragLeave: (event: DragEvent<HTMLElement>) => void;
  onDrop: (event: DragEvent<HTMLElement>) => void;
}

/**
 * A drop zone for image files (the upload cards of /analyse, /read-sketch and /create): whether a
 * drag is over it, and the handlers to spread onto it. Dropped files go to `onFiles` unless `busy`.
 */
export function useFileDrop(busy: boolean, onFiles: (files: File[]) => void): { dragActive: boolean; dropZoneProps: FileDropZoneProps } {
  const [dragActive, setDragActive] = useState(false);
  const onDragOver = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = busy ? 'none' : 'copy';
    setDragActive(true);
  };
  return {
    dragActive,
    dropZoneProps: {
      onDragOver,
      onDragEnter: onDragOver,
      onDragLeave: (event) => {
        // Moving over a child fires dragleave on the zone: only a real exit counts.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragActive(false);
      },
      onDrop: (event) => {
        event.preventDefault();
        setDragActive(false);
        if (!busy) onFiles(Array.from(event.dataTransfer.files));
      },
    },
  };
}
