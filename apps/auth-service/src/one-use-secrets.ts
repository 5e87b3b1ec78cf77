import { IsNull, type DataSource, type EntityTarget, type FindOptionsWhere, type ObjectLiteral } from 'typeorm';

/** The columns every one-use secret has (`auth.email_verification_tokens`, `auth.temporary_passwords`). */
export interface OneUseSecretRow extends ObjectLiteral {
  id: string;
  userId: string;
  expiresAt: Date;
  usedAt: Date | null;
}

/** How long a new secret stays valid: whole hours or whole minutes, counted by the database's clock. */
export type SecretValidity = { hours: number } | { minutes: number };

/**
 * In one transaction: removes the user's unused secrets of `entity`, stores a new one (`secret`: its
 * hash column and value) valid for `validity` from the database's `now()`, and runs `deliver` with its
 * id, so a `deliver` that throws (the e-mail could not be queued) leaves nothing stored and an earlier
 * unused secret in place. One user therefore has at most one live secret of each kind.
 * @throws what `deliver` throws, or the database's error; the transaction is then rolled back
 */
export async function replaceUnusedSecret<T extends OneUseSecretRow>(
  dataSource: DataSource,
  entity: EntityTarget<T>,
  userId: string,
  secret: Partial<T>,
  validity: SecretValidity,
  deliver: (id: string) => Promise<void>,
): Promise<void> {
  const [unit, amount] = 'hours' in validity ? ['hours', validity.hours] : ['mins', validity.minutes];
  await dataSource.transaction(async (manager) => {
    const secrets = manager.getRepository(entity);
    await secrets.delete({ userId, usedAt: IsNull() } as FindOptionsWhere<T>);
    const inserted = await secrets
      .createQueryBuilder()
      .insert()
      .values({ ...secret, userId, expiresAt: () => `now() + make_interval(${unit} => :amount)` })
      .setParameter('amount', amount)
      .returning(['id'])
      .updateEntity(false)
      .execute();
    const id = (inserted.raw as Array<{ id: string }>).at(0)?.id;
    if (!id) throw new Error('the one-use secret was not stored');
    await deliver(id);
  });
}
