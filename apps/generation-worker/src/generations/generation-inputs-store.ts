import { Injectable, Logger } from '@nestjs/common';
import { ObjectStorage } from '@archlens/platform/storage';
import type { ProviderInputImage } from '../providers/image-provider.js';
import type { GenerationInputs } from './generation-job.entity.js';

/** Input mime type from its stored key's extension (`generation-inputs/<userId>/<uuid>.<ext>`). */
function mimeTypeOfKey(key: string): ProviderInputImage['mimeType'] {
  if (key.endsWith('.png')) return 'image/png';
  if (key.endsWith('.webp')) return 'image/webp';
  return 'image/jpeg';
}

/** The keys of a generation's inputs: the sketch first, then the references. */
function keysOf(inputs: GenerationInputs): string[] {
  return [inputs.sketch.key, ...inputs.references.map((reference) => reference.key)];
}

/**
 * A generation's uploaded inputs (the sketch and references the gateway stored before queueing
 * the job): read back for the provider, and removed once nothing will refer to them.
 */
@Injectable()
export class GenerationInputsStore {
  private readonly logger = new Logger('GenerationInputsStore');

  constructor(private readonly storage: ObjectStorage) {}

  /**
   * The sketch and references, read back from object storage, with their type from the key.
   * @throws the store's error
   */
  async read(inputs: GenerationInputs): Promise<{ sketch: ProviderInputImage; references: ProviderInputImage[] }> {
    const read = async (input: { key: string; fileName: string }): Promise<ProviderInputImage> => ({
      bytes: await this.storage.get(input.key),
      fileName: input.fileName,
      mimeType: mimeTypeOfKey(input.key),
    });
    const [sketch, ...references] = await Promise.all([inputs.sketch, ...inputs.references].map(read));
    return { sketch, references };
  }

  /** Removes the inputs (best effort, logged: nothing refers to them once their job is done). */
  async remove(inputs: GenerationInputs): Promise<void> {
    await this.removeKeys(keysOf(inputs));
  }

  /**
   * Removes the uploads of a request that found its job id's row already there: the row keeps its
   * own inputs (`kept`), so this request's (new keys, when it is not a redelivery of the same
   * BullMQ job) are referred to by nothing.
   */
  async removeStrays(kept: GenerationInputs, sent: GenerationInputs): Promise<void> {
    const keptKeys = new Set(keysOf(kept));
    const strays = keysOf(sent).filter((key) => !keptKeys.has(key));
    if (strays.length > 0) await this.removeKeys(strays);
  }

  private async removeKeys(keys: string[]): Promise<void> {
    await this.storage.remove(keys).catch((error: unknown) => {
      this.logger.warn(`generation inputs not removed: ${error instanceof Error ? error.message : String(error)}`);
    });
  }
}
