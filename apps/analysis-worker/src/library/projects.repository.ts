import { Inject, Injectable } from '@nestjs/common';
import { IsNull, Not, type DataSource, type EntityManager } from 'typeorm';
import { SERVICE_DATA_SOURCE } from '@archlens/platform/worker-host';
import { LibraryItemEntity } from './library-item.entity.js';
import { ProjectEntity } from './project.entity.js';

/** A project with its number of items and its newest item (type, id, image count), when it has one. */
export interface ProjectRow {
  id: string;
  name: string;
  createdAt: Date;
  itemCount: number;
  newest: { type: LibraryItemEntity['type']; id: string; imageCount: number } | null;
}

/** The outcome of a write that a per-user rule may refuse. */
export type ProjectWrite = { ok: true; project: ProjectEntity } | { ok: false; reason: 'name-taken' | 'limit-reached' | 'not-found' };

/** PostgreSQL's unique_violation: another project of the user already has this name (case aside). */
const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  return (error as { driverError?: { code?: string }; code?: string }).driverError?.code === UNIQUE_VIOLATION;
}

/**
 * All data access to `analysis.projects`, and the project columns of `analysis.library_items`
 * (`project_name`, kept equal to the project's name so that search reads it from the item's row).
 */
@Injectable()
export class ProjectsRepository {
  constructor(@Inject(SERVICE_DATA_SOURCE) private readonly dataSource: DataSource) {}

  /**
   * Creates a project unless the user has `limit` already or one of that name: one transaction
   * under a per-user advisory lock, so two creations at once cannot pass the limit together.
   */
  async create(userId: string, name: string, limit: number): Promise<ProjectWrite> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`projects:${userId}`]);
        if ((await manager.countBy(ProjectEntity, { userId })) >= limit) return { ok: false, reason: 'limit-reached' } as const;
        const project = await manager.save(manager.create(ProjectEntity, { userId, name }));
        return { ok: true, project } as const;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return { ok: false, reason: 'name-taken' };
      throw error;
    }
  }

  /** @returns the user's project, or null for another user's or an unknown one */
  findOwned(userId: string, id: string): Promise<ProjectEntity | null> {
    return this.dataSource.getRepository(ProjectEntity).findOneBy({ id, userId });
  }

  /** Renames the user's project and the copy of its name on its items, in one transaction. */
  async rename(userId: string, id: string, name: string): Promise<ProjectWrite> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const project = await manager.findOneBy(ProjectEntity, { id, userId });
        if (!project) return { ok: false, reason: 'not-found' } as const;
        project.name = name;
        await manager.save(project);
        await manager.update(LibraryItemEntity, { projectId: id }, { projectName: name });
        return { ok: true, project } as const;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return { ok: false, reason: 'name-taken' };
      throw error;
    }
  }

  /** Removes the user's project; its items stay, unfiled. @returns false for another user's or an unknown project */
  async remove(userId: string, id: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      await manager.update(LibraryItemEntity, { projectId: id, userId }, { projectId: null, projectName: null });
      const result = await manager.delete(ProjectEntity, { id, userId });
      return (result.affected ?? 0) > 0;
    });
  }

  /**
   * The user's projects by name (case-insensitively), each with its item count and newest item:
   * one statement, a count and a `LATERAL` newest-first look-up per project over
   * `IDX_library_items_project_id_created_at`.
   */
  async list(userId: string): Promise<ProjectRow[]> {
    const rows: Array<{
      id: string;
      name: string;
      created_at: Date;
      item_count: number;
      item_type: LibraryItemEntity['type'] | null;
      item_id: string | null;
      image_count: number | null;
    }> = await this.dataSource.query(
      `SELECT p.id, p.name, p.created_at,
              (SELECT count(*) FROM analysis.library_items c WHERE c.project_id = p.id)::int AS item_count,
              n.item_type, n.item_id, n.image_count
         FROM analysis.projects p
         LEFT JOIN LATERAL (
           SELECT i.item_type, i.item_id, i.image_count FROM analysis.library_items i
            WHERE i.project_id = p.id ORDER BY i.created_at DESC LIMIT 1
         ) n ON true
        WHERE p.user_id = $1
        ORDER BY lower(p.name), p.id`,
      [userId],
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      createdAt: row.created_at,
      itemCount: row.item_count,
      newest: row.item_type && row.item_id ? { type: row.item_type, id: row.item_id, imageCount: row.image_count ?? 0 } : null,
    }));
  }

  /** The user's filed items by project (for the export). */
  async filedItems(userId: string): Promise<Array<{ projectId: string; type: LibraryItemEntity['type']; id: string }>> {
    const rows = await this.dataSource.getRepository(LibraryItemEntity).find({
      where: { userId, projectId: Not(IsNull()) },
      select: { projectId: true, type: true, id: true },
      order: { createdAt: 'ASC' },
    });
    return rows.map((row) => ({ projectId: row.projectId as string, type: row.type, id: row.id }));
  }

  /** Runs `work` in one transaction (filing checks the project and moves the item together). */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }
}
