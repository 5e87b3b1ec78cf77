import ArrowForward from '@mui/icons-material/ArrowForward';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { Link as RouterLink } from 'react-router-dom';
import { HOME_TEXTS } from '../texts';

/**
 * Spec §2 'Recent Activity': the 5 latest generations, or the 'Ready to Get Started?' panel when
 * there are none. Image generation does not exist yet (no `/api/generations` to call), so the
 * list is always empty for now and the panel shows.
 */
export function RecentActivity() {
  return (
    <Box component="section" aria-labelledby="recent-activity-title">
      <Typography id="recent-activity-title" variant="h2" sx={{ mb: 2 }}>
        {HOME_TEXTS.recentActivity}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 }, borderRadius: 1.6, borderStyle: 'dashed', textAlign: 'center' }}>
        <Typography variant="h3" component="p">
          {HOME_TEXTS.readyTitle}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mx: 'auto', maxWidth: 520 }}>
          {HOME_TEXTS.readyCopy}
        </Typography>
        <Button component={RouterLink} to="/analyse" variant="outlined" endIcon={<ArrowForward />} sx={{ mt: 2.5 }}>
          {HOME_TEXTS.readyCta}
        </Button>
      </Paper>
    </Box>
  );
}
