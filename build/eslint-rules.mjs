// The house's own lint rules, over relative imports (`import type`, `export … from`, `import()` and `require()`
// included). `house/no-cycle`: no module reaches itself; a type-only cycle still ties two modules together for a
// reader, and import-x/no-cycle skips those and parses every module again, where this reads each file once with
// TypeScript's import scanner and finds the cycles as strongly connected components. `house/layers`: the layer
// map of docs/architecture.md (given in eslint.config.mjs).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const EXTENSIONS = ['', '.ts', '.mts', '.js', '.mjs', '/index.ts', '/index.js'];

/** The file a relative specifier names, or undefined for a package or a file that is not there. */
function resolveImport(from, spec) {
  if (!spec.startsWith('./') && !spec.startsWith('../')) return undefined;
  const base = resolve(dirname(from), spec);
  for (const ext of EXTENSIONS) {
    const path = base + ext;
    if (existsSync(path) && statSync(path).isFile()) return path;
  }
  return undefined;
}

/** Each file's resolved imports, read once per lint run (kept while the file's mtime holds, for editors). */
const importsCache = new Map();
function importsOf(file) {
  const mtime = statSync(file).mtimeMs;
  const cached = importsCache.get(file);
  if (cached?.mtime === mtime) return cached.targets;
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const targets = [...new Set(info.importedFiles.map((f) => resolveImport(file, f.fileName)).filter(Boolean))];
  importsCache.set(file, { mtime, targets });
  return targets;
}

/** The component (Tarjan) of every file reachable from `start`: files that share one are in a cycle. */
function componentsFrom(start) {
  const index = new Map();
  const low = new Map();
  const component = new Map();
  const stack = [];
  const onStack = new Set();
  let next = 0;
  const visit = (file) => {
    index.set(file, next);
    low.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const target of importsOf(file)) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file), index.get(target)));
      }
    }
    if (low.get(file) === index.get(file)) {
      const members = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        members.push(member);
      } while (member !== file);
      for (const m of members) component.set(m, members);
    }
  };
  visit(start);
  return component;
}

/** The shortest way from `from` back to `to` inside one component, for the message. */
function pathBack(from, to, members) {
  const inside = new Set(members);
  const previous = new Map([[from, undefined]]);
  const queue = [from];
  while (queue.length > 0) {
    const file = queue.shift();
    if (file === to) break;
    for (const target of importsOf(file)) {
      if (inside.has(target) && !previous.has(target)) {
        previous.set(target, file);
        queue.push(target);
      }
    }
  }
  const path = [];
  for (let file = to; file !== undefined; file = previous.get(file)) path.unshift(file);
  return path;
}

/** Calls `check(node, specifier)` for every import a file's syntax tree holds. */
function importVisitor(check) {
  return {
    ImportDeclaration: (node) => check(node, node.source.value),
    ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
    ExportAllDeclaration: (node) => check(node, node.source.value),
    ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    TSImportType: (node) => {
      const arg = node.argument;
      const literal = arg?.type === 'TSLiteralType' ? arg.literal : arg;
      if (literal?.type === 'Literal') check(node, literal.value);
    },
    CallExpression: (node) =>
      node.callee.type === 'Identifier' &&
      node.callee.name === 'require' &&
      node.arguments[0]?.type === 'Literal' &&
      check(node, node.arguments[0].value),
  };
}

/** @type {import('eslint').Rule.RuleModule} */
const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No module imports itself through a chain of relative imports, type-only ones included' },
    messages: { cycle: 'Import cycle: {{path}}' },
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename;
    if (!existsSync(file)) return {};
    const members = componentsFrom(file).get(file);
    if (members === undefined || members.length < 2) return {};
    const inCycle = new Set(members);
    return importVisitor((node, source) => {
      if (typeof source !== 'string') return;
      const target = resolveImport(file, source);
      if (target === undefined || !inCycle.has(target)) return;
      const path = [file, ...pathBack(target, file, members)].map((f) => relative(context.cwd, f)).join(' → ');
      context.report({ node, messageId: 'cycle', data: { path } });
    });
  },
};

/**
 * The layer of a path under `src`: its first folder, or its name for a module at the top; outside `src`, the
 * project's folder as `../models`.
 */
function layerOf(src, path) {
  const [first, ...rest] = relative(src, path).split(sep);
  if (first === '..') return `../${rest[0]}`;
  return rest.length === 0 ? first.replace(/\.(ts|mts|js|mjs|json)$/, '') : first;
}

/** @type {import('eslint').Rule.RuleModule} */
const layers = {
  meta: {
    type: 'problem',
    docs: { description: 'Each layer under src/ imports only the layers the map lets it' },
    messages: {
      unknown: 'src/{{layer}} is in no layer of the map (eslint.config.mjs, house/layers): place it there',
      wrong: 'src/{{from}} may not import {{target}} (layer {{to}}): {{why}}',
    },
    schema: [
      {
        type: 'object',
        properties: {
          src: { type: 'string' },
          shared: { type: 'array', items: { type: 'string' } },
          mayImport: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
          closed: { type: 'array', items: { type: 'string' } },
        },
        required: ['src', 'shared', 'mayImport', 'closed'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const file = context.physicalFilename;
    const { shared, mayImport, closed } = context.options[0];
    const src = resolve(context.cwd, context.options[0].src);
    if (!file.startsWith(src + sep)) return {};
    const shares = new Set(shared);
    const from = layerOf(src, file);
    /** A folder closed on itself (the emulator) imports nothing outside it but the shared modules. */
    const closedIn = closed.map((folder) => resolve(src, folder) + sep).find((folder) => file.startsWith(folder));
    if (!shares.has(from) && !(from in mayImport)) {
      return { Program: (node) => context.report({ node, messageId: 'unknown', data: { layer: from } }) };
    }
    return importVisitor((node, source) => {
      if (typeof source !== 'string') return;
      const target = resolveImport(file, source);
      if (target === undefined) return;
      const to = layerOf(src, target);
      const shown = relative(context.cwd, target);
      const report = (why) => context.report({ node, messageId: 'wrong', data: { from, to, target: shown, why } });
      if (closedIn !== undefined) {
        if (!target.startsWith(closedIn) && !shares.has(to)) report('it states the interface on its own');
        return;
      }
      if (to === from || shares.has(to)) return;
      if (shares.has(from)) report('a shared module imports no layer');
      else if (!mayImport[from].includes(to))
        report(`it may import only ${mayImport[from].join(', ') || 'the shared modules'}`);
    });
  },
};

export default { meta: { name: 'house' }, rules: { 'no-cycle': noCycle, layers } };
