import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../shared/format-date';
import { SeeAllLink } from '../../library/components/SeeAllLink';
import { LIBRARY_TEXTS } from '../../library/texts';
import { usePreviousAnalyses } from '../hooks/use-previous-analyses';
import { previousAnalysesShown } from '../previous-analyses';
import { ANALYSIS_TEXTS } from '../texts';

const grid = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
  gap: 2,
} as const;

/**
 * Up to 3 previous analyses, newest first, other than the one the results card
 * shows (`shownId`; `previousAnalysesShown`), and 'See all' to every analysis in the library.
 */
export function PreviousAnalyses({ shownId }: { shownId?: string | null }) {
  const { data, isPending, isError } = usePreviousAnalyses();
  const shown = previousAnalysesShown(data ?? [], shownId);

  return (
    <Box component="section" aria-labelledby="previous-heading" sx={{ mt: { xs: 5, md: 7 } }}>
      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 2, mb: 2 }}>
        <Typography id="previous-heading" variant="h2">
          {ANALYSIS_TEXTS.previousHeading}
        </Typography>
        {data && data.length > 0 && (
          <SeeAllLink view={{ type: 'analysis' }} fullName={LIBRARY_TEXTS.seeAllAnalyses} testId="previous-analyses-see-all" />
        )}
      </Stack>

      {isPending ? (
        <Box sx={grid} aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={180} />
          ))}
        </Box>
      ) : isError ? (
        <Typography color="text.secondary">{ANALYSIS_TEXTS.previousError}</Typography>
      ) : (
        <>
          {shown.length === 0 && (
            <Typography color="text.secondary">{shownId ? ANALYSIS_TEXTS.previousNoneEarlier : ANALYSIS_TEXTS.previousEmpty}</Typography>
          )}
          <Box component="ol" data-testid="previous-analyses" sx={grid}>
            {shown.map((item) => (
              <Card component="li" key={item.id} data-testid="previous-analysis">
                <CardContent sx={{ p: 2.5 }}>
                  <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, mb: 1.25 }}>
                    <Typography variant="body2" component="time" dateTime={item.createdAt} sx={{ fontWeight: 600 }}>
                      {formatDateTime(item.createdAt)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                      {ANALYSIS_TEXTS.imageCount(item.imageCount)}
                    </Typography>
                  </Stack>
                  <Typography variant="body2" color="text.secondary">
                    {item.primaryDescription}
                  </Typography>
                </CardContent>
              </Card>
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}
