import type { LibraryItemType } from '@archlens/contracts/library';
import { PROJECT_NAME_MAX_CHARS } from '@archlens/contracts/library';
import Check from '@mui/icons-material/Check';
import CreateNewFolderOutlined from '@mui/icons-material/CreateNewFolderOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import FolderOffOutlined from '@mui/icons-material/FolderOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type MouseEvent } from 'react';
import { isUnauthorisedError } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { ActionButton } from '../../../shared/components/ActionButton';
import { useCreateProject, useFileItem, useProjects } from '../hooks/use-projects';
import { projectNameProblem, projectRefusalText } from '../project-name';
import { LIBRARY_TEXTS } from '../texts';

const T = LIBRARY_TEXTS.addToProject;

export interface AddToProjectButtonProps {
  type: LibraryItemType;
  /** The item's id (a generation's job id). */
  id: string;
  /**
   * The project the item is in, when the caller knows it (a library card: the listing says; null
   * for none). Left out on a tool's result, which the component then follows itself: in none until
   * it files it, then where the server said it went.
   */
  projectId?: string | null;
  /** A small icon button (a library card) instead of the toolbar's outlined button. */
  compact?: boolean;
}

/**
 * Add to project: a menu of the user's projects (`GET /api/projects`, loaded when first opened)
 * with the item's current project marked; choosing one files the item there, moving it from any
 * other (`PUT /api/projects/{id}/items`). 'New project…' asks for a name in the menu, creates the
 * project and files the item in it; 'Remove from project' takes it out (it stays in the library).
 * Each success shows a toast; a refused name (taken, too long, past 200 projects) is shown under
 * the name field in the server's words, any other failure as 'Project Not Changed'.
 */
export function AddToProjectButton({ type, id, projectId, compact = false }: AddToProjectButtonProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const menuId = useId();
  const open = anchor !== null;

  const projects = useProjects({ enabled: open });
  const remembered = useQuery<string | null>({
    queryKey: queryKeys.itemProject(type, id),
    queryFn: () => null,
    initialData: null,
    enabled: false,
  }).data;
  const current = projectId === undefined ? remembered : projectId;
  const fileItem = useFileItem();
  const createProject = useCreateProject();
  const busy = fileItem.isPending || createProject.isPending;

  const currentProject = projects.data?.find((project) => project.id === current) ?? null;
  const item = { type, id };

  const close = () => {
    setAnchor(null);
    setNaming(false);
    setName('');
    setNameError(null);
  };
  const openMenu = (event: MouseEvent<HTMLElement>) => {
    event.stopPropagation();
    setAnchor(event.currentTarget);
  };

  const fileIn = (project: { id: string; name: string }) => {
    if (project.id === current) return close();
    fileItem.mutate({ item, to: project, from: currentProject }, { onSuccess: close });
  };
  const remove = () => {
    if (!currentProject) return;
    fileItem.mutate({ item, to: null, from: currentProject }, { onSuccess: close });
  };
  const createAndFile = (event: FormEvent) => {
    event.preventDefault();
    const problem = projectNameProblem(name);
    if (problem) return setNameError(problem);
    createProject.mutate(name.trim(), {
      onSuccess: (project) => fileItem.mutate({ item, to: project, from: currentProject }, { onSuccess: close }),
      onError: (error) => {
        if (!isUnauthorisedError(error)) setNameError(projectRefusalText(error));
      },
    });
  };

  const label = currentProject ? LIBRARY_TEXTS.addToProject.buttonFiled(currentProject.name) : T.button;
  const trigger = compact ? (
    <Tooltip title={label}>
      <IconButton
        size="small"
        aria-label={T.button}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={openMenu}
        data-testid="add-to-project"
        sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', '&:hover': { bgcolor: 'background.paper' } }}
      >
        <CreateNewFolderOutlined fontSize="small" />
      </IconButton>
    </Tooltip>
  ) : (
    <ActionButton
      icon={current ? <FolderOutlined fontSize="small" /> : <CreateNewFolderOutlined fontSize="small" />}
      aria-haspopup="true"
      aria-expanded={open}
      aria-controls={open ? menuId : undefined}
      onClick={openMenu}
      data-testid="add-to-project"
      sx={{ maxWidth: '100%', '& .label': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } }}
    >
      <span className="label">{current && !currentProject ? T.button : label}</span>
    </ActionButton>
  );

  return (
    <>
      {trigger}
      <Popover
        open={open}
        anchorEl={anchor}
        onClose={close}
        onClick={(event) => event.stopPropagation()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        transformOrigin={{ vertical: 'top', horizontal: 'left' }}
        slotProps={{
          paper: { id: menuId, sx: { width: 300, maxWidth: 'calc(100vw - 32px)' }, 'data-testid': 'add-to-project-menu' } as object,
        }}
      >
        {projects.isPending ? (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', p: 2 }}>
            <CircularProgress size={18} />
            <Typography variant="body2">{T.loading}</Typography>
          </Stack>
        ) : projects.isError ? (
          <Typography variant="body2" color="error" sx={{ p: 2 }}>
            {T.loadFailed}
          </Typography>
        ) : (
          <MenuList
            autoFocusItem={!naming}
            aria-label={T.menuLabel}
            dense
            subheader={
              <ListSubheader component="div" sx={{ lineHeight: 2.5 }}>
                {T.menuLabel}
              </ListSubheader>
            }
            sx={{ maxHeight: 320, overflowY: 'auto', pt: 0 }}
          >
            {projects.data.map((project) => {
              const isCurrent = project.id === current;
              return (
                <MenuItem
                  key={project.id}
                  role="menuitemradio"
                  aria-checked={isCurrent}
                  selected={isCurrent}
                  disabled={busy}
                  onClick={() => fileIn(project)}
                >
                  <ListItemIcon>{isCurrent && <Check fontSize="small" />}</ListItemIcon>
                  <ListItemText
                    primary={project.name}
                    secondary={isCurrent ? T.current : LIBRARY_TEXTS.projects.count(project.itemCount)}
                    slotProps={{ primary: { noWrap: true } }}
                  />
                </MenuItem>
              );
            })}
            {projects.data.length > 0 && <Divider />}
            {!naming && (
              <MenuItem disabled={busy} onClick={() => setNaming(true)}>
                <ListItemIcon>
                  <CreateNewFolderOutlined fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={T.newProject} />
              </MenuItem>
            )}
            {currentProject && !naming && (
              <MenuItem disabled={busy} onClick={remove}>
                <ListItemIcon>
                  <FolderOffOutlined fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={T.remove} />
              </MenuItem>
            )}
          </MenuList>
        )}
        {naming && (
          <Box component="form" noValidate onSubmit={createAndFile} sx={{ px: 2, pb: 2, pt: 1 }}>
            <TextField
              autoFocus
              fullWidth
              size="small"
              label={T.newProjectName}
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setNameError(null);
              }}
              error={nameError !== null}
              helperText={nameError ?? LIBRARY_TEXTS.nameDialog.rules}
              slotProps={{ htmlInput: { maxLength: PROJECT_NAME_MAX_CHARS } }}
            />
            <Stack direction="row" spacing={1} sx={{ mt: 1.5, justifyContent: 'flex-end' }}>
              <Button size="small" onClick={() => setNaming(false)} disabled={busy}>
                {LIBRARY_TEXTS.nameDialog.cancel}
              </Button>
              <Button size="small" type="submit" variant="contained" disabled={busy}>
                {T.createAndAdd}
              </Button>
            </Stack>
          </Box>
        )}
      </Popover>
    </>
  );
}
