import type { ProjectSummary } from '@archlens/contracts/library';
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LIBRARY_TEXTS } from '../texts';

const T = LIBRARY_TEXTS.projects;

export interface ProjectListProps {
  projects: ProjectSummary[] | undefined;
  isError: boolean;
  /** The project the grid shows; null for every item. */
  selectedId: string | null;
  onSelect: (projectId: string | null) => void;
  onNew: () => void;
  onRename: (project: ProjectSummary) => void;
  onDelete: (project: ProjectSummary) => void;
}

/** Rename and Delete of one project, behind its ⋮ button. */
function ProjectActions({ project, onRename, onDelete }: { project: ProjectSummary } & Pick<ProjectListProps, 'onRename' | 'onDelete'>) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton size="small" edge="end" aria-label={T.actions(project.name)} onClick={(event) => setAnchor(event.currentTarget)}>
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        <MenuItem
          onClick={() => {
            close();
            onRename(project);
          }}
        >
          <ListItemIcon>
            <EditOutlined fontSize="small" />
          </ListItemIcon>
          {T.rename}
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            onDelete(project);
          }}
        >
          <ListItemIcon>
            <DeleteOutlined fontSize="small" />
          </ListItemIcon>
          {T.delete}
        </MenuItem>
      </Menu>
    </>
  );
}

/**
 * The user's projects beside the grid: All items, then each project with its item count; choosing
 * one filters the grid by it, and each has Rename and Delete. On a phone the list is a select, with
 * Rename and Delete of the chosen project beside New project.
 */
export function ProjectList({ projects, isError, selectedId, onSelect, onNew, onRename, onDelete }: ProjectListProps) {
  const selected = projects?.find((project) => project.id === selectedId) ?? null;
  const newButton = (
    <Button variant="outlined" size="small" startIcon={<Add />} onClick={onNew} sx={{ whiteSpace: 'nowrap' }}>
      {T.newProject}
    </Button>
  );

  return (
    <Box component="nav" aria-labelledby="library-projects-heading" data-testid="library-projects">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography id="library-projects-heading" variant="h4" component="h2">
          {T.heading}
        </Typography>
        <Box sx={{ display: { xs: 'none', md: 'block' } }}>{newButton}</Box>
      </Stack>

      {isError && (
        <Typography variant="body2" color="error">
          {T.loadFailed}
        </Typography>
      )}

      {/* Phone and tablet: a select. */}
      <Box sx={{ display: { xs: 'block', md: 'none' } }}>
        {projects !== undefined && projects.length > 0 && (
          <TextField
            select
            fullWidth
            size="small"
            label={T.selectLabel}
            value={selectedId ?? ''}
            onChange={(event) => onSelect(event.target.value || null)}
            slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'project-select' }, inputLabel: { shrink: true } }}
          >
            <option value="">{T.all}</option>
            {projects?.map((project) => (
              <option key={project.id} value={project.id}>
                {`${project.name} (${T.count(project.itemCount)})`}
              </option>
            ))}
          </TextField>
        )}
        <Stack
          direction="row"
          useFlexGap
          sx={{ mt: projects?.length ? 1.5 : 0, gap: 0.5, flexWrap: 'wrap', '& .MuiButton-text': { px: 1.25 } }}
        >
          {newButton}
          {selected && (
            <>
              <Button size="small" variant="text" startIcon={<EditOutlined />} onClick={() => onRename(selected)}>
                {T.rename}
              </Button>
              <Button size="small" variant="text" color="error" startIcon={<DeleteOutlined />} onClick={() => onDelete(selected)}>
                {T.delete}
              </Button>
            </>
          )}
        </Stack>
      </Box>

      {/* Desktop: the list. */}
      <Box sx={{ display: { xs: 'none', md: 'block' } }}>
        {projects === undefined && !isError ? (
          <Stack spacing={1} aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={40} />
            ))}
          </Stack>
        ) : (
          <List dense aria-label={T.listLabel} sx={{ mx: -1 }}>
            <ListItem disablePadding>
              <ListItemButton
                selected={selectedId === null}
                aria-current={selectedId === null ? 'true' : undefined}
                onClick={() => onSelect(null)}
              >
                <ListItemText primary={T.all} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
              </ListItemButton>
            </ListItem>
            {projects?.map((project) => (
              <ListItem
                key={project.id}
                disablePadding
                data-testid="library-project"
                secondaryAction={<ProjectActions project={project} onRename={onRename} onDelete={onDelete} />}
              >
                <ListItemButton
                  selected={project.id === selectedId}
                  aria-current={project.id === selectedId ? 'true' : undefined}
                  onClick={() => onSelect(project.id)}
                >
                  <ListItemText
                    primary={project.name}
                    secondary={T.count(project.itemCount)}
                    slotProps={{ primary: { noWrap: true, title: project.name } }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
        {projects?.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {T.none}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
