import type { LeadStats } from '@archlens/contracts/leads';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { ADMIN_TEXTS as T } from '../texts';

const weekLabel = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** A chart of leads per week, oldest week first, from the stats call. */
export function LeadsPerWeekChart({ weeks }: { weeks: LeadStats['leadsPerWeek'] }) {
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2">
          {T.chartTitle}
        </Typography>
        <BarChart
          height={220}
          aria-label={T.chartLabel(weeks.length)}
          xAxis={[{ scaleType: 'band', data: weeks.map((week) => weekLabel.format(new Date(week.weekStart))) }]}
          yAxis={[{ tickMinStep: 1 }]}
          series={[{ data: weeks.map((week) => week.count), label: T.chartTitle, color: '#b5562f' }]}
          hideLegend
          // The last week's label is centred on its bar at the right edge: the right margin is half a
          // label's width, so it is not cut off on a phone (labels that would overlap are left out).
          margin={{ left: 0, right: 24, top: 16, bottom: 0 }}
        />
      </CardContent>
    </Card>
  );
}
