import { type DataSource, type EntityManager } from 'typeorm';

/**
 * A fake that only knows what the test told it: any other member a caller touches throws, naming it, so a use case
 * that starts doing something new fails its unit test instead of passing silently against a lenient mock.
 * (`then` reads as absent so the fake can be awaited or returned from a promise without counting as a call.)
 */
export function strictFake<T extends object>(name: string, members: Partial<Record<keyof T, unknown>> = {}): T {
  return new Proxy(members as object, {
    get(target, prop) {
      if (prop in target) return (target as Record<string | symbol, unknown>)[prop];
      if (prop === 'then' || typeof prop === 'symbol') return undefined;
      throw new Error(`${name}.${String(prop)} was not expected in this test`);
    },
  }) as T;
}

/**
 * A stand-in for a transaction handle that use cases only pass on to repositories: an opaque token with no methods,
 * so a use case that ran SQL on it itself would fail.
 */
export function transactionHandle(name: string): EntityManager {
  return Object.freeze({ handle: name }) as unknown as EntityManager;
}

/** A data source that hands use cases `manager` and runs each transaction at once on `tx`. */
export function fakeDataSource(manager: EntityManager, tx: EntityManager): DataSource {
  return strictFake<DataSource>('dataSource', {
    manager,
    transaction: (work: (em: EntityManager) => Promise<unknown>) => work(tx),
  });
}
