import { PROJECT_NAME_MAX_CHARS, type ProjectSummary } from '@archlens/contracts/library';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { isUnauthorisedError } from '../../../api/client';
import { useCreateProject, useRenameProject } from '../hooks/use-projects';
import { projectNameProblem, projectRefusalText } from '../project-name';
import { LIBRARY_TEXTS } from '../texts';

const T = LIBRARY_TEXTS.nameDialog;

export interface ProjectNameDialogProps {
  /** The project to rename; absent to make a new one. */
  project?: Pick<ProjectSummary, 'id' | 'name'>;
  onClose: () => void;
  /** After the server has taken the name: the new project's id (or the renamed one's). */
  onSaved?: (projectId: string) => void;
}

/**
 * New project or Rename: one name field with the rules under it (1 to 80 characters, unique among
 * the user's projects, at most 200 projects). A name the rules refuse is not sent; a refusal of the
 * server (a taken name, the 200th project) replaces the rules with its own words. Mount it to open it.
 */
export function ProjectNameDialog({ project, onClose, onSaved }: ProjectNameDialogProps) {
  const [name, setName] = useState(project?.name ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateProject();
  const rename = useRenameProject();
  const pending = create.isPending || rename.isPending;
  const refused = (error: unknown) => {
    if (!isUnauthorisedError(error)) setProblem(projectRefusalText(error));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local = projectNameProblem(name);
    if (local) return setProblem(local);
    const trimmed = name.trim();
    if (project) {
      if (trimmed === project.name) return onClose();
      rename.mutate(
        { id: project.id, name: trimmed },
        {
          onSuccess: () => {
            onSaved?.(project.id);
            onClose();
          },
          onError: refused,
        },
      );
    } else {
      create.mutate(trimmed, {
        onSuccess: (created) => {
          onSaved?.(created.id);
          onClose();
        },
        onError: refused,
      });
    }
  };

  return (
    <Dialog open onClose={pending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="project-name-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="project-name-title">{project ? T.renameTitle : T.createTitle}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={T.nameLabel}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setProblem(null);
            }}
            error={problem !== null}
            helperText={problem ?? T.rules}
            slotProps={{ htmlInput: { maxLength: PROJECT_NAME_MAX_CHARS, 'data-testid': 'project-name-input' } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={pending}>
            {T.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {pending ? T.saving : project ? T.save : T.create}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
