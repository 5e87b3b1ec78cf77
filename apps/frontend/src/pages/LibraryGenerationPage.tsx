import { useParams } from 'react-router-dom';
import { useAuth } from '../features/auth/hooks/use-auth';
import { GenerationItemView } from '../features/library/components/GenerationItemView';
import { ItemPageFrame } from '../features/library/components/ItemPageFrame';
import { useGenerationItem } from '../features/library/hooks/use-library-item';
import { LIBRARY_ITEM_TEXTS } from '../features/library/item-texts';

/**
 * Route `/library/generations/:id`, signed in only: one generation of the user's library (renders
 * with their downloads, status, credits, recipe, lineage, Reproduce and Vary, Share and Delete);
 * 'not in your library' for any other id.
 */
export default function LibraryGenerationPage() {
  const id = useParams().id ?? '';
  const item = useGenerationItem(id);
  const { user } = useAuth();
  return (
    <ItemPageFrame title={LIBRARY_ITEM_TEXTS.itemHeading('generation')} loading={item.isPending} error={item.error}>
      {item.data && <GenerationItemView key={item.data.id} item={item.data} subscription={user?.subscription ?? null} />}
    </ItemPageFrame>
  );
}
