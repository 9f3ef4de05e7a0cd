import { QueryFailedError } from 'typeorm';
import { preparedRows, txRows } from '../../src/shared/db/query-rows';
import { databaseForSuite, databaseTargets } from '../support/database-targets';

/**
 * The guard's session read and the orders list run as named statements: on PGlite through the driver's own
 * bind-and-execute path, on PostgreSQL through pg's. Either way they must answer exactly what the same statement
 * answers when it is run plainly, in and out of transactions, and fail the same way.
 */
describe.each(databaseTargets())('prepared statements on %s', (_name, open) => {
  const db = databaseForSuite(open);

  const VALUES = {
    name: 'test.values',
    text: `SELECT $1::int AS n, $2::text AS t, $3::timestamptz AS at, NULL::text AS nothing, $4::boolean AS yes,
             $5::jsonb AS doc, $6::numeric AS price, 'Grüße ✓ «ok»'::text AS unicode, $7::text AS absent`,
  };
  const params = [42, 'it\'s "quoted"', new Date('2026-03-04T05:06:07.089Z'), true, { a: [1, 'b'] }, '12.50', null];

  it('answers what the plain statement answers, the first time and every time after', async () => {
    const plain = await txRows(db().manager, VALUES.text, params);
    expect(plain).toEqual([
      {
        n: 42,
        t: 'it\'s "quoted"',
        at: new Date('2026-03-04T05:06:07.089Z'),
        nothing: null,
        yes: true,
        doc: { a: [1, 'b'] },
        price: '12.50',
        unicode: 'Grüße ✓ «ok»',
        absent: null,
      },
    ]);
    for (let i = 0; i < 8; i++) expect(await preparedRows(db().manager, VALUES, params)).toEqual(plain);
  });

  it("sees its transaction's own rows, and still runs after that transaction rolled back", async () => {
    const count = { name: 'test.count', text: 'SELECT count(*)::int AS users FROM users WHERE email = $1' };
    const email = 'prepared@example.com';
    await db()
      .transaction(async (tx) => {
        await tx.query('INSERT INTO users (email) VALUES ($1)', [email]);
        expect(await preparedRows(tx, count, [email])).toEqual([{ users: 1 }]);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await preparedRows(db().manager, count, [email])).toEqual([{ users: 0 }]);
  });

  it('fails as a query fails, and the next statement runs', async () => {
    const divide = { name: 'test.divide', text: 'SELECT 10 / $1::int AS q' };
    await expect(preparedRows(db().manager, divide, [0])).rejects.toThrow(QueryFailedError);
    await expect(preparedRows(db().manager, divide, [0])).rejects.toThrow(/division by zero/);
    expect(await preparedRows(db().manager, divide, [5])).toEqual([{ q: 2 }]);
  });
});
