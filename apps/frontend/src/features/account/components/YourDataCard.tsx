import DeleteForeverOutlined from '@mui/icons-material/DeleteForeverOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { isUnauthorisedError } from '../../../api/client';
import { toast } from '../../../shared/toast';
import { accountApi } from '../api/account-api';
import { ACCOUNT_TEXTS } from '../texts';
import { DeleteAccountDialog } from './DeleteAccountDialog';

/**
 * /account 'Your data': 'Download your data' (`GET /api/account/export`: the browser saves one ZIP
 * of every analysis, sketch reading and generation with their files, and the projects; a failure
 * shows 'Download Failed') and 'Delete account', which opens `DeleteAccountDialog`, with an empty
 * password field each time.
 */
export function YourDataCard() {
  const [dialog, setDialog] = useState({ open: false, key: 0 });
  const download = useMutation({
    mutationFn: accountApi.downloadExport,
    onError: (error) => {
      // A 401 goes through the global 'Unauthorized' handler.
      if (!isUnauthorisedError(error))
        toast({ title: ACCOUNT_TEXTS.downloadFailedTitle, description: ACCOUNT_TEXTS.downloadFailed, variant: 'error' });
    },
  });
  return (
    <Card component="section" aria-labelledby="your-data-title">
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Typography id="your-data-title" variant="h3" component="h2">
          {ACCOUNT_TEXTS.dataTitle}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75, mb: 2, maxWidth: 640 }}>
          {ACCOUNT_TEXTS.dataIntro}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}>
          <Button
            variant="contained"
            onClick={() => download.mutate()}
            disabled={download.isPending}
            startIcon={download.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : <FileDownloadOutlined />}
          >
            {download.isPending ? ACCOUNT_TEXTS.downloading : ACCOUNT_TEXTS.download}
          </Button>
          <Button
            variant="outlined"
            color="error"
            startIcon={<DeleteForeverOutlined />}
            onClick={() => setDialog(({ key }) => ({ open: true, key: key + 1 }))}
          >
            {ACCOUNT_TEXTS.deleteAccount}
          </Button>
        </Stack>
      </CardContent>
      <DeleteAccountDialog key={dialog.key} open={dialog.open} onClose={() => setDialog(({ key }) => ({ open: false, key }))} />
    </Card>
  );
}
