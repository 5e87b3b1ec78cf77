import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { Injectable, Logger } from '@nestjs/common';
import archiver from 'archiver';
import { CommandClient } from '@archlens/platform/messaging';
import { ObjectStorage } from '@archlens/platform/storage';

/** The extension of a stored object's key (`jpg`, `png`, `webp`, `pdf`). */
function extensionOf(key: string): string {
  return key.slice(key.lastIndexOf('.') + 1);
}

/** One file of the archive: its path inside the ZIP, and its bytes (JSON) or the stored object it copies. */
type ExportEntry = { name: string; json: unknown } | { name: string; key: string };

/**
 * `GET /api/account/export`: everything of the user's as one ZIP, streamed (archiver): each
 * analysis, sketch reading and generation as JSON beside its photos, sketches, renders and PDF
 * report, and `projects.json`. The owners list what is theirs (`analysis.export-items`,
 * `generation.export-items`, `library.export`); each stored object is opened only when archiver
 * reaches it, one at a time, so memory stays flat whatever the account holds.
 */
@Injectable()
export class AccountExportService {
  private readonly logger = new Logger('AccountExport');

  constructor(
    private readonly commands: CommandClient,
    private readonly storage: ObjectStorage,
  ) {}

  /**
   * What the user's archive holds, asked of every owner at once.
   * @throws the queues' errors (before anything is sent)
   */
  async entriesOf(userId: string): Promise<ExportEntry[]> {
    const [analysis, generation, library] = await Promise.all([
      this.commands.request('analysis.export-items', { userId }),
      this.commands.request('generation.export-items', { userId }),
      this.commands.request('library.export', { userId }),
    ]);
    const entries: ExportEntry[] = [{ name: 'projects.json', json: library.projects }];
    for (const { imageKeys, reportKey, ...item } of analysis.analyses) {
      entries.push({ name: `analyses/${item.id}/analysis.json`, json: item });
      imageKeys.forEach((key, index) => entries.push({ name: `analyses/${item.id}/photo-${index + 1}.${extensionOf(key)}`, key }));
      if (reportKey) entries.push({ name: `analyses/${item.id}/report.pdf`, key: reportKey });
    }
    for (const { imageKeys, ...item } of analysis.sketchReadings) {
      entries.push({ name: `sketch-readings/${item.id}/reading.json`, json: item });
      imageKeys.forEach((key, index) => entries.push({ name: `sketch-readings/${item.id}/sketch-${index + 1}.${extensionOf(key)}`, key }));
    }
    for (const { imageKeys, ...item } of generation.generations) {
      entries.push({ name: `generations/${item.id}/generation.json`, json: item });
      imageKeys.forEach((key, index) => entries.push({ name: `generations/${item.id}/render-${index + 1}.jpg`, key }));
    }
    return entries;
  }

  /**
   * Writes the archive of `entries` to `out`, each stored object streamed from the store in turn. An
   * object that is gone is left out (logged); any other failure aborts the archive, which cuts the
   * download (the client sees a broken ZIP, never a short one passed off as whole).
   */
  async write(entries: ExportEntry[], out: Writable): Promise<void> {
    const archive = archiver('zip', { zlib: { level: 6 } });
    archive.pipe(out);
    for (const entry of entries) {
      if ('json' in entry) {
        archive.append(`${JSON.stringify(entry.json, null, 2)}\n`, { name: entry.name });
        await once(archive, 'entry');
        continue;
      }
      let stream: Readable;
      try {
        stream = await this.storage.getStream(entry.key);
      } catch (error) {
        const code = (error as { code?: unknown } | null)?.code;
        if (code !== 'NoSuchKey' && code !== 'NotFound') {
          archive.abort();
          throw error;
        }
        this.logger.warn(`export: ${entry.name} left out, its object is gone`);
        continue;
      }
      archive.append(stream, { name: entry.name });
      await once(archive, 'entry');
    }
    await archive.finalize();
  }
}
