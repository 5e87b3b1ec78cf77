import { type ProjectSummary } from '@archlens/contracts/library';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useLibraryFilters } from '../hooks/use-library-filters';
import { useLibraryPage } from '../hooks/use-library';
import { useProjects } from '../hooks/use-projects';
import { isFiltered, NO_FILTERS } from '../library-filters';
import { visuallyHidden } from '../../../shared/visually-hidden';
import { LIBRARY_TEXTS } from '../texts';
import { DeleteProjectDialog } from './DeleteProjectDialog';
import { LibraryEmptyState } from './LibraryEmptyState';
import { LibraryItemCard } from './LibraryItemCard';
import { LibraryToolbar } from './LibraryToolbar';
import { ProjectList } from './ProjectList';
import { ProjectNameDialog } from './ProjectNameDialog';

const grid = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gridTemplateColumns: { xs: 'repeat(auto-fill, minmax(150px, 1fr))', sm: 'repeat(auto-fill, minmax(220px, 1fr))' },
  gap: { xs: 1.5, sm: 2 },
} as const;

type Dialog = { kind: 'new' } | { kind: 'rename'; project: ProjectSummary } | { kind: 'delete'; project: ProjectSummary } | null;

/**
 * The library: the user's projects beside one grid of every item, filtered by type and project,
 * searched, ordered and paged (24 a page), all kept in the address (`useLibraryFilters`).
 */
export function LibraryBrowser() {
  const { filters, change } = useLibraryFilters();
  const library = useLibraryPage(filters);
  const projects = useProjects();
  const [dialog, setDialog] = useState<Dialog>(null);

  const page = library.data;
  const pageCount = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;

  // A page past the end (items deleted since the link was made): the last page that has items.
  useEffect(() => {
    if (page && !library.isPlaceholderData && page.items.length === 0 && page.total > 0 && filters.page > 1)
      change({ page: pageCount }, { replace: true });
  }, [page, library.isPlaceholderData, filters.page, pageCount, change]);

  const showProject = (projectId: string | null) => change({ projectId });
  const emptyKind = !isFiltered(filters) ? 'nothing-yet' : filters.projectId && !filters.q && !filters.type ? 'empty-project' : 'no-match';

  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '240px minmax(0, 1fr)' },
        gap: { xs: 3, md: 4 },
        alignItems: 'start',
      }}
    >
      <Box>
        <ProjectList
          projects={projects.data}
          isError={projects.isError}
          selectedId={filters.projectId}
          onSelect={showProject}
          onNew={() => setDialog({ kind: 'new' })}
          onRename={(project) => setDialog({ kind: 'rename', project })}
          onDelete={(project) => setDialog({ kind: 'delete', project })}
        />
      </Box>

      <Box component="section" aria-labelledby="library-items-heading" sx={{ minWidth: 0 }}>
        <Typography id="library-items-heading" component="h2" sx={visuallyHidden}>
          {LIBRARY_TEXTS.gridLabel}
        </Typography>
        <LibraryToolbar filters={filters} onChange={change} />

        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ mt: 2, mb: 1.5, minHeight: 24 }}
          aria-live="polite"
          data-testid="library-total"
        >
          {page && page.total > 0 ? LIBRARY_TEXTS.resultCount(page.total) : ''}
        </Typography>

        {library.isPending ? (
          <Box sx={grid} aria-busy="true">
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton key={i} variant="rounded" sx={{ aspectRatio: '3 / 4', height: 'auto' }} />
            ))}
          </Box>
        ) : library.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void library.refetch()}>
                {LIBRARY_TEXTS.retry}
              </Button>
            }
          >
            {LIBRARY_TEXTS.loadFailed}
          </Alert>
        ) : page && page.items.length === 0 ? (
          <LibraryEmptyState kind={emptyKind} onShowAll={() => change(NO_FILTERS)} />
        ) : (
          <Box
            component="ol"
            aria-label={LIBRARY_TEXTS.gridLabel}
            data-testid="library-grid"
            aria-busy={library.isPlaceholderData}
            sx={{ ...grid, opacity: library.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
          >
            {page?.items.map((item) => (
              <LibraryItemCard key={`${item.type}:${item.id}`} item={item} onProject={showProject} />
            ))}
          </Box>
        )}

        {pageCount > 1 && (
          <Box component="nav" aria-label={LIBRARY_TEXTS.pagesLabel} sx={{ display: 'flex', justifyContent: 'center', mt: 4 }}>
            <Pagination
              count={pageCount}
              page={Math.min(filters.page, pageCount)}
              onChange={(_event, value) => {
                change({ page: value });
                window.scrollTo({ top: 0 });
              }}
              color="primary"
              siblingCount={1}
            />
          </Box>
        )}
      </Box>

      {dialog?.kind === 'new' && <ProjectNameDialog onClose={() => setDialog(null)} onSaved={(id) => showProject(id)} />}
      {dialog?.kind === 'rename' && <ProjectNameDialog project={dialog.project} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'delete' && (
        <DeleteProjectDialog
          project={dialog.project}
          onClose={() => setDialog(null)}
          onDeleted={() => {
            if (filters.projectId === dialog.project.id) showProject(null);
          }}
        />
      )}
    </Box>
  );
}
