import { createHash, randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { recipeObjectKey, type PrepareRerunResult } from '@archlens/contracts/generation';
import { DomainError } from '@archlens/platform/messaging';
import { ObjectStorage } from '@archlens/platform/storage';
import type { GenerationJobEntity, StoredRecipe } from './generation-job.entity.js';
import { GenerationJobsRepository } from './generation-jobs.repository.js';

/** The extension of a stored input's key (`jpg`, `png` or `webp`). */
function extensionOf(key: string): string {
  return key.slice(key.lastIndexOf('.') + 1);
}

/** The content type of a stored input by its extension. */
function contentTypeOf(key: string): string {
  const extension = extensionOf(key);
  return `image/${extension === 'jpg' ? 'jpeg' : extension}`;
}

/**
 * The recipes of generations: a succeeded generation's sketch and references copied by content to
 * `recipes/<userId>/<sha256>.<ext>` (one object per content, shared by every generation made from
 * it, so Reproduce and Vary never copy a recipe twice), fresh inputs made from a recipe to run it
 * again, and the removal of recipe objects no generation names any more.
 */
@Injectable()
export class RecipeStore {
  private readonly logger = new Logger('RecipeStore');

  constructor(
    private readonly storage: ObjectStorage,
    private readonly jobs: GenerationJobsRepository,
  ) {}

  /**
   * Keeps the job's uploaded inputs as its recipe and records it. Best effort: a store that fails
   * leaves the generation without a recipe (logged), never fails a generation already paid for.
   * @returns whether the recipe was kept
   */
  async keep(job: GenerationJobEntity): Promise<boolean> {
    try {
      const keepOne = async (input: { key: string; fileName: string }) => {
        const bytes = await this.storage.get(input.key);
        const sha256 = createHash('sha256').update(bytes).digest('hex');
        const key = recipeObjectKey(job.userId, sha256, extensionOf(input.key));
        if (!(await this.storage.stat(key))) await this.storage.put(key, bytes, contentTypeOf(input.key));
        return { key, sha256, fileName: input.fileName };
      };
      const [sketch, ...references] = await Promise.all([job.inputs.sketch, ...job.inputs.references].map(keepOne));
      await this.jobs.noteRecipe(job.id, { sketch, references });
      return true;
    } catch (error) {
      this.logger.warn(`generation ${job.id}: recipe not kept: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }

  /**
   * `generation.prepare-rerun`: the user's generation's recipe copied into fresh inputs
   * (`generation-inputs/<userId>/<uuid>.<ext>`, as an upload stores them, removed when the new job ends).
   * @throws DomainError `generation.not-found` for another user's or an unknown generation,
   *   `generation.no-recipe` for one that kept none; `generation.inputs-unreadable` when the store fails
   */
  async prepareRerun(userId: string, jobId: string): Promise<PrepareRerunResult> {
    const job = await this.jobs.findById(jobId);
    if (!job || job.userId !== userId) throw new DomainError('generation.not-found');
    if (job.status !== 'succeeded' || !job.recipe) throw new DomainError('generation.no-recipe');
    const copy = async (input: StoredRecipe['sketch']) => {
      const key = `generation-inputs/${userId}/${randomUUID()}.${extensionOf(input.key)}`;
      try {
        await this.storage.put(key, await this.storage.get(input.key), contentTypeOf(input.key));
      } catch (error) {
        throw new DomainError('generation.inputs-unreadable', { cause: error });
      }
      return { key, fileName: input.fileName };
    };
    const [sketch, ...references] = await Promise.all([job.recipe.sketch, ...job.recipe.references].map(copy));
    return { sketch, references, options: job.options, seed: job.seed, sourceAnalysisId: job.sourceAnalysisId };
  }

  /** Removes those of a deleted generation's recipe objects that no other generation names. */
  async release(recipe: StoredRecipe | null): Promise<void> {
    if (!recipe) return;
    const keys = [...new Set([recipe.sketch.key, ...recipe.references.map((reference) => reference.key)])];
    const inUse = new Set(await this.jobs.recipeKeysInUse(keys));
    const unused = keys.filter((key) => !inUse.has(key));
    if (unused.length > 0) await this.storage.remove(unused);
  }
}
