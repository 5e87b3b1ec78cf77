import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import type { LibraryItemFacts, LibraryItemType } from '@archlens/contracts/library';
import { SERVICE_DATA_SOURCE } from '@archlens/platform/worker-host';
import { LibraryItemEntity } from './library-item.entity.js';

/** What one page of a listing asks for: the user, filters, search text, order, page and its size. */
export interface ItemPageQuery {
  userId: string;
  type?: LibraryItemType;
  projectId?: string;
  q?: string;
  sort: 'newest' | 'oldest';
  page: number;
  pageSize: number;
}

/** One listed item with the project it is filed in. */
export type ItemRow = Pick<LibraryItemEntity, 'type' | 'id' | 'createdAt' | 'title' | 'tags' | 'imageCount' | 'projectId' | 'projectName'>;

/** All data access to `analysis.library_items`, the item index. */
@Injectable()
export class LibraryItemsRepository {
  constructor(@Inject(SERVICE_DATA_SOURCE) private readonly dataSource: DataSource) {}

  /**
   * Records an item's facts, or refreshes them, keeping its project (`ON CONFLICT … DO UPDATE`):
   * a redelivered event writes the same row again. Tags are searched with the text.
   * @param manager a transaction's manager, when the caller holds one
   */
  async upsert(facts: LibraryItemFacts, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(LibraryItemEntity)
      .values({
        type: facts.type,
        id: facts.id,
        userId: facts.userId,
        createdAt: new Date(facts.createdAt),
        title: facts.title,
        body: `${facts.text}\n${facts.tags.join(' ')}`,
        tags: facts.tags,
        imageCount: facts.imageCount,
      })
      .orUpdate(['title', 'body', 'tags', 'image_count', 'created_at'], ['item_type', 'item_id'])
      .updateEntity(false)
      .execute();
  }

  /** Files the user's item in a project (moving it from any other). @returns false when the index has no such item of the user's */
  async file(
    manager: EntityManager,
    userId: string,
    type: LibraryItemType,
    id: string,
    project: { id: string; name: string },
  ): Promise<boolean> {
    const result = await manager.update(LibraryItemEntity, { type, id, userId }, { projectId: project.id, projectName: project.name });
    return (result.affected ?? 0) > 0;
  }

  /** Takes the user's item out of `projectId`. @returns false when it is not filed there */
  async unfile(userId: string, projectId: string, type: LibraryItemType, id: string): Promise<boolean> {
    const result = await this.dataSource.manager.update(
      LibraryItemEntity,
      { type, id, userId, projectId },
      { projectId: null, projectName: null },
    );
    return (result.affected ?? 0) > 0;
  }

  /** Forgets an item (its owner deleted it). */
  async remove(userId: string, type: LibraryItemType, id: string): Promise<void> {
    await this.dataSource.manager.delete(LibraryItemEntity, { type, id, userId });
  }

  /**
   * One page of the user's items and their number in all, in one statement (a window count): by
   * type and project when asked, matching `q` (`websearch_to_tsquery` against the stored, GIN-indexed
   * `search` vector) when given, newest or oldest first (the id breaks ties). SQL, since
   * TypeORM cannot say a full-text match.
   */
  async page(query: ItemPageQuery): Promise<{ rows: ItemRow[]; total: number }> {
    const where = ['user_id = $1'];
    const params: unknown[] = [query.userId];
    if (query.type) where.push(`item_type = $${params.push(query.type)}`);
    if (query.projectId) where.push(`project_id = $${params.push(query.projectId)}`);
    if (query.q) where.push(`search @@ websearch_to_tsquery('english'::regconfig, $${params.push(query.q)})`);
    const order = query.sort === 'oldest' ? 'ASC' : 'DESC';
    const limit = `$${params.push(query.pageSize)}`;
    const offset = `$${params.push((query.page - 1) * query.pageSize)}`;
    const rows: Array<{
      item_type: LibraryItemType;
      item_id: string;
      created_at: Date;
      title: string;
      tags: string[];
      image_count: number;
      project_id: string | null;
      project_name: string | null;
      total: number;
    }> = await this.dataSource.query(
      `SELECT item_type, item_id, created_at, title, tags, image_count, project_id, project_name, count(*) OVER ()::int AS total
         FROM analysis.library_items
        WHERE ${where.join(' AND ')}
        ORDER BY created_at ${order}, item_id ${order}
        LIMIT ${limit} OFFSET ${offset}`,
      params,
    );
    const total = rows[0]?.total ?? (query.page > 1 ? await this.count(where, params.slice(0, -2)) : 0);
    return {
      rows: rows.map((row) => ({
        type: row.item_type,
        id: row.item_id,
        createdAt: row.created_at,
        title: row.title,
        tags: row.tags,
        imageCount: row.image_count,
        projectId: row.project_id,
        projectName: row.project_name,
      })),
      total,
    };
  }

  /** The matching items' number, for a page past the last (the window count has no row to ride on). */
  private async count(where: string[], params: unknown[]): Promise<number> {
    const rows: Array<{ total: number }> = await this.dataSource.query(
      `SELECT count(*)::int AS total FROM analysis.library_items WHERE ${where.join(' AND ')}`,
      params,
    );
    return rows[0]?.total ?? 0;
  }
}
