import type { HTTPMethods } from 'fastify';
import type { Endpoint } from '../domain/api/endpoint.ts';

/**
 * The route options of an endpoint of the contract (`src/domain/api/`): method, path, access rule
 * and schemas, for `app.route({ ...routeOf(endpoint), handler })`. The handler's request and
 * answer are typed from the same schemas, and the OpenAPI document is generated from them.
 */
export function routeOf<const E extends Endpoint>(endpoint: E) {
  const schema = {
    summary: endpoint.summary,
    tags: [areaOf(endpoint.path)],
    params: endpoint.params as E['params'],
    querystring: endpoint.query as E['query'],
    body: endpoint.body as E['body'],
    response: endpoint.responses as E['responses'],
    consumes: endpoint.streamedBody ? [endpoint.streamedBody] : undefined,
    produces: endpoint.produces ? [endpoint.produces] : undefined,
  };
  // A part the endpoint does not have is left out, not handed to Fastify as undefined.
  for (const [key, value] of Object.entries(schema)) {
    if (value === undefined) delete schema[key as keyof typeof schema];
  }
  return {
    method: endpoint.method as HTTPMethods | HTTPMethods[],
    url: endpoint.path,
    config: {
      access: endpoint.access,
      ...(endpoint.duringTwoFactorSetup ? { duringTwoFactorSetup: true } : {}),
    },
    schema,
  };
}

/** The reference groups calls by the first word after /api (or /objects), `admin` passed over. */
function areaOf(path: string): string {
  const [, root, first, second] = path.split('/');
  return root === 'objects' ? 'files' : ((first === 'admin' ? second : first) ?? 'api');
}
