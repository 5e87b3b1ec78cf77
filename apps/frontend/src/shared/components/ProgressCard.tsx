import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export interface ProgressCardProps {
  /** 0 to 100, from `useSimulatedProgress`. */
  progress: number;
  heading: string;
  /** The accessible name of the progress bar. */
  label: string;
  caption: string;
  testId?: string;
}

/** Shown while an analysis or a sketch reading runs: a heading, the percentage and a bar. */
export function ProgressCard({ progress, heading, label, caption, testId }: ProgressCardProps) {
  const value = Math.round(progress);
  return (
    <Card component="section" aria-labelledby="progress-heading" data-testid={testId}>
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 1.5 }}>
          <Typography id="progress-heading" variant="h5" component="h2">
            {heading}
          </Typography>
          <Typography variant="body2" color="text.secondary" aria-hidden sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {value}%
          </Typography>
        </Stack>
        <LinearProgress variant="determinate" value={value} aria-label={label} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {caption}
        </Typography>
      </CardContent>
    </Card>
  );
}
