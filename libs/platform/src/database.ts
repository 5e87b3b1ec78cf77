import { DataSource, type EntitySchema, type MixedList } from 'typeorm';

/** What one service's data source needs. */
export interface ServiceDataSourceOptions {
  /** `DATABASE_URL` */
  url: string;
  /** The service's own schema, e.g. "auth" (one schema per service). */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
}

/**
 * One TypeORM `DataSource` per service, on its own schema with its own migrations table
 * (`<schema>.migrations`). Never `synchronize`.
 */
export function createServiceDataSource(options: ServiceDataSourceOptions): DataSource {
  return new DataSource({
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: false,
    logging: ['warn', 'migration'], // query errors surface as exceptions
    extra: { max: 10, application_name: `archlens-${options.schema}` },
  });
}

/**
 * Connects, creates the schema when missing and runs pending migrations, under a PostgreSQL
 * advisory lock so that many copies of a service can start at once.
 * @returns names of the migrations that ran
 */
export async function initialiseDataSource(dataSource: DataSource, schema: string): Promise<string[]> {
  if (!dataSource.isInitialized) await dataSource.initialize();
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`archlens:migrations:${schema}`]);
    await runner.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replace(/"/g, '')}"`);
    const ran = await dataSource.runMigrations({ transaction: 'each' });
    return ran.map((m) => m.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [`archlens:migrations:${schema}`]).catch(() => undefined);
    await runner.release();
  }
}

/**
 * Work that must run once per database after an upgrade, such as telling a new subscriber about
 * records kept before it existed. A migration creates `<schema>.<table>` with one row; each copy of
 * the service calls this at start: while the row is there, `work` runs and the row is then
 * removed, so a failure or a crash leaves it for the next start. Copies starting together may both
 * run `work`, which must therefore be idempotent (an upsert, an event with a stable id).
 * @param markerTable the marker's qualified name, a constant of the service's code (`"analysis"."library_backlog"`)
 * @returns what `work` returned, or undefined when the marker was already gone
 * @throws whatever `work` or the database throws; the marker then stays
 */
export async function runOnceMarked<T>(dataSource: DataSource, markerTable: string, work: () => Promise<T>): Promise<T | undefined> {
  const marked = await dataSource.query<unknown[]>(`SELECT 1 FROM ${markerTable} LIMIT 1`);
  if (marked.length === 0) return undefined;
  const result = await work();
  await dataSource.query(`DELETE FROM ${markerTable}`);
  return result;
}
