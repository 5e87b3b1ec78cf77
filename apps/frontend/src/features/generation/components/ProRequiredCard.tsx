import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { GENERATION_TEXTS } from '../texts';

const T = GENERATION_TEXTS.proRequired;

/** Spec §2, §6 /create for a user whose subscription is not active: 'Pro Subscription Required' and the upgrade button to /pricing. */
export function ProRequiredCard() {
  return (
    <Card component="section" aria-labelledby="pro-required-heading" data-testid="pro-required">
      <CardContent sx={{ p: { xs: 3, md: 6 }, textAlign: 'center', display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
        <WorkspacePremiumOutlined sx={{ fontSize: 52, color: 'primary.main' }} aria-hidden />
        <Typography id="pro-required-heading" variant="h2" sx={{ mt: 2 }}>
          {T.title}
        </Typography>
        <Typography variant="body1" color="text.secondary" sx={{ mt: 1.5, maxWidth: 560 }}>
          {T.copy}
        </Typography>
        <Button component={RouterLink} to="/pricing" variant="contained" size="large" sx={{ mt: 3 }}>
          {T.cta}
        </Button>
      </CardContent>
    </Card>
  );
}
