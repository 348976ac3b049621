// Just enough JSON Schema (as zod's toJSONSchema writes it) to make a valid request body and to
// tell whether a value is one a field must refuse.

const namedSamples = [
  [/email/i, 'probe@example.com'],
  [/password/i, 'probe-password-1'],
  [/username/i, 'probe-user'],
  [/url/i, 'https://example.com/probe'],
  [/token/i, 'probe-token'],
];

const options = (schema) => schema.anyOf ?? schema.oneOf ?? [];

/** A value the schema accepts, named fields given a plausible value (an email for `email`). */
export function sample(schema = {}, name = '') {
  if (schema.enum) return schema.enum[0];
  if ('const' in schema) return schema.const;
  if (options(schema).length)
    return sample(options(schema).find((one) => one.type !== 'null') ?? {}, name);
  switch (schema.type) {
    case 'string': {
      const named = namedSamples.find(([pattern]) => pattern.test(name));
      if (named) return named[1];
      return 'p'.repeat(Math.min(Math.max(schema.minLength ?? 0, 5), schema.maxLength ?? 5));
    }
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, Math.min(1, schema.maximum ?? 1));
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () =>
        sample(schema.items, name),
      );
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sample(value, key)]),
      );
    default:
      return 'probe';
  }
}

const typeOf = (value) =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'number'
        ? 'number'
        : typeof value;

/** Whether the schema accepts the value (types, enums, lengths and bounds; not formats). */
export function accepts(schema = {}, value) {
  if (options(schema).length) return options(schema).some((one) => accepts(one, value));
  if (schema.enum && !schema.enum.includes(value)) return false;
  if (schema.type === undefined) return true;
  const types = [schema.type].flat();
  const type = typeOf(value);
  const typeOk =
    types.includes(type) ||
    (type === 'number' && types.includes('integer') && Number.isInteger(value));
  if (!typeOk) return false;
  if (type === 'string') {
    if (value.length < (schema.minLength ?? 0) || value.length > (schema.maxLength ?? Infinity))
      return false;
  }
  if (type === 'number') {
    if (value < (schema.minimum ?? -Infinity) || value > (schema.maximum ?? Infinity)) return false;
  }
  if (type === 'array') {
    if (value.length < (schema.minItems ?? 0) || value.length > (schema.maxItems ?? Infinity))
      return false;
    return value.every((item) => accepts(schema.items, item));
  }
  if (type === 'object' && schema.properties) {
    for (const key of schema.required ?? []) if (!(key in value)) return false;
    return Object.entries(value).every(
      ([key, item]) => !schema.properties[key] || accepts(schema.properties[key], item),
    );
  }
  return true;
}

/** Values of every JSON type and some edge cases, to try in each field. */
export const candidateValues = [
  0,
  -1,
  1.5,
  1e308,
  -0,
  true,
  false,
  null,
  '',
  ' ',
  'x',
  '0',
  'true',
  'null',
  '\u0000',
  '\u202e\u0000\ud800',
  'a'.repeat(10_000),
  '../../etc/passwd',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  [],
  [1, 2],
  [{}],
  {},
  { $gt: '' },
  JSON.parse('{"__proto__":{"isAdmin":true}}'),
  { toString: 'x', valueOf: 1 },
];

/** The candidate values this field must refuse. */
export const refusedValues = (schema) => candidateValues.filter((value) => !accepts(schema, value));
