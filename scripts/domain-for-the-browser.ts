import type { Plugin } from 'vite';

// Decision 0058: the browser downloads only the domain definitions its screens use.

const domainModule = /\/src\/domain\/.+\.ts$/;
const contractModule = /\/src\/domain\/api\/[^/]+\.ts$/;
/**
 * The properties of an endpoint (`src/domain/api/endpoint.ts`) the browser never reads: those that
 * hold Zod schemas, and those that describe it for the server and the API reference. It reads
 * only `method` and `path`.
 */
const serverOnlyProperties = new Set([
  'params',
  'query',
  'body',
  'responses',
  'access',
  'summary',
  'duringTwoFactorSetup',
  'streamedBody',
  'produces',
]);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}
interface Edit {
  start: number;
  end: number;
  text: string;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

function applied(code: string, edits: Edit[]): string {
  let result = code;
  for (const { start, end, text } of edits.sort((a, b) => b.start - a.start)) {
    result = result.slice(0, start) + text + result.slice(end);
  }
  return result;
}

/**
 * In a contract module, every object with those keys is an endpoint or a part several endpoints
 * share: those properties are left out. The browser builds addresses from the contract and never
 * checks an answer against it (the server does, and the types say the rest).
 */
function contractStrippedToAddresses(code: string, program: Node): Edit[] {
  const edits: Edit[] = [];
  const visit = (node: Node) => {
    if (node.type === 'ObjectExpression') {
      for (const property of node.properties as Node[]) {
        const key = property.key as Node | undefined;
        const name = key && (key.name ?? key.value);
        if (property.type === 'Property' && serverOnlyProperties.has(name as string)) {
          // The property and the comma after it, if any.
          const comma = /^\s*,/.exec(code.slice(property.end));
          edits.push({
            start: property.start,
            end: property.end + (comma?.[0].length ?? 0),
            text: '',
          });
          continue;
        }
        visit(property);
      }
      return;
    }
    for (const child of Object.values(node)) {
      if (Array.isArray(child)) child.filter(isNode).forEach(visit);
      else if (isNode(child)) visit(child);
    }
  };
  visit(program);
  return edits;
}

/** Values the bundler already knows to be free of effects: nothing to wrap. */
const plainValues = new Set([
  'Literal',
  'TemplateLiteral',
  'Identifier',
  'ArrowFunctionExpression',
  'FunctionExpression',
]);

/**
 * Each top-level constant's value is computed in a function called at once and marked pure, so
 * the bundler leaves out the constants nothing uses. A domain module only defines things (a
 * schema, a table of limits, a formatter), yet the bundler counts a call on a schema, an object
 * spread or a property read as a possible effect and kept every schema of a module, and Zod with
 * them, on any screen reading one constant from it. Computed at the same moment as before.
 */
function definitionsMarkedPure(program: Node): Edit[] {
  const edits: Edit[] = [];
  for (const statement of program.body as Node[]) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node) : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const value = declarator.init as Node | null;
      if (!value || plainValues.has(value.type)) continue;
      edits.push({ start: value.start, end: value.start, text: '/* @__PURE__ */ (() => (' });
      edits.push({ start: value.end, end: value.end, text: '))()' });
    }
  }
  return edits;
}

/**
 * The browser's build of `src/domain`: the contract reduced to its addresses, and every top-level
 * definition left out where unused. With `src/domain` declared free of side effects
 * (`vite.config.ts`), a screen downloads only the schemas its own forms check.
 */
export function domainForTheBrowser(): Plugin {
  return {
    name: 'domain-for-the-browser',
    // After TypeScript is compiled away: the parser reads JavaScript.
    enforce: 'post',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform: {
      filter: { id: domainModule },
      handler(code, id) {
        let result = code;
        if (contractModule.test(id)) {
          const program = this.parse(result) as unknown as Node;
          result = applied(result, contractStrippedToAddresses(result, program));
        }
        result = applied(result, definitionsMarkedPure(this.parse(result) as unknown as Node));
        return { code: result, map: null };
      },
    },
  };
}
