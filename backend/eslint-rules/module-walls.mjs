// The walls between backend modules and around the libraries (libs/), as an ESLint plugin: each import is resolved
// against the importing file, so the rules see where it lands, not how many `../` it took to get there.
import path from 'node:path';

const SRC = path.join(import.meta.dirname, '..', 'src');
const MODULES = path.join(SRC, 'modules');

/** `{ module, rest }` when `file` is under backend/src/modules/<module>/, else null. */
function moduleOf(file) {
  const relative = path.relative(MODULES, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [module, ...rest] = relative.split(path.sep);
  return { module, rest: rest.join('/').replace(/\.(ts|js|mjs)$/, '') };
}

/** Calls `check(node, target)` for every relative import, re-export and dynamic import of the file. */
function eachRelativeImport(context, check) {
  const from = path.dirname(context.filename);
  const visit = (node) => {
    const source = node.source;
    if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
    if (!source.value.startsWith('.')) return;
    check(source, path.resolve(from, source.value));
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
  };
}

const moduleInternals = {
  meta: {
    type: 'problem',
    docs: { description: 'Another module is used only through its index.ts, never through its internals.' },
    messages: {
      internals:
        "'{{source}}' reaches into module '{{module}}'; import it from 'modules/{{module}}' (its index.ts) and export what you need there.",
    },
    schema: [],
  },
  create(context) {
    const own = moduleOf(context.filename)?.module;
    return eachRelativeImport(context, (node, target) => {
      const reached = moduleOf(target);
      if (!reached || reached.module === own) return;
      if (reached.rest === '' || reached.rest === 'index') return;
      context.report({ node, messageId: 'internals', data: { source: node.value, module: reached.module } });
    });
  },
};

const noModuleFromShared = {
  meta: {
    type: 'problem',
    docs: { description: 'shared/ and config/ are below the modules: they import none.' },
    messages: {
      module: "'{{source}}' imports module '{{module}}' from shared/ or config/; move what both need into shared/.",
    },
    schema: [],
  },
  create(context) {
    return eachRelativeImport(context, (node, target) => {
      const reached = moduleOf(target);
      if (!reached) return;
      context.report({ node, messageId: 'module', data: { source: node.value, module: reached.module } });
    });
  },
};

const LIBS = path.join(import.meta.dirname, '..', '..', 'libs');

/** The folder of the library holding `file` (libs/<name>), or null outside libs/. */
function libraryOf(file) {
  const relative = path.relative(LIBS, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return path.join(LIBS, relative.split(path.sep)[0]);
}

const libraryBounds = {
  meta: {
    type: 'problem',
    docs: { description: "A library imports its own files and packages by name, never the backend's or the client's." },
    messages: {
      outside:
        "'{{source}}' reaches outside this library; a library imports no application code (take what it needs as a parameter, or import another library by its package name).",
    },
    schema: [],
  },
  create(context) {
    const own = libraryOf(context.filename);
    if (!own) return {};
    return eachRelativeImport(context, (node, target) => {
      const relative = path.relative(own, target);
      if (relative.startsWith('..') || path.isAbsolute(relative)) {
        context.report({ node, messageId: 'outside', data: { source: node.value } });
      }
    });
  },
};

export default {
  meta: { name: 'module-walls' },
  rules: {
    'module-internals': moduleInternals,
    'no-module-from-shared': noModuleFromShared,
    'library-bounds': libraryBounds,
  },
};
