// The layering rule of docs/architecture.md, checked on every relative import under src/: the doors
// (skill, smarthome, google, setup) stand on the domain (tv), the store and the client (cloud), never on each
// other; what the smart-home door and setup share about Alexa (the TV as an endpoint, the interfaces it
// declares, Login with Amazon, the event gateway) is the alexa layer, which knows no door and answers no
// directive (the handlers are the smart-home door's), and what setup tells Google (Request Sync) is the homegraph layer; the domain knows no door; nothing but src/local imports src/local; the emulator states the
// interface on its own, so it imports no layer at all. Outside src/, only src/local reaches models/ (the sandbox
// speaks the models' locales); nothing a Lambda bundles reaches outside src/.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const SRC = resolve(__dirname, '../../src');
/** Modules at the top of src/ that every layer may use. */
const SHARED = new Set(['log', 'config', 'deployment', 'json', 'text', 'language', 'metrics', 'outcome', 'outbound', 'token', 'secrets']);

const MAY_IMPORT: Record<string, readonly string[]> = {
  cloud: [],
  store: [],
  tv: ['cloud'],
  // Descriptions, events and Login with Amazon; no directive handler, so no door's error class.
  alexa: ['tv', 'store'],
  // What setup knows of Google (Request Sync): the household's link is in the store, nothing else below.
  homegraph: ['store'],
  // The voice Lambdas' one way to start (src/cold-start.ts): the device cloud's connection first.
  'cold-start': ['cloud'],
  skill: ['cold-start', 'tv', 'store', 'cloud'],
  smarthome: ['cold-start', 'alexa', 'tv', 'store', 'cloud'],
  setup: ['alexa', 'homegraph', 'tv', 'store', 'cloud'],
  google: ['cold-start', 'tv', 'store', 'cloud'],
  // The sandbox's command line answers --help as every script does (scripts/cli.ts).
  local: ['cloud', 'store', 'tv', 'alexa', 'homegraph', 'skill', 'smarthome', 'google', 'setup', '../models', '../scripts'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

/** The layer of a path under src/: its first folder, or its name for a module at the top; outside src/, the project's folder (`../models`). */
function layerOf(path: string): string {
  const [first, ...rest] = relative(SRC, path).split(sep);
  if (first === '..') return `../${rest[0]}`;
  return rest.length === 0 ? first.replace(/\.(ts|js|json)$/, '') : first;
}

function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  // `import('…')` too: the Lambdas' composition roots load their parts lazily.
  const specs = [...text.matchAll(/(?:from|import\(?|require\()\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]);
  return specs.map((s) => resolve(dirname(file), s));
}

const edges = sourceFiles(SRC).flatMap((file) =>
  relativeImports(file).map((target) => ({ file: relative(SRC, file), from: layerOf(file), to: layerOf(target), target })));

it('finds the layers it checks', () => {
  expect(edges.some((e) => e.from === 'skill' && e.to === 'tv')).toBe(true);
  for (const layer of new Set(edges.map((e) => e.from))) {
    if (!SHARED.has(layer)) expect(Object.keys(MAY_IMPORT)).toContain(layer);
  }
});

it.each(Object.keys(MAY_IMPORT))('src/%s imports only the layers below it', (layer) => {
  const wrong = edges
    .filter((e) => e.from === layer && e.to !== layer && !SHARED.has(e.to) && !MAY_IMPORT[layer].includes(e.to))
    .map((e) => `${e.file} -> src/${e.to}`);
  expect(wrong).toEqual([]);
});

it('the shared modules at the top of src/ import no layer', () => {
  const wrong = edges.filter((e) => SHARED.has(e.from) && e.to !== e.from && !SHARED.has(e.to)).map((e) => `${e.file} -> src/${e.to}`);
  expect(wrong).toEqual([]);
});

it('the emulator imports nothing outside itself but the shared modules (not the client it checks)', () => {
  const emulator = join(SRC, 'local', 'emulator') + sep;
  const inEmulator = edges.filter((e) => join(SRC, e.file).startsWith(emulator));
  expect(inEmulator.length).toBeGreaterThan(0);
  const wrong = inEmulator
    .filter((e) => !e.target.startsWith(emulator) && !SHARED.has(e.to))
    .map((e) => `${e.file} -> ${relative(SRC, e.target)}`);
  expect(wrong).toEqual([]);
});

/** The module a relative import names: the file, or the folder's index. */
function moduleFile(target: string): string | undefined {
  return [`${target}.ts`, join(target, 'index.ts'), target].find((f) => f.endsWith('.ts') && existsSync(f));
}

/** The layers held to having no import cycle; the skill and the stand-ins still have some (a separate cleanup). */
const ACYCLIC = ['smarthome', 'google', 'alexa', 'homegraph', 'tv', 'cloud', 'store'];

it(`no module of ${ACYCLIC.join(', ')} imports itself through others (type imports included)`, () => {
  const graph = new Map<string, string[]>();
  for (const e of edges.filter((edge) => ACYCLIC.includes(edge.from))) {
    const to = moduleFile(e.target);
    if (to === undefined) continue;
    const from = join(SRC, e.file);
    graph.set(from, [...(graph.get(from) ?? []), to]);
  }
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (file: string, path: string[]): void => {
    state.set(file, 'open');
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next].map((f) => relative(SRC, f)).join(' -> '));
      else if (!state.has(next)) visit(next, [...path, next]);
    }
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file, [file]);
  expect(cycles).toEqual([]);
});

/** The packages a file loads when it runs: static imports but `import type`, side-effect imports, import() and require(). */
function packageImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [
    ...text.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^;]*?\sfrom\s*'([^'.][^']*)'/gm),
    ...text.matchAll(/^\s*import\s*'([^'.][^']*)'/gm),
    ...text.matchAll(/(?:import|require)\(\s*'([^'.][^']*)'/g),
  ].map((m) => m[1]!);
  return specs.map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!));
}

it('nothing a Lambda bundles loads a devDependency: validators, renderers and the stand-ins\' parts (apl-suggester, playwright-core, virtual-alexa) stay in src/local, scripts/ and test/', () => {
  const pkg = JSON.parse(readFileSync(resolve(SRC, '../package.json'), 'utf8')) as { devDependencies: Record<string, string> };
  const dev = new Set(Object.keys(pkg.devDependencies));
  expect(dev).toContain('apl-suggester');
  const local = join(SRC, 'local') + sep;
  const bundled = sourceFiles(SRC).filter((file) => !file.startsWith(local));
  expect(bundled.some((file) => packageImports(file).includes('ask-sdk-core'))).toBe(true);
  const wrong = bundled.flatMap((file) => packageImports(file).filter((name) => dev.has(name)).map((name) => `${relative(SRC, file)} -> ${name}`));
  expect(wrong).toEqual([]);
});

it('the domain (src/tv, src/tv/health.ts included) names no package, not even a type: it knows neither Alexa nor HTTP', () => {
  const tv = sourceFiles(join(SRC, 'tv'));
  expect(tv.map((f) => relative(SRC, f))).toContain(join('tv', 'health.ts'));
  const wrong = tv.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/(?:from|import\(?|require\()\s*'([^'.][^']*)'/g)]
    .map((m) => `${relative(SRC, file)} -> ${m[1]}`));
  expect(wrong).toEqual([]);
});
