/**
 * The client's walls (docs/architecture.md, "Frontend features and their walls"), as two ESLint rules:
 *
 * - `no-feature-internals`: code outside `features/<name>/` imports that feature only through its public surface,
 *   `features/<name>` (its index.ts), never a file inside it.
 * - `no-feature-in-shared`: `lib/` and `components/` are shared by every feature, so they import none.
 *
 * The client imports its own files by relative path (what it shares with the server comes by package name), so the
 * rules resolve each relative specifier against the importing file and judge where it lands. They read static
 * imports, `export ... from`, `import()`, `require()` and jest's module calls (`jest.mock` and friends).
 * Written here rather than taken from a plugin so the walls need no dependency and no import resolver.
 */
import path from 'node:path';

const JEST_MODULE_CALLS = new Set(['mock', 'doMock', 'unmock', 'requireActual', 'requireMock', 'createMockFromModule']);
const SCRIPT_EXTENSION = /\.(?:[cm]?[jt]sx?)$/;

const schema = [
  {
    type: 'object',
    properties: {
      root: { type: 'string', description: "Absolute path of the client's source folder (frontend/src)." },
      features: { type: 'string', description: 'Folder under root holding one folder per feature.' },
      shared: { type: 'array', items: { type: 'string' }, description: 'Folders under root that import no feature.' },
    },
    required: ['root'],
    additionalProperties: false,
  },
];

/** Calls `visit(node, specifier)` for every module specifier written as a string literal in the file. */
function specifierVisitors(visit) {
  const fromSource = (node) => {
    if (node.source && typeof node.source.value === 'string') visit(node.source, node.source.value);
  };
  return {
    ImportDeclaration: fromSource,
    ExportNamedDeclaration: fromSource,
    ExportAllDeclaration: fromSource,
    ImportExpression: fromSource,
    CallExpression(node) {
      const [first] = node.arguments;
      if (!first || first.type !== 'Literal' || typeof first.value !== 'string') return;
      const { callee } = node;
      const isRequire = callee.type === 'Identifier' && callee.name === 'require';
      const isJestCall =
        callee.type === 'MemberExpression' &&
        callee.object.type === 'Identifier' &&
        callee.object.name === 'jest' &&
        callee.property.type === 'Identifier' &&
        JEST_MODULE_CALLS.has(callee.property.name);
      if (isRequire || isJestCall) visit(first, first.value);
    },
  };
}

/**
 * Where an import goes, in root-relative folder names: null unless the specifier is relative and both the file and
 * its target lie under root.
 */
function locate(context, specifier) {
  const { root, features = 'features', shared = ['lib', 'components'] } = context.options[0];
  if (!specifier.startsWith('.')) return null;
  const file = context.filename;
  const fromPath = path.relative(root, file);
  const toPath = path.relative(root, path.resolve(path.dirname(file), specifier));
  const outside = (p) => p === '' || p.startsWith('..') || path.isAbsolute(p);
  if (outside(fromPath) || outside(toPath)) return null;
  const from = fromPath.split(path.sep);
  const to = toPath.split(path.sep);
  if (to[0] !== features || to.length < 2) return null;
  const inner = to.slice(2).join('/').replace(SCRIPT_EXTENSION, '');
  return {
    feature: to[1],
    publicSurface: inner === '' || inner === 'index',
    fromFeature: from[0] === features && from.length > 2 ? from[1] : null,
    fromShared: shared.includes(from[0]) ? from[0] : null,
    surface: path
      .relative(path.dirname(file), path.join(root, features, to[1]))
      .split(path.sep)
      .join('/')
      .replace(/^(?!\.)/, './'),
  };
}

const noFeatureInternals = {
  meta: {
    type: 'problem',
    docs: { description: 'Import another feature only through its public index.ts, never a file inside it.' },
    schema,
    messages: {
      internals:
        "'{{specifier}}' reaches inside features/{{feature}}: import it from '{{surface}}' (its index.ts), and export " +
        'what you need there.',
    },
  },
  create(context) {
    return specifierVisitors((node, specifier) => {
      const target = locate(context, specifier);
      if (!target || target.publicSurface || target.fromFeature === target.feature) return;
      if (target.fromShared) return; // no-feature-in-shared reports these, whatever the path.
      context.report({
        node,
        messageId: 'internals',
        data: { specifier, feature: target.feature, surface: target.surface },
      });
    });
  },
};

const noFeatureInShared = {
  meta: {
    type: 'problem',
    docs: { description: 'lib/ and components/ import no feature: every feature builds on them, not the reverse.' },
    schema,
    messages: {
      shared:
        "{{layer}}/ must not import a feature ('{{specifier}}' is in features/{{feature}}): move what it needs into " +
        '{{layer}}/, or have the feature pass it in.',
    },
  },
  create(context) {
    return specifierVisitors((node, specifier) => {
      const target = locate(context, specifier);
      if (!target || !target.fromShared) return;
      context.report({
        node,
        messageId: 'shared',
        data: { specifier, feature: target.feature, layer: target.fromShared },
      });
    });
  },
};

export default {
  meta: { name: 'frontend-walls' },
  rules: { 'no-feature-internals': noFeatureInternals, 'no-feature-in-shared': noFeatureInShared },
};
