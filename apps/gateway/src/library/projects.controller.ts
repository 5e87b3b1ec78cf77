import { Body, Controller, Param, Query } from '@nestjs/common';
import { z } from 'zod';
import {
  fileItemRequestSchema,
  libraryQuerySchema,
  projectItemsQuerySchema,
  projectNameRequestSchema,
  type DeletedResponse,
  type FileItemRequest,
  type LibraryPage,
  type LibraryQuery,
  type ProjectDetail,
  type ProjectNameRequest,
  type ProjectSummary,
} from '@archlens/contracts/library';
import { CommandClient } from '@archlens/platform/messaging';
import { Route } from '../access/route.decorator.js';
import { ZodBodyPipe } from '../http/zod-body.pipe.js';
import { ZodQueryPipe } from '../http/zod-query.pipe.js';
import { CurrentUserId } from '../sessions/session.guard.js';
import { ProjectsService } from './projects.service.js';

/**
 * Projects and the library listing, signed-in only (401 otherwise), owner only (another user's
 * project answers 404 as an unknown one). Bodies and queries are checked against the contract
 * (400 naming the field) before anything is queued.
 */
@Controller()
export class ProjectsController {
  constructor(
    private readonly commands: CommandClient,
    private readonly projects: ProjectsService,
  ) {}

  /** `GET /api/projects` → 200 the user's projects by name, each with `itemCount` and `thumbnailUrl`. */
  @Route('projects')
  list(@CurrentUserId() userId: string): Promise<ProjectSummary[]> {
    return this.commands.request('library.list-projects', { userId });
  }

  /** `POST /api/projects` `{name}` → 201 the new project; 400 for a blank or too long name, 409 for a taken name or past 200 projects. */
  @Route('createProject')
  create(
    @CurrentUserId() userId: string,
    @Body(new ZodBodyPipe(projectNameRequestSchema)) body: ProjectNameRequest,
  ): Promise<ProjectSummary> {
    return this.commands.request('library.create-project', { userId, name: body.name });
  }

  /** `GET /api/projects/{id}?page=` → 200 the project and a page of its items, newest first. */
  @Route('project')
  get(
    @CurrentUserId() userId: string,
    @Param('id') id: string,
    @Query(new ZodQueryPipe(projectItemsQuerySchema)) query: z.infer<typeof projectItemsQuerySchema>,
  ): Promise<ProjectDetail> {
    return this.commands.request('library.get-project', { userId, projectId: this.projects.projectId(id), page: query.page });
  }

  /** `PATCH /api/projects/{id}` `{name}` → 200 the renamed project; 404, 409 as for creation. */
  @Route('renameProject')
  rename(
    @CurrentUserId() userId: string,
    @Param('id') id: string,
    @Body(new ZodBodyPipe(projectNameRequestSchema)) body: ProjectNameRequest,
  ): Promise<ProjectSummary> {
    return this.commands.request('library.rename-project', { userId, projectId: this.projects.projectId(id), name: body.name });
  }

  /** `DELETE /api/projects/{id}` → 200 `{deleted: true}`; its items stay, unfiled. */
  @Route('deleteProject')
  remove(@CurrentUserId() userId: string, @Param('id') id: string): Promise<DeletedResponse> {
    return this.commands.request('library.delete-project', { userId, projectId: this.projects.projectId(id) });
  }

  /** `PUT /api/projects/{id}/items` `{type, id}` → 200 `{type, id, projectId}`; 404 for an item that is not the user's. */
  @Route('fileProjectItem')
  file(@CurrentUserId() userId: string, @Param('id') id: string, @Body(new ZodBodyPipe(fileItemRequestSchema)) body: FileItemRequest) {
    return this.projects.file(userId, id, body);
  }

  /** `DELETE /api/projects/{id}/items/{type}/{itemId}` → 200 `{type, id, projectId: null}`; 404 when not filed there. */
  @Route('unfileProjectItem')
  unfile(@CurrentUserId() userId: string, @Param('id') id: string, @Param('type') type: string, @Param('itemId') itemId: string) {
    return this.projects.unfile(userId, id, type, itemId);
  }

  /** `GET /api/library?type=&projectId=&q=&sort=&page=` → 200 a page of the user's items and their number in all. */
  @Route('library')
  library(@CurrentUserId() userId: string, @Query(new ZodQueryPipe(libraryQuerySchema)) query: LibraryQuery): Promise<LibraryPage> {
    return this.commands.request('library.search', { userId, ...query });
  }
}
