import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useSignInDialog } from '../../auth/sign-in-dialog-context';
import { HOME_TEXTS } from '../texts';

/** Spec §2, signed out: 'Try Our AI Tools for Free', both buttons opening the sign-in dialog. */
export function TryFreePanel() {
  const { openSignInDialog } = useSignInDialog();
  return (
    <Paper
      component="section"
      aria-labelledby="try-free-title"
      variant="outlined"
      sx={{ p: { xs: 3, md: 4 }, borderRadius: 1.6, bgcolor: 'background.default', textAlign: 'center' }}
    >
      <Typography id="try-free-title" variant="h2">
        {HOME_TEXTS.tryFreeTitle}
      </Typography>
      <Typography variant="body1" color="text.secondary" sx={{ mt: 1, mx: 'auto', maxWidth: 560 }}>
        {HOME_TEXTS.tryFreeCopy}
      </Typography>
      <Box sx={{ mt: 3, display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={() => openSignInDialog('signin')}>
          {HOME_TEXTS.tryAnalysis}
        </Button>
        <Button variant="outlined" onClick={() => openSignInDialog('signin')}>
          {HOME_TEXTS.trySketch}
        </Button>
      </Box>
    </Paper>
  );
}
