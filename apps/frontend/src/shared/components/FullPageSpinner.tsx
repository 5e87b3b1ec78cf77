import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Spec §2/§4: a spinner while the signed-in state (or a route) loads. */
export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Box sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
