import ArrowForward from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { isRouted } from '../../../app/route-table';
import { useSignInDialog } from '../../auth/sign-in-dialog-context';
import { HOME_TEXTS } from '../texts';

function ToolCard({
  id,
  number,
  title,
  copy,
  badge,
  note,
  action,
}: {
  id: string;
  number: string;
  title: string;
  copy: string;
  badge?: string;
  note?: string;
  action: ReactNode;
}) {
  return (
    <Card
      component="section"
      aria-labelledby={`tool-${id}-title`}
      sx={{ display: 'flex', flexDirection: 'column' }}
      data-testid={`tool-card-${id}`}
    >
      <CardContent sx={{ flex: 1, p: 3 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="overline" component="p" aria-hidden sx={{ fontSize: '0.95rem' }}>
            {number}
          </Typography>
          {badge && <Chip label={badge} size="small" color="primary" variant="outlined" sx={{ fontWeight: 700 }} />}
        </Box>
        <Typography id={`tool-${id}-title`} variant="h3" component="h3" sx={{ mt: 0.5 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {copy}
        </Typography>
      </CardContent>
      <CardActions disableSpacing sx={{ px: 3, pb: 3, flexWrap: 'wrap', gap: 1 }}>
        {action}
        {note && (
          <Typography variant="caption" color="text.secondary" sx={{ width: '100%', m: 0 }}>
            {note}
          </Typography>
        )}
      </CardActions>
    </Card>
  );
}

/**
 * The three numbered tool cards of the home. Signed in, each links to its tool once the
 * page exists (a card whose page is not built keeps its button, disabled: no dead link); signed
 * out, the tool links give way to 'Sign In', which opens the sign-in dialog.
 */
export function ToolCards({ signedIn }: { signedIn: boolean }) {
  const { openSignInDialog } = useSignInDialog();
  const { analysis, sketch, generation } = HOME_TEXTS.tools;
  const signIn = (
    <Button variant="outlined" onClick={() => openSignInDialog('signin')}>
      {HOME_TEXTS.signIn}
    </Button>
  );
  const toolLink = (path: string, label: string) =>
    isRouted(path, signedIn) ? (
      <Button component={RouterLink} to={path} variant="contained" endIcon={<ArrowForward />}>
        {label}
      </Button>
    ) : (
      <Button variant="contained" disabled>
        {label}
      </Button>
    );
  const sketchReady = isRouted('/read-sketch', true);

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 3 }}>
      <ToolCard id="analysis" {...analysis} action={signedIn ? toolLink('/analyse', analysis.cta) : signIn} />
      <ToolCard
        id="sketch"
        {...sketch}
        note={signedIn && !sketchReady ? sketch.notYetAvailable : undefined}
        action={signedIn ? toolLink('/read-sketch', sketch.cta) : signIn}
      />
      <ToolCard
        id="generation"
        {...generation}
        action={
          <Button variant="contained" disabled>
            {generation.cta}
          </Button>
        }
      />
    </Box>
  );
}
