import { useParams } from 'react-router-dom';
import { AnalysisResultCard } from '../features/analysis/components/AnalysisResultCard';
import { ItemPageFrame } from '../features/library/components/ItemPageFrame';
import { ItemThumbnails } from '../features/library/components/ItemThumbnails';
import { LibraryItemActions } from '../features/library/components/LibraryItemActions';
import { useAnalysisItem } from '../features/library/hooks/use-library-item';
import { LIBRARY_ITEM_TEXTS } from '../features/library/item-texts';

/**
 * Route `/library/analyses/:id`, signed in only: one analysis of the user's library, shown as the
 * /analyse result shows it (descriptions, tags, engine, with Copy, Add to Clipboard, Email Text and
 * Export PDF) with its photographs' thumbnails, Share and Delete; 'not in your library' for any
 * other id.
 */
export default function LibraryAnalysisPage() {
  const id = useParams().id ?? '';
  const item = useAnalysisItem(id);
  return (
    <ItemPageFrame title={LIBRARY_ITEM_TEXTS.itemHeading('analysis')} loading={item.isPending} error={item.error}>
      {item.data && (
        <AnalysisResultCard result={item.data} extraActions={<LibraryItemActions type="analysis" id={item.data.id} />}>
          <ItemThumbnails
            idPrefix="analysis"
            images={item.data.images}
            heading={LIBRARY_ITEM_TEXTS.thumbnailsHeading}
            altOf={(n) => LIBRARY_ITEM_TEXTS.thumbnailAlt('analysis', n)}
          />
        </AnalysisResultCard>
      )}
    </ItemPageFrame>
  );
}
