import type { LeadStats } from '@archlens/contracts/leads';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { ADMIN_TEXTS as T } from '../texts';

const weekLabel = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** On a phone, one week in this many is labelled, counted back from the latest so that it always is. */
const PHONE_LABEL_EVERY = 3;

/** A chart of leads per week, oldest week first, from the stats call; every week labelled, or on a phone every third from the latest. */
export function LeadsPerWeekChart({ weeks }: { weeks: LeadStats['leadsPerWeek'] }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const labelled = (index: number) => !phone || (weeks.length - 1 - index) % PHONE_LABEL_EVERY === 0;
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2">
          {T.chartTitle}
        </Typography>
        <BarChart
          height={220}
          aria-label={T.chartLabel(weeks.length)}
          xAxis={[
            {
              scaleType: 'band',
              data: weeks.map((week) => weekLabel.format(new Date(week.weekStart))),
              tickLabelInterval: (_value, index) => labelled(index),
            },
          ]}
          yAxis={[{ tickMinStep: 1 }]}
          series={[{ data: weeks.map((week) => week.count), label: T.chartTitle, color: '#b5562f' }]}
          hideLegend
          // The last week's label is centred on its bar at the right edge: the right margin is half a
          // label's width, so it is not cut off on a phone.
          margin={{ left: 0, right: 24, top: 16, bottom: 0 }}
        />
      </CardContent>
    </Card>
  );
}
