import type { LeadStats } from '@archlens/contracts/leads';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { ADMIN_TEXTS as T } from '../texts';

const count = new Intl.NumberFormat('en-GB');
const percent = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 1 });

/** The four stats cards of /admin (spec §2, §3 lead stats). */
export function LeadStatsCards({ stats }: { stats: LeadStats | undefined }) {
  const tiles = [
    { label: T.stats.total, value: stats && count.format(stats.totalLeads), testId: 'stat-total' },
    { label: T.stats.weekly, value: stats && count.format(stats.weeklyLeads), testId: 'stat-weekly' },
    { label: T.stats.analysisEmail, value: stats && count.format(stats.sourceBreakdown.analysis_email), testId: 'stat-analysis-email' },
    {
      label: T.stats.conversion,
      value: stats && percent.format(stats.conversionRate),
      hint: T.stats.conversionHint,
      testId: 'stat-conversion',
    },
  ];
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }, gap: 2 }}>
      {tiles.map((tile) => (
        <Card key={tile.label}>
          <CardContent>
            <Typography variant="body2" color="text.secondary">
              {tile.label}
            </Typography>
            <Typography variant="h4" component="p" sx={{ mt: 0.5, fontWeight: 700 }} data-testid={tile.testId}>
              {tile.value ?? <Skeleton width={60} />}
            </Typography>
            {tile.hint && (
              <Typography variant="caption" color="text.secondary">
                {tile.hint}
              </Typography>
            )}
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
