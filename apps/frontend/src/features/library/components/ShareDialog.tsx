import { SHARE_DAYS, type LibraryItemType, type ShareSummary } from '@archlens/contracts/library';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { isUnauthorisedError } from '../../../api/client';
import { ActionButton } from '../../../shared/components/ActionButton';
import { formatDateTime } from '../../../shared/format-date';
import { copyToSystemClipboard } from '../../../shared/text-actions/TextActionButtons';
import { toast } from '../../../shared/toast';
import type { CreatedShare } from '../api/shares-api';
import { useCreateShare, useItemShares, useRevokeShare } from '../hooks/use-shares';
import { LIBRARY_ITEM_TEXTS } from '../item-texts';

const T = LIBRARY_ITEM_TEXTS.share;

/** The days typed, as a whole number from 1 to 30; null when it is not one. */
export function parseShareDays(text: string): number | null {
  if (!/^\d{1,2}$/.test(text.trim())) return null;
  const days = Number(text.trim());
  return days >= SHARE_DAYS.min && days <= SHARE_DAYS.max ? days : null;
}

/** One live link of the item, with Revoke (confirmed first). */
function LiveLink({ share, onRevoke }: { share: ShareSummary; onRevoke: (share: ShareSummary) => void }) {
  const created = formatDateTime(share.createdAt);
  return (
    <Stack
      component="li"
      direction="row"
      data-testid="live-share"
      sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1.5, py: 1, flexWrap: 'wrap' }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, minWidth: 0 }}>
        <LinkOutlined fontSize="small" color="action" aria-hidden />
        <Typography variant="body2">{T.liveEntry(created, formatDateTime(share.expiresAt))}</Typography>
      </Stack>
      <Button size="small" color="error" onClick={() => onRevoke(share)} aria-label={T.revokeLabel(created)}>
        {T.revoke}
      </Button>
    </Stack>
  );
}

export interface ShareDialogProps {
  type: LibraryItemType;
  id: string;
  open: boolean;
  onClose: () => void;
}

/**
 * Sharing one item: says plainly what a link shows and to whom; the link's life in days (1 to 30,
 * 7 unless changed); 'Create link', which shows the full address once with Copy and the date it
 * stops working; and the item's live links (`GET /api/shares`), each with Revoke, confirmed first
 * and followed by a toast. A failure to create or revoke shows its toast; a 401 goes to the global handler.
 */
export function ShareDialog({ type, id, open, onClose }: ShareDialogProps) {
  const [daysText, setDaysText] = useState(String(SHARE_DAYS.default));
  const [created, setCreated] = useState<CreatedShare | null>(null);
  const [revoking, setRevoking] = useState<ShareSummary | null>(null);
  const shares = useItemShares(type, id, open);
  const create = useCreateShare(type, id);
  const revoke = useRevokeShare();
  const days = parseShareDays(daysText);

  const createLink = () => {
    if (days === null) return;
    create.mutate(days, {
      onSuccess: (share) => {
        setCreated(share);
        toast({ title: T.toasts.createdTitle, description: T.toasts.created, variant: 'success' });
      },
      onError: (error) => {
        if (!isUnauthorisedError(error)) toast({ title: T.toasts.createFailedTitle, description: T.toasts.createFailed, variant: 'error' });
      },
    });
  };

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        setRevoking(null);
        toast({ title: T.toasts.revokedTitle, description: T.toasts.revoked, variant: 'success' });
      },
      onError: (error) => {
        if (!isUnauthorisedError(error)) toast({ title: T.toasts.revokeFailedTitle, description: T.toasts.revokeFailed, variant: 'error' });
      },
    });
  };

  const close = () => {
    setCreated(null);
    onClose();
  };

  return (
    <>
      <Dialog open={open} onClose={close} aria-labelledby="share-dialog-title" maxWidth="sm" fullWidth>
        <DialogTitle id="share-dialog-title">{T.title(type)}</DialogTitle>
        <DialogContent>
          <Alert severity="info" variant="outlined" sx={{ mb: 2.5 }} data-testid="share-warning">
            {T.warning}
          </Alert>

          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, alignItems: { sm: 'flex-start' } }}>
            <TextField
              label={T.daysLabel}
              value={daysText}
              onChange={(event) => setDaysText(event.target.value)}
              type="number"
              size="small"
              error={days === null}
              helperText={days === null ? T.daysInvalid : T.daysHelp}
              sx={{ width: { xs: '100%', sm: 200 } }}
              slotProps={{
                htmlInput: { min: SHARE_DAYS.min, max: SHARE_DAYS.max, step: 1, inputMode: 'numeric' },
                input: { endAdornment: <InputAdornment position="end">{T.daysUnit}</InputAdornment> },
              }}
            />
            <Button
              variant="contained"
              startIcon={<ShareOutlined fontSize="small" />}
              onClick={createLink}
              disabled={days === null || create.isPending}
              sx={{ mt: { sm: 0.25 }, alignSelf: { xs: 'flex-start', sm: 'auto' } }}
            >
              {create.isPending ? T.creating : T.create}
            </Button>
          </Stack>

          {created && (
            <Box sx={{ mt: 2.5 }} data-testid="created-share">
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' } }}>
                <TextField
                  label={T.linkLabel}
                  value={created.link}
                  size="small"
                  fullWidth
                  onFocus={(event) => event.target.select()}
                  slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'created-share-link' } }}
                />
                <ActionButton
                  icon={<ContentCopyOutlined fontSize="small" />}
                  onClick={() => void copyToSystemClipboard(created.link)}
                  sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' } }}
                >
                  {T.copy}
                </ActionButton>
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="created-share-expiry">
                {T.stopsWorking(formatDateTime(created.expiresAt))} {T.linkOnce}
              </Typography>
            </Box>
          )}

          <Divider sx={{ my: 2.5 }} />
          <Typography variant="h6" component="h3" id="live-shares-heading">
            {T.liveHeading}
          </Typography>
          {shares.isPending ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {T.liveLoading}
            </Typography>
          ) : shares.isError ? (
            <Typography variant="body2" color="error" sx={{ mt: 1 }}>
              {T.liveFailed}
            </Typography>
          ) : shares.data.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="live-shares-empty">
              {T.liveEmpty}
            </Typography>
          ) : (
            <Box
              component="ul"
              aria-labelledby="live-shares-heading"
              data-testid="live-shares"
              sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5 }}
            >
              {shares.data.map((share) => (
                <LiveLink key={share.id} share={share} onRevoke={setRevoking} />
              ))}
            </Box>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={close}>{T.close}</Button>
        </DialogActions>
      </Dialog>

      <Dialog
        open={revoking !== null}
        onClose={() => !revoke.isPending && setRevoking(null)}
        aria-labelledby="revoke-share-title"
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id="revoke-share-title">{T.revokeTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{T.revokeCopy}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={() => setRevoking(null)} disabled={revoke.isPending} color="secondary">
            {T.revokeCancel}
          </Button>
          <Button onClick={confirmRevoke} disabled={revoke.isPending} variant="contained" color="error">
            {T.revokeConfirm}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** 'Share' in an item page's action row, opening the share dialog. */
export function ShareButton({ type, id }: { type: LibraryItemType; id: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <ActionButton icon={<ShareOutlined fontSize="small" />} onClick={() => setOpen(true)}>
        {LIBRARY_ITEM_TEXTS.share.button}
      </ActionButton>
      <ShareDialog type={type} id={id} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
