import { generationDownloadFileName, type GenerationHistoryItem } from '@archlens/contracts/generation';
import { generationImagePath, isWorkflowProvider } from '@archlens/contracts/generation-options';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime } from '../../../shared/format-date';
import { generationStatusDisplay } from '../generation-rules';
import { GENERATION_TEXTS } from '../texts';

const T = GENERATION_TEXTS.history;

/**
 * One generation of Recent Activity, opened (spec §2 home and /account Recent Activity, §3 history
 * item): its status, date and credits; a finished image generation's renders, each read from
 * `GET /api/download/{jobId}/{index}` (spec §7, the owner's only) with its download; a workflow, a
 * failed or a running generation, what that means, with the way to Image Generation (/create).
 */
export function GenerationDetailsDialog({ item, onClose }: { item: GenerationHistoryItem | null; onClose: () => void }) {
  const provider = item ? GENERATION_TEXTS.controls.providerName(item.provider) : '';
  const status = item ? generationStatusDisplay(item.status) : null;
  const renders = item && item.status === 'succeeded' && !isWorkflowProvider(item.provider) ? item.imageCount : 0;

  return (
    <Dialog open={item !== null} onClose={onClose} aria-labelledby="generation-details-title" fullWidth maxWidth="md">
      {item && status && (
        <>
          <DialogTitle id="generation-details-title">{T.dialogTitle(provider)}</DialogTitle>
          <DialogContent>
            <Typography variant="body2" color="text.secondary" data-testid="generation-details-summary">
              {status.label} · {formatDateTime(item.createdAt)} · {T.credits(item.creditsSpent)}
            </Typography>
            {renders > 0 ? (
              <Box
                component="ol"
                data-testid="generation-details-renders"
                sx={{
                  listStyle: 'none',
                  p: 0,
                  m: 0,
                  mt: 2,
                  display: 'grid',
                  gap: 2,
                  gridTemplateColumns: { xs: '1fr', sm: `repeat(${Math.min(renders, 2)}, minmax(0, 1fr))` },
                }}
              >
                {Array.from({ length: renders }, (_, index) => (
                  <Box component="li" key={index}>
                    <Box
                      component="img"
                      src={generationImagePath(item.id, index)}
                      alt={T.render(index + 1)}
                      loading="lazy"
                      sx={{ width: '100%', display: 'block', borderRadius: 1, bgcolor: 'action.hover' }}
                    />
                    <Link href={generationImagePath(item.id, index)} download={generationDownloadFileName(index)} variant="body2">
                      {T.downloadRender(index + 1)}
                    </Link>
                  </Box>
                ))}
              </Box>
            ) : (
              <Typography sx={{ mt: 2 }}>
                {isWorkflowProvider(item.provider) ? T.workflowCopy(provider) : item.status === 'failed' ? T.failedCopy : T.pendingCopy}
              </Typography>
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5 }}>
            <Button onClick={onClose} color="secondary">
              {T.close}
            </Button>
            <Button component={RouterLink} to="/create" variant="contained">
              {T.openCreate}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
