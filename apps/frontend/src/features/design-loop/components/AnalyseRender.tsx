import type { AnalyseRenderResponse } from '@archlens/contracts/design-loop';
import TravelExploreOutlined from '@mui/icons-material/TravelExploreOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { isUnauthorisedError } from '../../../api/client';
import { serverMessageOf } from '../../../api/error-message';
import { ActionButton } from '../../../shared/components/ActionButton';
import { toast } from '../../../shared/toast';
import { libraryItemPagePath } from '../../library/library-paths';
import { useAnalyseRender } from '../hooks/use-analyse-render';
import { comparisonLines, DESIGN_LOOP_TEXTS as T } from '../texts';

/**
 * The comparison of a render read back, in plain words: Kept, Added and Lost (each only when it
 * has tags, a sentence when nothing was kept), what it was compared with, and a link to the new
 * analysis in the library.
 */
export function RenderComparison({ n, answer }: { n: number; answer: AnalyseRenderResponse }) {
  const headingId = `render-${n}-comparison-heading`;
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-testid="render-comparison"
      data-against={answer.comparison.against}
      sx={{ mt: 1.5, p: 1.5, borderRadius: 2, border: 1, borderColor: 'divider', bgcolor: 'action.hover' }}
    >
      <Typography id={headingId} variant="subtitle2" component="h4">
        {T.comparisonHeading(n)}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.75 }}>
        {T.comparedWith(answer.comparison.against)}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, '& li': { mb: 0.25 } }}>
        {comparisonLines(answer.comparison, answer.analysis.tags).map(([testId, text]) => (
          <Typography component="li" variant="body2" key={testId} data-testid={testId}>
            {text}
          </Typography>
        ))}
      </Box>
      <Link
        component={RouterLink}
        to={libraryItemPagePath('analysis', answer.analysis.id)}
        variant="body2"
        data-testid="render-analysis-link"
      >
        {T.openNewAnalysis}
      </Link>
    </Box>
  );
}

/**
 * "Analyse this render" for render `index` (0-based) of the user's generation `jobId`: the button,
 * and once answered the comparison below it (`RenderComparison`). Free (no credits) and counted in
 * the user's analyses; a refusal (the hourly limit, a render that does not decode) shows as a toast.
 */
export function AnalyseRender({ jobId, index }: { jobId: string; index: number }) {
  const analyse = useAnalyseRender(jobId, index);
  const n = index + 1;
  const run = () =>
    analyse.mutate(undefined, {
      onSuccess: () => toast({ title: T.toasts.analysedTitle, description: T.toasts.analysed, variant: 'success' }),
      onError: (error) => {
        // A 401 is the global handler's.
        if (!isUnauthorisedError(error))
          toast({ title: T.toasts.analyseFailedTitle, description: serverMessageOf(error) ?? undefined, variant: 'error' });
      },
    });
  return (
    <Box sx={{ mt: 1 }}>
      <ActionButton
        icon={<TravelExploreOutlined fontSize="small" />}
        onClick={run}
        disabled={analyse.isPending}
        title={T.analyseRenderHint}
        aria-label={`${T.analyseRender} (${n})`}
        data-testid="analyse-render"
      >
        {analyse.isPending ? T.analysingRender : T.analyseRender}
      </ActionButton>
      {analyse.data && <RenderComparison n={n} answer={analyse.data} />}
    </Box>
  );
}
