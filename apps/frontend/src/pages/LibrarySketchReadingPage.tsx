import { useParams } from 'react-router-dom';
import { ItemPageFrame } from '../features/library/components/ItemPageFrame';
import { ItemThumbnails } from '../features/library/components/ItemThumbnails';
import { LibraryItemActions } from '../features/library/components/LibraryItemActions';
import { useSketchReadingItem } from '../features/library/hooks/use-library-item';
import { LIBRARY_ITEM_TEXTS } from '../features/library/item-texts';
import { SketchResultCard } from '../features/sketch/components/SketchResultCard';

/**
 * Route `/library/sketch-readings/:id`, signed in only: one sketch reading of the user's library,
 * shown as /read-sketch shows it (summary, drawing type, points, with Copy and Add to Clipboard)
 * with its sketches' thumbnails, Share and Delete; 'not in your library' for any other id.
 */
export default function LibrarySketchReadingPage() {
  const id = useParams().id ?? '';
  const item = useSketchReadingItem(id);
  return (
    <ItemPageFrame title={LIBRARY_ITEM_TEXTS.itemHeading('sketch-reading')} loading={item.isPending} error={item.error}>
      {item.data && (
        <SketchResultCard reading={item.data} extraActions={<LibraryItemActions type="sketch-reading" id={item.data.id} />}>
          <ItemThumbnails
            idPrefix="sketch"
            images={item.data.images}
            heading={LIBRARY_ITEM_TEXTS.thumbnailsHeading}
            altOf={(n) => LIBRARY_ITEM_TEXTS.thumbnailAlt('sketch-reading', n)}
          />
        </SketchResultCard>
      )}
    </ItemPageFrame>
  );
}
