import type { LibraryItemType } from '@archlens/contracts/library';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { isUnauthorisedError } from '../../../api/client';
import { ActionButton } from '../../../shared/components/ActionButton';
import { toast } from '../../../shared/toast';
import { useDeleteItem } from '../hooks/use-library-item';
import { LIBRARY_ITEM_TEXTS } from '../item-texts';

const T = LIBRARY_ITEM_TEXTS.delete;

/**
 * Delete, in an item page's action row: asks to confirm (what goes with the item, that it cannot
 * be undone), then deletes it and returns to the library with a toast (`useDeleteItem`). A failure
 * keeps the dialog open with its toast.
 */
export function DeleteItemButton({ type, id }: { type: LibraryItemType; id: string }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteItem(type, id);
  const confirm = () =>
    remove.mutate(undefined, {
      onError: (error) => {
        if (!isUnauthorisedError(error)) toast({ title: T.failedTitle, description: T.failed, variant: 'error' });
      },
    });

  return (
    <>
      <ActionButton icon={<DeleteOutlined fontSize="small" />} onClick={() => setOpen(true)}>
        {T.button}
      </ActionButton>
      <Dialog open={open} onClose={() => !remove.isPending && setOpen(false)} aria-labelledby="delete-item-title" maxWidth="xs" fullWidth>
        <DialogTitle id="delete-item-title">{T.title(type)}</DialogTitle>
        <DialogContent>
          <DialogContentText>{T.copy}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={() => setOpen(false)} disabled={remove.isPending} color="secondary">
            {T.cancel}
          </Button>
          <Button onClick={confirm} disabled={remove.isPending} variant="contained" color="error">
            {remove.isPending ? T.deleting : T.confirm}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
