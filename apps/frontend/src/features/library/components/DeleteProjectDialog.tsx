import type { ProjectSummary } from '@archlens/contracts/library';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useDeleteProject } from '../hooks/use-projects';
import { LIBRARY_TEXTS } from '../texts';

const T = LIBRARY_TEXTS.deleteDialog;

/**
 * Asks before deleting a project, saying that its items stay in the library (`DELETE
 * /api/projects/{id}` unfiles them). Mount it to open it; `onDeleted` runs once the server agreed.
 */
export function DeleteProjectDialog({
  project,
  onClose,
  onDeleted,
}: {
  project: Pick<ProjectSummary, 'id' | 'name' | 'itemCount'>;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteProject();
  return (
    <Dialog open onClose={remove.isPending ? undefined : onClose} maxWidth="xs" aria-labelledby="delete-project-title">
      <DialogTitle id="delete-project-title">{T.title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ overflowWrap: 'anywhere' }}>{T.body(project.name, project.itemCount)}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={remove.isPending} autoFocus>
          {T.cancel}
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(project, {
              onSuccess: () => {
                onDeleted();
                onClose();
              },
            })
          }
        >
          {T.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
