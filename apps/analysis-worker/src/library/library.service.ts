import { Injectable, Logger } from '@nestjs/common';
import {
  itemThumbnailUrl,
  LIBRARY_PAGE_SIZE,
  MAX_PROJECTS_PER_USER,
  type LibraryItem,
  type LibraryItemFacts,
  type LibraryExport,
  type LibraryItemType,
  type LibraryPage,
  type LibraryQuery,
  type ProjectDetail,
  type ProjectSummary,
} from '@archlens/contracts/library';
import { DomainError } from '@archlens/platform/messaging';
import { ProjectEntity } from './project.entity.js';
import { LibraryItemsRepository, type ItemRow } from './library-items.repository.js';
import { ProjectsRepository, type ProjectWrite } from './projects.repository.js';

/** A listed item as the API shows it. */
function itemOf(row: ItemRow): LibraryItem {
  return {
    type: row.type,
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    title: row.title,
    tags: row.tags,
    thumbnailUrl: itemThumbnailUrl(row.type, row.id, row.imageCount),
    project: row.projectId && row.projectName ? { id: row.projectId, name: row.projectName } : null,
  };
}

/**
 * The architect's library: projects (named per user, at most `MAX_PROJECTS_PER_USER`), filing, and
 * the item index fed by the owners' events, listed and searched a page (`LIBRARY_PAGE_SIZE`) at a
 * time. Another user's project answers exactly as an unknown one (`project.not-found`).
 */
@Injectable()
export class LibraryService {
  private readonly logger = new Logger('Library');

  constructor(
    private readonly projects: ProjectsRepository,
    private readonly items: LibraryItemsRepository,
  ) {}

  /**
   * `library.create-project`: a new, empty project.
   * @throws DomainError `project.name-taken` (the user has one of that name, case aside), `project.limit-reached` (409 each)
   */
  async createProject(userId: string, name: string): Promise<ProjectSummary> {
    const project = this.written(await this.projects.create(userId, name, MAX_PROJECTS_PER_USER), name);
    return { id: project.id, name: project.name, createdAt: project.createdAt.toISOString(), itemCount: 0, thumbnailUrl: null };
  }

  /** `library.list-projects`: the user's projects by name, with item counts and the newest item's thumbnail. */
  async listProjects(userId: string): Promise<ProjectSummary[]> {
    return (await this.projects.list(userId)).map((row) => ({
      id: row.id,
      name: row.name,
      createdAt: row.createdAt.toISOString(),
      itemCount: row.itemCount,
      thumbnailUrl: row.newest ? itemThumbnailUrl(row.newest.type, row.newest.id, row.newest.imageCount) : null,
    }));
  }

  /**
   * `library.get-project`: the project and page `page` of its items, newest first.
   * @throws DomainError `project.not-found`
   */
  async getProject(userId: string, projectId: string, page: number): Promise<ProjectDetail> {
    const project = await this.owned(userId, projectId);
    const items = await this.page({ userId, projectId, sort: 'newest', page });
    return { id: project.id, name: project.name, createdAt: project.createdAt.toISOString(), itemCount: items.total, items };
  }

  /**
   * `library.rename-project`.
   * @throws DomainError `project.not-found`, `project.name-taken`
   */
  async renameProject(userId: string, projectId: string, name: string): Promise<ProjectSummary> {
    const project = this.written(await this.projects.rename(userId, projectId, name), name);
    const summary = (await this.listProjects(userId)).find((p) => p.id === project.id);
    if (!summary) throw new DomainError('project.not-found');
    return summary;
  }

  /**
   * `library.delete-project`: the project goes, its items stay, unfiled.
   * @throws DomainError `project.not-found`
   */
  async deleteProject(userId: string, projectId: string): Promise<{ deleted: true }> {
    if (!(await this.projects.remove(userId, projectId))) throw new DomainError('project.not-found');
    return { deleted: true };
  }

  /**
   * `library.file-item`: files the item (its facts, checked with its owner by the caller) in the
   * user's project, moving it from any other; its index row is written first, so filing never waits
   * on the owner's event.
   * @throws DomainError `project.not-found`
   */
  async fileItem(projectId: string, item: LibraryItemFacts): Promise<{ type: LibraryItemType; id: string; projectId: string }> {
    await this.projects.transaction(async (manager) => {
      const project = await manager.findOneBy(ProjectEntity, { id: projectId, userId: item.userId });
      if (!project) throw new DomainError('project.not-found');
      await this.items.upsert(item, manager);
      await this.items.file(manager, item.userId, item.type, item.id, project);
    });
    return { type: item.type, id: item.id, projectId };
  }

  /**
   * `library.unfile-item`: takes the item out of the project.
   * @throws DomainError `project.not-found` (another user's or an unknown project), `project.item-not-filed`
   */
  async unfileItem(
    userId: string,
    projectId: string,
    type: LibraryItemType,
    id: string,
  ): Promise<{ type: LibraryItemType; id: string; projectId: null }> {
    await this.owned(userId, projectId);
    if (!(await this.items.unfile(userId, projectId, type, id))) throw new DomainError('project.item-not-filed');
    return { type, id, projectId: null };
  }

  /**
   * `library.search`: a page of the user's items by type and project, matching `q` over item text,
   * tags and project names.
   * @throws DomainError `project.not-found` when `projectId` names another user's or an unknown project
   */
  async search(userId: string, query: LibraryQuery): Promise<LibraryPage> {
    if (query.projectId) await this.owned(userId, query.projectId);
    return this.page({ userId, ...query });
  }

  /** `library.export`: the user's projects and the items filed in each. */
  async exportProjects(userId: string): Promise<LibraryExport> {
    const [projects, filed] = await Promise.all([this.projects.list(userId), this.projects.filedItems(userId)]);
    return {
      projects: projects.map((p) => ({
        id: p.id,
        name: p.name,
        createdAt: p.createdAt.toISOString(),
        items: filed.filter((item) => item.projectId === p.id).map(({ type, id }) => ({ type, id })),
      })),
    };
  }

  /** An owner's event: the item is (re)indexed, its project kept. */
  async record(facts: LibraryItemFacts): Promise<void> {
    await this.items.upsert(facts);
  }

  /** An owner's event: the item is gone. */
  async forget(userId: string, type: LibraryItemType, id: string): Promise<void> {
    await this.items.remove(userId, type, id);
    this.logger.log(`${type} ${id} left the library`);
  }

  private async page(
    query: Omit<LibraryQuery, 'page' | 'sort'> & { userId: string; sort: LibraryQuery['sort']; page: number },
  ): Promise<LibraryPage> {
    const q = query.q?.trim() ? query.q.trim() : undefined;
    const { rows, total } = await this.items.page({ ...query, q, pageSize: LIBRARY_PAGE_SIZE });
    return { items: rows.map(itemOf), page: query.page, pageSize: LIBRARY_PAGE_SIZE, total };
  }

  private async owned(userId: string, projectId: string): Promise<ProjectEntity> {
    const project = await this.projects.findOwned(userId, projectId);
    if (!project) throw new DomainError('project.not-found');
    return project;
  }

  /** The project a write made. @throws DomainError the refusal's code */
  private written(write: ProjectWrite, name: string): ProjectEntity {
    if (write.ok) return write.project;
    if (write.reason === 'name-taken') throw new DomainError('project.name-taken', { name });
    if (write.reason === 'limit-reached') throw new DomainError('project.limit-reached', { limit: MAX_PROJECTS_PER_USER });
    throw new DomainError('project.not-found');
  }
}
