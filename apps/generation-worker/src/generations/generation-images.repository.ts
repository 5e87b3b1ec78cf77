import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, Repository } from 'typeorm';
import { SERVICE_DATA_SOURCE } from '@archlens/platform/worker-host';
import { GenerationImageEntity } from './generation-image.entity.js';

/** One stored image to record; its creation time is the database's. */
export type NewGenerationImage = Pick<GenerationImageEntity, 'jobId' | 'index' | 'objectKey' | 'seed' | 'bytes'> &
  Partial<Pick<GenerationImageEntity, 'fidelity' | 'overlayKey'>>;

/** All data access to `generation.generation_images`, the stored renders of each job. */
@Injectable()
export class GenerationImagesRepository {
  private readonly images: Repository<GenerationImageEntity>;

  constructor(@Inject(SERVICE_DATA_SOURCE) dataSource: DataSource) {
    this.images = dataSource.getRepository(GenerationImageEntity);
  }

  /** The job's stored images, by index. */
  listForJob(jobId: string): Promise<GenerationImageEntity[]> {
    return this.images.find({ where: { jobId }, order: { index: 'ASC' } });
  }

  /** How many images the job has stored. */
  countForJob(jobId: string): Promise<number> {
    return this.images.countBy({ jobId });
  }

  /**
   * Records one stored image once: a second record of the same `(job_id, index)`, the key, is
   * ignored (`ON CONFLICT DO NOTHING`), so two copies of a job storing the same render keep one.
   * @throws the database's error (a job id with no job row among them)
   */
  async addOnce(image: NewGenerationImage): Promise<void> {
    await this.images.createQueryBuilder().insert().values(image).orIgnore().updateEntity(false).execute();
  }

  /** Forgets the job's images (a failed job keeps none). */
  async removeForJob(jobId: string): Promise<void> {
    await this.images.delete({ jobId });
  }

  /**
   * One image of the user's succeeded job.
   * @returns the image, or null for another user's job, an unknown or unfinished one, or an index it has no image for
   */
  findOwned(userId: string, jobId: string, index: number): Promise<GenerationImageEntity | null> {
    return this.images
      .createQueryBuilder('image')
      .innerJoin('image.job', 'job')
      .where('image.jobId = :jobId', { jobId })
      .andWhere('image.index = :index', { index })
      .andWhere('job.userId = :userId', { userId })
      .andWhere('job.status = :status', { status: 'succeeded' })
      .getOne();
  }
}
