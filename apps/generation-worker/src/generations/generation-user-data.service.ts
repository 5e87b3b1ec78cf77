import { Injectable, Logger } from '@nestjs/common';
import type { UserDataDeleted } from '@archlens/contracts/auth';
import { ObjectStorage } from '@archlens/platform/storage';
import { GenerationJobsRepository } from './generation-jobs.repository.js';

/**
 * The object-key prefixes of everything generation-worker stores for a user: renders
 * (`generations/<userId>/<jobId>/<index>.jpg`), kept recipe inputs (`recipes/<userId>/…`) and the
 * inputs of a generation under way (`generation-inputs/<userId>/…`).
 */
export function generationObjectPrefixes(userId: string): string[] {
  return [`generations/${userId}/`, `recipes/${userId}/`, `generation-inputs/${userId}/`];
}

/**
 * `generation.delete-user`, account deletion's part in the `generation` schema: every generation of
 * the user's (pending ones too: the account is going) with its images' rows, and every object under
 * the user's prefixes. Objects go first, so a failure leaves the rows for a repeat to finish; a
 * repeat after success finds nothing. Credits are billing's: `billing.delete-customer` settles them.
 */
@Injectable()
export class GenerationUserDataService {
  private readonly logger = new Logger('GenerationUserData');

  constructor(
    private readonly jobs: GenerationJobsRepository,
    private readonly storage: ObjectStorage,
  ) {}

  /**
   * @returns how many objects and generations were removed
   * @throws the store's or the database's error (what was removed stays removed; run it again)
   */
  async deleteAllOf(userId: string): Promise<UserDataDeleted> {
    const objects = await this.storage.removeAllUnder(generationObjectPrefixes(userId));
    const generations = await this.jobs.deleteAllOf(userId);
    this.logger.log(`generation.delete-user: user ${userId}: ${generations} generations and ${objects} stored objects removed`);
    return { removed: generations + objects };
  }
}
