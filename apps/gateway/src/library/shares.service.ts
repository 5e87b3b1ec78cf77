import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import {
  analysisItemFacts,
  generationItemFacts,
  SHARE_TOKEN_PATTERN,
  sharePagePath,
  sketchReadingItemFacts,
  type CreateShareRequest,
  type DeletedResponse,
  type LibraryItemFacts,
  type SharedItem,
  type ShareSummary,
} from '@archlens/contracts/library';
import { CommandClient, DomainError } from '@archlens/platform/messaging';
import { ObjectStorage } from '@archlens/platform/storage';
import { apiError } from '../http/api-error.js';
import { imageIndexSchema, LibraryItemsService } from './library-items.service.js';

/** Bytes of randomness in a share token (256 bits; base64url, 43 characters). */
const SHARE_TOKEN_BYTES = 32;
const MS_PER_DAY = 86_400_000;

/** The SHA-256 of a token, hex: the only form the library keeps. */
export function shareTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A shared image opened for streaming. */
export interface SharedImageDownload {
  stream: Readable;
  bytes: number;
}

/**
 * Share links in the gateway: the token is made here (`randomBytes`, 256 bits) and shown once; the
 * library keeps its SHA-256 (`library.*-share` on the `library` queue). A shared item is read from
 * its owning service with the owner's id the link names, and only its text and images go out, the
 * images by their index through the share (`/api/s/{token}/images/{n}`), never the owner's URLs.
 */
@Injectable()
export class SharesService {
  constructor(
    private readonly commands: CommandClient,
    private readonly items: LibraryItemsService,
    private readonly storage: ObjectStorage,
  ) {}

  /**
   * A link to the user's item for `expiresInDays` days.
   * @returns the link's path (`/s/{token}`) and when it stops working (ISO 8601)
   * @throws DomainError the item kind's not-found (404) for an item that is not the user's; the queues' errors
   */
  async create(userId: string, request: CreateShareRequest): Promise<{ url: string; expiresAt: string }> {
    const facts = await this.factsOf(userId, request);
    const token = randomBytes(SHARE_TOKEN_BYTES).toString('base64url');
    const expiresAt = new Date(Date.now() + request.expiresInDays * MS_PER_DAY).toISOString();
    await this.commands.request('library.create-share', {
      userId,
      type: request.type,
      itemId: request.id,
      title: facts.title,
      tokenHash: shareTokenHash(token),
      expiresAt,
    });
    return { url: sharePagePath(token), expiresAt };
  }

  /** The user's live links. */
  list(userId: string): Promise<ShareSummary[]> {
    return this.commands.request('library.list-shares', { userId });
  }

  /**
   * Revokes the user's link, named by its token or by its id.
   * @throws ApiException / DomainError `share.not-found`
   */
  revoke(userId: string, tokenOrId: string): Promise<DeletedResponse> {
    if (z.string().uuid().safeParse(tokenOrId).success)
      return this.commands.request('library.revoke-share', { userId, shareId: tokenOrId });
    return this.commands.request('library.revoke-share', { userId, tokenHash: this.hashOf(tokenOrId) });
  }

  /**
   * The shared item's text and images, read with its owner's id.
   * @throws ApiException / DomainError `share.not-found` for a token that is malformed, unknown, revoked or expired, or whose item is gone
   */
  async open(token: string): Promise<SharedItem> {
    const share = await this.commands.request('library.open-share', { tokenHash: this.hashOf(token) });
    const images = (count: number) => Array.from({ length: count }, (_, index) => ({ index, url: `/api/s/${token}/images/${index}` }));
    return this.gone(async () => {
      if (share.type === 'analysis') {
        const a = await this.items.analysis(share.userId, share.itemId);
        const { primaryDescription, expandedDescription, tags, createdAt } = a;
        return {
          type: 'analysis',
          createdAt,
          expiresAt: share.expiresAt,
          primaryDescription,
          expandedDescription,
          tags,
          images: images(a.imageCount),
        };
      }
      if (share.type === 'sketch-reading') {
        const r = await this.items.sketchReading(share.userId, share.itemId);
        const { description, details, drawingType, createdAt } = r;
        return {
          type: 'sketch-reading',
          createdAt,
          expiresAt: share.expiresAt,
          description,
          details,
          drawingType,
          images: images(r.imageCount),
        };
      }
      const g = await this.items.generation(share.userId, share.itemId);
      return {
        type: 'generation',
        createdAt: g.createdAt,
        expiresAt: share.expiresAt,
        styleDescription: g.styleDescription,
        images: images(g.images.length),
      };
    });
  }

  /**
   * One image of the shared item, opened for streaming (a thumbnail of a photo or sketch, a render).
   * @throws ApiException / DomainError `share.not-found` for a dead link or an index the item has no image for
   */
  async image(token: string, index: string): Promise<SharedImageDownload> {
    const position = imageIndexSchema.safeParse(index);
    if (!position.success) throw apiError('share.not-found');
    const share = await this.commands.request('library.open-share', { tokenHash: this.hashOf(token) });
    return this.gone(async () => {
      if (share.type === 'generation') {
        if (position.data > 3) throw apiError('share.not-found');
        const image = await this.commands.request('generation.get-image', {
          userId: share.userId,
          jobId: share.itemId,
          index: position.data,
        });
        return { stream: await this.storage.getStream(image.key), bytes: image.bytes };
      }
      return this.items.thumbnail(share.userId, share.type, share.itemId, String(position.data));
    });
  }

  /** A token's hash. @throws ApiException `share.not-found` for a string that cannot be a token (nothing queued) */
  private hashOf(token: string): string {
    if (!SHARE_TOKEN_PATTERN.test(token)) throw apiError('share.not-found');
    return shareTokenHash(token);
  }

  /** Runs `read`, answering a shared item its owner no longer has as a dead link. */
  private async gone<T>(read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (error) {
      const missing = error instanceof DomainError && /not-found$/.test(error.code);
      if (missing) throw apiError('share.not-found');
      throw error;
    }
  }

  /** The item's facts as its owner answers for it (an item that is not the user's: that owner's 404). */
  private async factsOf(userId: string, request: CreateShareRequest): Promise<LibraryItemFacts> {
    if (request.type === 'analysis') return analysisItemFacts(userId, await this.items.analysis(userId, request.id));
    if (request.type === 'sketch-reading') return sketchReadingItemFacts(userId, await this.items.sketchReading(userId, request.id));
    const generation = await this.items.generation(userId, request.id);
    return generationItemFacts(userId, { ...generation, imageCount: generation.images.length });
  }
}
