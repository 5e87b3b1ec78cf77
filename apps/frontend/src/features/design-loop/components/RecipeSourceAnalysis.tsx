import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime } from '../../../shared/format-date';
import { useAnalysisItem } from '../../library/hooks/use-library-item';
import { libraryItemPagePath } from '../../library/library-paths';
import { DESIGN_LOOP_TEXTS as T } from '../texts';

/**
 * A recipe's "Style from the analysis of <date>", linking to that analysis in the library; once the
 * analysis is deleted, says so (the generation keeps its id, not its text).
 */
export function RecipeSourceAnalysis({ analysisId }: { analysisId: string }) {
  const analysis = useAnalysisItem(analysisId);
  return (
    <Typography variant="body2" component="p" sx={{ mt: 2 }} data-testid="recipe-source-analysis">
      {analysis.data ? (
        <>
          {T.recipeSourceLead}
          <Link component={RouterLink} to={libraryItemPagePath('analysis', analysisId)}>
            {T.recipeSourceLink(formatDateTime(analysis.data.createdAt))}
          </Link>
          .
        </>
      ) : analysis.isError ? (
        T.recipeSourceGone
      ) : (
        `${T.recipeSourceLoading}.`
      )}
    </Typography>
  );
}
