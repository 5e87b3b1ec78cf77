import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ANALYSIS_TEXTS } from '../texts';

/** Shown while an analysis runs (spec §2, §4). */
export function AnalysisProgressCard({ progress }: { progress: number }) {
  const value = Math.round(progress);
  return (
    <Card component="section" aria-labelledby="progress-heading" data-testid="analysis-progress">
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 1.5 }}>
          <Typography id="progress-heading" variant="h5" component="h2">
            {ANALYSIS_TEXTS.progressHeading}
          </Typography>
          <Typography variant="body2" color="text.secondary" aria-hidden sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {value}%
          </Typography>
        </Stack>
        <LinearProgress variant="determinate" value={value} aria-label={ANALYSIS_TEXTS.progressLabel} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {ANALYSIS_TEXTS.progressCaption}
        </Typography>
      </CardContent>
    </Card>
  );
}
