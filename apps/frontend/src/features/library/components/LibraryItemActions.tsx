import type { LibraryItemType } from '@archlens/contracts/library';
import { DeleteItemButton } from './DeleteItemButton';
import { ShareButton } from './ShareDialog';

/**
 * The library's own actions of an item page, placed in the item's action row after the tool's
 * actions (Copy, PDF, downloads) and Add to project: Share, then Delete last.
 */
export function LibraryItemActions({ type, id }: { type: LibraryItemType; id: string }) {
  return (
    <>
      <ShareButton type={type} id={id} />
      <DeleteItemButton type={type} id={id} />
    </>
  );
}
