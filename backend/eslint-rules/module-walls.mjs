// The walls between backend modules and around the libraries (libs/), as an ESLint plugin: each import is resolved
// against the importing file, so the rules see where it lands, not how many `../` it took to get there.
import fs from 'node:fs';
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

/** Calls `check(sourceNode, target, declaration)` for every relative import, re-export and dynamic import of the file. */
function eachRelativeImport(context, check) {
  const from = path.dirname(context.filename);
  const visit = (node) => {
    const source = node.source;
    if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
    if (!source.value.startsWith('.')) return;
    check(source, path.resolve(from, source.value), node);
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

const REPOSITORY_FILE = /(^|\/)persistence\/[^/]+\.repository(\.ts)?$/;

/** `{ name, type }` for each name a declaration imports or re-exports (`import { A as B }` -> A). */
function importedNames(node) {
  const declarationType = node.importKind === 'type' || node.exportKind === 'type';
  return (node.specifiers ?? []).flatMap((s) => {
    const type = declarationType || s.importKind === 'type' || s.exportKind === 'type';
    if (s.type === 'ImportSpecifier') return [{ name: s.imported.name ?? s.imported.value, type }];
    if (s.type === 'ExportSpecifier') return [{ name: s.local.name ?? s.local.value, type }];
    return [];
  });
}

const repositoryExports = new Map();

/**
 * The values a module's index.ts re-exports from its repository files (persistence/*.repository), whatever their
 * names: importing one through the index is using the repository. Types are left out (a read model may return a row
 * type declared beside its query). Read once per ESLint process.
 */
function repositoryExportsOf(module) {
  if (repositoryExports.has(module)) return repositoryExports.get(module);
  const names = new Set();
  const index = path.join(MODULES, module, 'index.ts');
  const text = fs.existsSync(index) ? fs.readFileSync(index, 'utf8') : '';
  for (const [, typeKeyword, list, source] of text.matchAll(
    /\bexport\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g,
  )) {
    if (typeKeyword || !REPOSITORY_FILE.test(source)) continue;
    for (const entry of list.split(',').map((e) => e.trim())) {
      if (!entry || entry.startsWith('type ')) continue;
      names.add(entry.split(/\s+as\s+/).pop());
    }
  }
  for (const [, source] of text.matchAll(/\bexport\s+\*\s+from\s*['"]([^'"]+)['"]/g)) {
    if (!REPOSITORY_FILE.test(source)) continue;
    const file = path.resolve(path.dirname(index), source.endsWith('.ts') ? source : `${source}.ts`);
    const body = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    for (const [, name] of body.matchAll(/\bexport\s+(?:async\s+)?(?:class|function|const|let)\s+(\w+)/g))
      names.add(name);
  }
  repositoryExports.set(module, names);
  return names;
}

const noForeignRepository = {
  meta: {
    type: 'problem',
    docs: {
      description:
        "Another module's repository is never imported, not even through its index.ts: anything named *Repository, or re-exported by its index.ts from persistence/*.repository. Call a use case, read model or port it exports instead. Its entities stay exported for the data source's entity list (registration, not use); an import of the repository's file by path is module-internals' to report.",
    },
    messages: {
      repository:
        "'{{name}}' is module '{{module}}''s repository; call a use case, read model or port that '{{module}}' exports from its index.ts instead.",
    },
    schema: [],
  },
  create(context) {
    const own = moduleOf(context.filename)?.module;
    return eachRelativeImport(context, (source, target, declaration) => {
      const reached = moduleOf(target);
      if (!reached || reached.module === own) return;
      const throughIndex = reached.rest === '' || reached.rest === 'index';
      const fromRepository = throughIndex ? repositoryExportsOf(reached.module) : new Set();
      for (const { name, type } of importedNames(declaration)) {
        if (!name.endsWith('Repository') && (type || !fromRepository.has(name))) continue;
        context.report({ node: source, messageId: 'repository', data: { name, module: reached.module } });
      }
    });
  },
};

// An import or re-export statement up to its source (`import type`, `{ type A }` and the specifiers kept for the
// type-only test), a dynamic import or a bare `import '...'`.
const IMPORT_STATEMENTS =
  /\b(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"](\.[^'"]*)['"]|\bimport\s*\(\s*['"](\.[^'"]*)['"]\s*\)|\bimport\s+['"](\.[^'"]*)['"]/g;

/** True for `import type …` and `import { type A, type B } …`: erased by the compiler, they load nothing. */
function typeOnly(typeKeyword, clause) {
  if (typeKeyword) return true;
  const braces = /^\{([^}]*)\}$/.exec(clause?.trim() ?? '');
  if (!braces) return false;
  const names = braces[1]
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((name) => name.startsWith('type '));
}

/** The same test on a parsed declaration (the file being linted). */
function typeOnlyNode(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type');
}

/** Every .ts file under `dir`, specs left out (tests import freely and are no part of the module graph). */
function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [full] : [];
  });
}

let moduleGraph;

/**
 * module -> the modules its files import (relative imports, re-exports and dynamic imports). Type-only imports are
 * left out: the compiler erases them, so they load nothing and form no circle (orders reads photos' PhotoEntity
 * type, photos calls orders). Read from the sources once per ESLint process, so a long-running editor server sees
 * the graph as it was when it started.
 */
function readModuleGraph() {
  if (moduleGraph) return moduleGraph;
  moduleGraph = new Map();
  for (const file of sourceFiles(MODULES)) {
    const own = moduleOf(file).module;
    const text = fs.readFileSync(file, 'utf8');
    for (const [, typeKeyword, clause, fromSource, dynamicSource, bareSource] of text.matchAll(IMPORT_STATEMENTS)) {
      if (fromSource && typeOnly(typeKeyword, clause)) continue;
      const specifier = fromSource ?? dynamicSource ?? bareSource;
      const reached = moduleOf(path.resolve(path.dirname(file), specifier));
      if (!reached || reached.module === own) continue;
      if (!moduleGraph.has(own)) moduleGraph.set(own, new Set());
      moduleGraph.get(own).add(reached.module);
    }
  }
  return moduleGraph;
}

/** The shortest chain of modules from `start` to `goal` in the graph, or null (a breadth-first search). */
function pathBetween(graph, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === goal) {
      const chain = [];
      for (let at = goal; at !== null; at = previous.get(at)) chain.unshift(at);
      return chain;
    }
    for (const next of graph.get(current) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, current);
        queue.push(next);
      }
    }
  }
  return null;
}

const noModuleCycle = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'No import circle between modules: module A imports module B only when B, directly or through other modules, never imports A (their files would load in a circle and a decorator could see undefined).',
    },
    messages: {
      cycle:
        "'{{source}}' closes an import circle between modules: {{circle}}. Let one side declare a port the other provides, or move what both need into shared/.",
    },
    schema: [],
  },
  create(context) {
    const own = moduleOf(context.filename)?.module;
    if (!own) return {};
    return eachRelativeImport(context, (node, target, declaration) => {
      const reached = moduleOf(target);
      if (!reached || reached.module === own || typeOnlyNode(declaration)) return;
      // The path back to this module ends here, so this file's own imports (as saved on disk) never take part.
      const back = pathBetween(readModuleGraph(), reached.module, own);
      if (!back) return;
      context.report({ node, messageId: 'cycle', data: { source: node.value, circle: [own, ...back].join(' → ') } });
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
    'no-foreign-repository': noForeignRepository,
    'no-module-cycle': noModuleCycle,
    'library-bounds': libraryBounds,
  },
};
