import type { Plugin } from 'vite';

/** The properties of an endpoint (`src/domain/api/endpoint.ts`) that hold Zod schemas. */
const schemaProperties = new Set(['params', 'query', 'body', 'responses']);
const contractModule = /\/src\/domain\/api\/[^/]+\.ts$/;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/**
 * The browser's build of the API contract: each endpoint keeps its method, path and access, and
 * its schemas become `undefined` (in a contract module, every object with those keys is an
 * endpoint or a part of one). The browser builds addresses from the contract and
 * never checks an answer against it (the server does, and types say the rest), yet an endpoint
 * naming its schemas kept them, and Zod with them, in every screen that calls it: about 25 KB
 * of the signed-in frame (decision 0058). Forms import the schemas they check directly, so
 * they keep them.
 */
export function stripContractSchemas(): Plugin {
  return {
    name: 'strip-contract-schemas',
    // After TypeScript is compiled away: the parser reads JavaScript.
    enforce: 'post',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform: {
      filter: { id: contractModule },
      handler(code) {
        const edits: { start: number; end: number; text: string }[] = [];
        const visit = (node: Node) => {
          // An endpoint's definition, or a part several endpoints share (spread into each).
          if (node.type === 'ObjectExpression') {
            for (const property of node.properties as Node[]) {
              const key = property.key as Node | undefined;
              const name = key && (key.name ?? key.value);
              if (property.type === 'Property' && schemaProperties.has(name as string)) {
                const value = property.value as Node;
                edits.push({ start: value.start, end: value.end, text: 'undefined' });
              }
            }
          }
          for (const child of Object.values(node)) {
            if (Array.isArray(child)) child.filter(isNode).forEach(visit);
            else if (isNode(child)) visit(child);
          }
        };
        visit(this.parse(code) as unknown as Node);
        let stripped = code;
        for (const { start, end, text } of edits.sort((a, b) => b.start - a.start)) {
          stripped = stripped.slice(0, start) + text + stripped.slice(end);
        }
        return { code: stripped, map: null };
      },
    },
  };
}
