import Check from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface PlanCardProps {
  id: string;
  name: string;
  priceLabel: string;
  periodLabel: string;
  features: readonly string[];
  /** A chip beside the name (the yearly saving, the popular plan). */
  highlight?: string;
  featured?: boolean;
  /** The plan's button (a link or a checkout button). */
  action: ReactNode;
}

/** One plan of /pricing: name, price and period, what it includes, and its button. */
export function PlanCard({ id, name, priceLabel, periodLabel, features, highlight, featured = false, action }: PlanCardProps) {
  return (
    <Card
      component="article"
      aria-labelledby={`pricing-${id}-name`}
      data-testid={`pricing-plan-${id}`}
      sx={{ display: 'flex', flexDirection: 'column', borderColor: featured ? 'primary.main' : undefined, borderWidth: featured ? 2 : 1 }}
    >
      <CardContent sx={{ p: 3, flex: 1, display: 'flex', flexDirection: 'column' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, minHeight: 28 }}>
          <Typography id={`pricing-${id}-name`} variant="h3" component="h2">
            {name}
          </Typography>
          {highlight && <Chip label={highlight} size="small" color={featured ? 'primary' : 'success'} />}
        </Box>
        <Box sx={{ mt: 2, display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
          <Typography component="p" sx={{ fontSize: '2.2rem', fontWeight: 700, lineHeight: 1.1 }} data-testid={`pricing-${id}-price`}>
            {priceLabel}
          </Typography>
          <Typography component="p" color="text.secondary">
            {periodLabel}
          </Typography>
        </Box>
        <List dense sx={{ mt: 1.5, mb: 2, flex: 1 }}>
          {features.map((feature) => (
            <ListItem key={feature} disableGutters>
              <ListItemIcon sx={{ minWidth: 30, color: 'primary.main' }}>
                <Check fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={feature} />
            </ListItem>
          ))}
        </List>
        {action}
      </CardContent>
    </Card>
  );
}
