import type { z } from 'zod';

/**
 * Who may call an endpoint:
 * - public: anyone;
 * - signed-in: any signed-in person;
 * - admin: administrators (401 anonymous, 403 creators);
 * - creator: signed-in people who are not administrators (401 anonymous, 403 administrators).
 */
export type Access = 'public' | 'signed-in' | 'admin' | 'creator';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One call of the API, as both sides know it: the server registers its route from it (with the
 * access rule and the schemas that check what comes in and shape what goes out), the OpenAPI
 * document is generated from those routes, and the client builds its URL and types from it. No
 * path is written twice.
 */
export interface Endpoint {
  method: HttpMethod | readonly HttpMethod[];
  /** Fastify's form: `/api/tasks/:id`. */
  path: string;
  access: Access;
  /** One line for the API reference. */
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  /**
   * Open to an administrator who must still set up their second factor (REQUIRE_ADMIN_2FA): the
   * few calls that setting it up needs. Every other signed-in call refuses them (decision 0052).
   */
  duringTwoFactorSetup?: true;
  /** A JSON body. */
  body?: z.ZodType;
  /**
   * A body that is not JSON, read by the route itself as it streams: a multipart form with files,
   * or the bytes of a resumable upload.
   */
  streamedBody?: 'multipart/form-data' | 'application/offset+octet-stream';
  /** JSON answers by status. A status without a schema here answers no JSON (204, a file, CSV). */
  responses?: Partial<Record<number, z.ZodType>>;
  /** What a successful answer that is not JSON carries (a CSV, a stored file, a zip). */
  produces?: string;
}

/** An endpoint exactly as written, so both sides see its literal path and schemas. */
export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}

type SchemaOf<
  E extends Endpoint,
  Key extends 'params' | 'query' | 'body',
> = E[Key] extends z.ZodType ? E[Key] : never;

/** What a caller hands over: path parameters, query and body, as far as the endpoint has them. */
export type EndpointInput<E extends Endpoint> = ([SchemaOf<E, 'params'>] extends [never]
  ? unknown
  : { params: z.input<SchemaOf<E, 'params'>> }) &
  ([SchemaOf<E, 'query'>] extends [never] ? unknown : { query?: z.input<SchemaOf<E, 'query'>> }) &
  ([SchemaOf<E, 'body'>] extends [never] ? unknown : { body: z.input<SchemaOf<E, 'body'>> });

type SuccessSchema<R> = R extends { 200: infer S }
  ? S
  : R extends { 201: infer S }
    ? S
    : R extends { 202: infer S }
      ? S
      : never;

/** The JSON a successful call answers; void for an endpoint that answers none. */
export type EndpointResult<E extends Endpoint> = [SuccessSchema<E['responses']>] extends [never]
  ? void
  : SuccessSchema<E['responses']> extends z.ZodType
    ? z.output<SuccessSchema<E['responses']>>
    : void;

/**
 * The endpoint's address with its parameters put in, each encoded as one path segment, so a
 * value can never reach another route (`a/b` stays one segment).
 */
export function pathOf(endpoint: Pick<Endpoint, 'path'>, params: object = {}): string {
  const values = params as Record<string, string | number>;
  return endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${endpoint.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
