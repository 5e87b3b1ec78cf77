import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';

export interface EmptyStateCardProps {
  icon: ComponentType<SvgIconProps>;
  heading: string;
  copy: string;
  testId?: string;
}

/** The empty state of a tool before any result (spec §2: /analyse 'Ready for Analysis', /read-sketch). */
export function EmptyStateCard({ icon: Icon, heading, copy, testId }: EmptyStateCardProps) {
  return (
    <Card component="section" aria-labelledby="empty-state-heading" data-testid={testId} sx={{ height: '100%' }}>
      <CardContent
        sx={{
          p: { xs: 3, md: 5 },
          minHeight: { md: 360 },
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          textAlign: 'center',
        }}
      >
        <Icon sx={{ fontSize: 48, color: 'primary.main', opacity: 0.7 }} aria-hidden />
        <Typography id="empty-state-heading" variant="h2" sx={{ mt: 2 }}>
          {heading}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, maxWidth: 420 }}>
          {copy}
        </Typography>
      </CardContent>
    </Card>
  );
}
