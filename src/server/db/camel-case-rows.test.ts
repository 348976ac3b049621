import { CamelCasePlugin } from 'kysely';
import { expect, test } from 'vitest';
import { CamelCaseRows } from './camel-case-rows.ts';

const kyselys = new CamelCasePlugin();
const ours = new CamelCaseRows();
const renamed = async (plugin: CamelCasePlugin, rows: Record<string, unknown>[]) =>
  (await plugin.transformResult({ result: { rows }, queryId: { queryId: 'test' } })).rows;

test('renames rows as Kysely does, nested objects and arrays included', async () => {
  const rows = [
    { id: 'a', first_name: 'Ana', list_total: 3, reviewed_at: null },
    { id: 'b', first_name: 'Bo', list_total: 3, reviewed_at: '2026-11-28T00:00:00.000Z' },
    {
      social_accounts: [{ follower_count: 10 }, 'text'],
      nested_value: { inner_key: { deep_key: 1 } },
    },
    { file_data: Buffer.from('x'), created_at: new Date(0), odd_column: undefined },
  ];
  expect(await renamed(ours, rows)).toEqual(await renamed(kyselys, rows));
  expect(Object.keys((await renamed(ours, rows))[0]!)).toEqual([
    'id',
    'firstName',
    'listTotal',
    'reviewedAt',
  ]);
});

test('a column name is only ever a property name', async () => {
  const rows = [{ 'x"]; throw new Error("ran"); //': 1, 'a\u2028b': 2, __proto__x: 3 }];
  expect(await renamed(ours, rows)).toEqual(await renamed(kyselys, rows));
});
