import {
  filedItemResponseSchema,
  libraryPageSchema,
  projectListResponseSchema,
  projectSummarySchema,
  type LibraryItemType,
  type LibraryPage,
  type ProjectSummary,
} from '@archlens/contracts/library';
import { API_PATHS, projectPath } from '@archlens/contracts/paths';
import { z } from 'zod';
import { apiRequest } from '../../../api/client';
import { libraryApiSearch, type LibraryFilters } from '../library-filters';

/** The answer of filing and unfiling: the item and the project it is now in (null once unfiled). */
export type FiledItem = z.infer<typeof filedItemResponseSchema>;

/** An item of the user's, as filing names it. */
export interface ItemRef {
  type: LibraryItemType;
  id: string;
}

/**
 * The library's routes; each throws `HttpError` ("{status}: {body}") on a non-OK answer, whose
 * code the callers read (`project.name-taken` 409, `project.limit-reached` 409, `project.not-found` 404).
 */
export const libraryApi = {
  /** `GET /api/library`: one page (24 items) of the view, with the number of items in all. */
  list: (filters: LibraryFilters, signal?: AbortSignal): Promise<LibraryPage> =>
    apiRequest(`${API_PATHS.library}?${libraryApiSearch(filters)}`, { schema: libraryPageSchema, signal }),
  /** `GET /api/projects`: every project of the user with its item count, by name. */
  projects: (signal?: AbortSignal): Promise<ProjectSummary[]> =>
    apiRequest(API_PATHS.projects, { schema: projectListResponseSchema, signal }),
  /** `POST /api/projects`. */
  createProject: (name: string): Promise<ProjectSummary> =>
    apiRequest(API_PATHS.createProject, { method: 'POST', json: { name }, schema: projectSummarySchema }),
  /** `PATCH /api/projects/{id}`. */
  renameProject: (id: string, name: string): Promise<unknown> => apiRequest(projectPath(id), { method: 'PATCH', json: { name } }),
  /** `DELETE /api/projects/{id}`: the project goes, its items stay in the library, unfiled. */
  deleteProject: (id: string): Promise<unknown> => apiRequest(projectPath(id), { method: 'DELETE' }),
  /** `PUT /api/projects/{id}/items`: files the item there, moving it from any other project. */
  fileItem: (projectId: string, item: ItemRef): Promise<FiledItem> =>
    apiRequest(`${projectPath(projectId)}/items`, {
      method: 'PUT',
      json: { type: item.type, id: item.id },
      schema: filedItemResponseSchema,
    }),
  /** `DELETE /api/projects/{id}/items/{type}/{itemId}`: the item stays in the library, in no project. */
  unfileItem: (projectId: string, item: ItemRef): Promise<FiledItem> =>
    apiRequest(`${projectPath(projectId)}/items/${item.type}/${encodeURIComponent(item.id)}`, {
      method: 'DELETE',
      schema: filedItemResponseSchema,
    }),
};
