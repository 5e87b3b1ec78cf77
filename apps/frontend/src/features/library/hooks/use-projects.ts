import type { ProjectSummary } from '@archlens/contracts/library';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { isUnauthorisedError } from '../../../api/client';
import { serverMessageOf } from '../../../api/error-message';
import { queryKeys } from '../../../api/query-keys';
import { toast } from '../../../shared/toast';
import { libraryApi, type ItemRef } from '../api/library-api';
import { LIBRARY_TEXTS } from '../texts';

const T = LIBRARY_TEXTS.toasts;

/** `GET /api/projects`: the user's projects by name, with their item counts. */
export function useProjects(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: queryKeys.projects, queryFn: ({ signal }) => libraryApi.projects(signal), enabled: options.enabled ?? true });
}

/** After any change to projects or filing: the project list (counts, thumbnails) and every library view are read again. */
function refreshLibrary(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.projects });
  void queryClient.invalidateQueries({ queryKey: queryKeys.library });
}

/** The 'Project Not Changed' toast with the server's words (a 401 gets the global 'Unauthorized' instead). */
export function toastProjectFailure(error: unknown): void {
  if (isUnauthorisedError(error)) return;
  toast({ title: T.failedTitle, description: serverMessageOf(error) ?? T.failed, variant: 'error' });
}

/**
 * `POST /api/projects`: on success 'Project Created' and the lists refreshed. A refusal (a taken
 * name, past 200 projects: 409; a blank or too long name: 400) is left to the caller, which shows
 * the server's message beside the name.
 */
export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => libraryApi.createProject(name),
    onSuccess: (project) => {
      refreshLibrary(queryClient);
      toast({ title: T.createdTitle, description: T.created(project.name), variant: 'success' });
    },
  });
}

/** `PATCH /api/projects/{id}`: on success 'Project Renamed'; refusals are the caller's, as for creation. */
export function useRenameProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => libraryApi.renameProject(id, name),
    onSuccess: (_answer, { name }) => {
      refreshLibrary(queryClient);
      toast({ title: T.renamedTitle, description: T.renamed(name.trim()), variant: 'success' });
    },
  });
}

/** `DELETE /api/projects/{id}`: its items stay in the library, unfiled; 'Project Deleted' on success, 'Project Not Changed' on failure. */
export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (project: Pick<ProjectSummary, 'id' | 'name'>) => libraryApi.deleteProject(project.id),
    onSuccess: (_answer, project) => {
      // Items remembered as filed there are filed nowhere now.
      queryClient.setQueriesData<string | null>({ queryKey: ['library', 'item-project'] }, (filed) =>
        filed === project.id ? null : filed,
      );
      refreshLibrary(queryClient);
      toast({ title: T.deletedTitle, description: T.deleted(project.name), variant: 'success' });
    },
    onError: toastProjectFailure,
  });
}

/** Filing as Add to project does it: into `project`, or out of it (`project: null` after `from`). */
export interface FilingChange {
  item: ItemRef;
  /** The project to file the item in; null to take it out of `from`. */
  to: Pick<ProjectSummary, 'id' | 'name'> | null;
  /** The project it is in now (required to unfile). */
  from: Pick<ProjectSummary, 'id' | 'name'> | null;
}

/**
 * `PUT /api/projects/{id}/items` or `DELETE /api/projects/{id}/items/{type}/{itemId}`: files the
 * item in a project (moving it from any other) or takes it out; remembers where it now is
 * (`queryKeys.itemProject`), refreshes the lists, and shows 'Added to Project' or 'Removed from
 * Project' (or 'Project Not Changed' with the server's message).
 */
export function useFileItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ item, to, from }: FilingChange) => {
      if (to) return libraryApi.fileItem(to.id, item);
      if (!from) throw new Error('An item in no project cannot be taken out of one.');
      return libraryApi.unfileItem(from.id, item);
    },
    onSuccess: (filed, { item, to, from }) => {
      queryClient.setQueryData(queryKeys.itemProject(item.type, item.id), filed.projectId);
      refreshLibrary(queryClient);
      const type = LIBRARY_TEXTS.typeLabel[item.type];
      if (to) toast({ title: T.filedTitle, description: T.filed(type, to.name), variant: 'success' });
      else toast({ title: T.unfiledTitle, description: T.unfiled(type, from?.name ?? ''), variant: 'success' });
    },
    onError: toastProjectFailure,
  });
}
