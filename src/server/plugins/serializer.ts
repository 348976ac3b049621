import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

/**
 * Response bodies go through Fastify's own compiled serializer (fast-json-stringify), built from
 * the JSON Schema of each route's zod response schema, rather than a zod parse of every row of
 * every answer. What this keeps from the zod serializer: only the schema's properties are sent
 * (a row's passwordHash never leaves), optional fields left undefined are absent, nullable ones
 * are null. What it does not do is check the value again: handlers answer with data already in
 * its output form (read from the database through the repositories, which map every column), so
 * a refinement, `.trim()` or a transform inside a pipe that ends in a typed schema is not re-run
 * on the way out. Where the response itself is the result of a transform (its JSON Schema would
 * be "anything", so the raw value would be sent), or where the schema cannot be compiled, that
 * one schema keeps the zod serializer.
 */

type ResponseSchema = $ZodType | { properties: $ZodType };
type JsonSchema = { [keyword: string]: unknown };

export interface ResponseSerializer {
  serialize: (data: unknown) => string;
  /** False when this schema kept the zod parse serializer. */
  isCompiled: boolean;
}

const zodSerializerCompiler = createSerializerCompiler();
/** Per schema object: its compiled serializer, or null when it keeps the zod one. */
const cache = new WeakMap<object, ResponseSerializer | null>();

function zodSchemaOf(schema: ResponseSchema): $ZodType | undefined {
  if (schema instanceof $ZodType) return schema;
  if (typeof schema === 'object' && schema !== null && schema.properties instanceof $ZodType) {
    return schema.properties;
  }
  return undefined;
}

/**
 * zod writes a nullable object as `anyOf: [{...}, {type: 'null'}]`, which fast-json-stringify can
 * only serialise by validating each value against the branches; `nullable: true` says the same
 * and costs one `=== null`.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (typeof node !== 'object' || node === null) return node;
  const result: JsonSchema = {};
  for (const [keyword, value] of Object.entries(node)) result[keyword] = simplify(value);
  const branches = result.anyOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const nullIndex = branches.findIndex(
      (branch: JsonSchema) => Object.keys(branch).length === 1 && branch.type === 'null',
    );
    const other = branches[1 - nullIndex] as JsonSchema | undefined;
    if (nullIndex !== -1 && other && typeof other.type === 'string') {
      const { anyOf: _anyOf, ...siblings } = result;
      return { ...siblings, ...other, nullable: true };
    }
  }
  return result;
}

function compile(schema: $ZodType): ResponseSerializer | undefined {
  let isResultOfTransform = false;
  let jsonSchema: JsonSchema;
  try {
    jsonSchema = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'any',
      // Only the schemas that make up the output are visited: a transform seen here is one
      // whose result is sent, and no JSON Schema describes that result.
      override: (context) => {
        if (context.zodSchema._zod.def.type === 'transform') isResultOfTransform = true;
      },
    }) as JsonSchema;
  } catch {
    return undefined;
  }
  if (isResultOfTransform) return undefined;
  const { $schema: _draft, ...body } = jsonSchema;
  try {
    const stringify = fastJson(simplify(body) as Parameters<typeof fastJson>[0]);
    return { serialize: (data) => stringify(data) as string, isCompiled: true };
  } catch {
    return undefined;
  }
}

/** The serializer of one response schema, compiled once per schema object. */
export function responseSerializer(
  schema: ResponseSchema,
  route: { method: string; url: string } = { method: 'GET', url: '' },
): ResponseSerializer {
  let compiled = cache.get(schema);
  if (compiled === undefined) {
    const zodSchema = zodSchemaOf(schema);
    compiled = (zodSchema && compile(zodSchema)) ?? null;
    cache.set(schema, compiled);
  }
  // The zod serializer names the route in its error, so it is made per route.
  return compiled ?? { serialize: zodSerializerCompiler({ schema, ...route }), isCompiled: false };
}

/** For `app.setSerializerCompiler`. */
export const serializerCompiler: FastifySerializerCompiler<ResponseSchema> = ({
  schema,
  method,
  url,
}) => responseSerializer(schema, { method, url }).serialize;
