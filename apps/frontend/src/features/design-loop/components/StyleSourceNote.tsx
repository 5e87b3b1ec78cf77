import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router-dom';
import { libraryItemPagePath } from '../../library/library-paths';
import { DESIGN_LOOP_TEXTS as T } from '../texts';

/**
 * /create's note under the style description when it came from an analysis ("Use as style"): what
 * it is, a link to that analysis, and Unlink (the generation then keeps no source analysis).
 */
export function StyleSourceNote({ analysisId, onUnlink, locked }: { analysisId: string; onUnlink: () => void; locked: boolean }) {
  return (
    <Alert
      severity="info"
      variant="outlined"
      data-testid="style-source-note"
      action={
        <Button color="inherit" size="small" startIcon={<LinkOffOutlined fontSize="small" />} onClick={onUnlink} disabled={locked}>
          {T.unlinkAnalysis}
        </Button>
      }
      sx={{ alignItems: 'center' }}
    >
      <Stack spacing={0.25}>
        <span>{T.fromAnalysisNote}</span>
        <Link component={RouterLink} to={libraryItemPagePath('analysis', analysisId)} variant="body2">
          {T.openAnalysis}
        </Link>
      </Stack>
    </Alert>
  );
}
