// `npm run screens`: pictures of the touch keypad, one PNG per screen (docs/images/keypad-*.png), drawn by
// Amazon's APL renderer for the web in a headless Chromium with no network. Needs a Chromium; not part of
// `npm test`. What the pictures are and are not: docs/screen.md#screens-script.
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { keypadData, renderDirective } from '../src/skill/screen/document';
import { WORDS } from '../src/skill/words';
import type { RegisteredTv } from '../src/store/types';
import { cliArgs } from './cli';
import { screensCli } from './usage';

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'docs', 'images');
const RENDERER = require.resolve('apl-viewhost-web');

/** The screens, as their requests describe them (test/support/screen/devices.ts has the sources). */
const SCREENS = [
  { file: 'echo-spot', shape: 'ROUND', width: 480, height: 480, dpi: 160 },
  { file: 'echo-show-5', shape: 'RECTANGLE', width: 960, height: 480, dpi: 160 },
  { file: 'echo-show-8', shape: 'RECTANGLE', width: 1280, height: 800, dpi: 213 },
  { file: 'echo-show-10', shape: 'RECTANGLE', width: 1280, height: 800, dpi: 160 },
  // Echo Show 15 and 21 report the same viewport: one picture.
  { file: 'echo-show-15-and-21', shape: 'RECTANGLE', width: 1920, height: 1080, dpi: 160 },
] as const;

const tv = (thingId: string, deviceName: string, area: string): RegisteredTv =>
  ({ thingId, deviceName, gatewayId: 'gateway', channels: { area } }) as RegisteredTv;

const HOUSEHOLDS = {
  one: [tv('thing-1', 'リビングのテレビ', 'tokyo')],
  two: [tv('thing-1', 'リビングのテレビ', 'tokyo'), tv('thing-2', '寝室のテレビ', 'tokyo')],
};

/** The page: the renderer's script, and a function that draws a document into #screen. */
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><style>
html, body { margin: 0; background: #000; font-family: "Noto Sans CJK JP", sans-serif; }
#screen { overflow: hidden; position: relative; }
#screen.round { border-radius: 50%; }
</style></head><body><div id="screen"></div></body></html>`;

async function main(): Promise<void> {
  const executablePath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
  const profile = mkdtempSync(path.join(os.tmpdir(), 'screens-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    // Nothing leaves the machine: the page is set in place, the renderer added from node_modules.
    await context.route('**/*', (route) => route.abort());
    mkdirSync(OUT, { recursive: true });
    const written: string[] = [];
    for (const [household, tvs] of Object.entries(HOUSEHOLDS)) {
      const directive = renderDirective(keypadData(WORDS.ja, tvs, tvs[0]!, WORDS.ja.screen.ready, false));
      for (const screen of SCREENS) {
        if (household === 'two' && screen.file !== 'echo-show-8') continue;
        const file = path.join(OUT, `keypad-${screen.file}${household === 'two' ? '-two-tvs' : ''}.png`);
        await draw(context, directive, screen, file);
        written.push(path.relative(ROOT, file));
      }
    }
    console.log(`Wrote ${written.join(', ')}`);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** Runs in the page: the renderer draws the document with its datasources into #screen. */
const DRAW = `async ({ document, datasources, screen }) => {
  const apl = window.AplRenderer;
  // initEngine waits for the WebAssembly runtime's start, which may have come and gone while the script loaded.
  if (!(window.Module && window.Module.calledRun)) await apl.initEngine();
  const content = apl.Content.create(JSON.stringify(document));
  for (const [name, data] of Object.entries(datasources)) content.addData(name, JSON.stringify(data));
  if (content.isError()) return ['the renderer could not read the document'];
  const view = window.document.getElementById('screen');
  view.style.width = screen.width + 'px';
  view.style.height = screen.height + 'px';
  if (screen.shape === 'ROUND') view.className = 'round';
  const renderer = apl.default.create({
    content,
    view,
    environment: { agentName: 'tv-voice-remote screens', agentVersion: '1.0', allowOpenUrl: false, disallowVideo: true, animationQuality: apl.AnimationQuality.kAnimationQualityNone },
    viewport: { width: screen.width, height: screen.height, dpi: screen.dpi, shape: screen.shape, mode: 'HUB' },
    theme: 'dark',
    utcTime: Date.UTC(2026, 10, 26, 8),
    localTimeAdjustment: 9 * 3600 * 1000,
    onSendEvent: () => undefined,
  });
  await renderer.init();
  return [];
}`;

type Context = Awaited<ReturnType<typeof chromium.launchPersistentContext>>;

async function draw(
  context: Context,
  directive: ReturnType<typeof renderDirective>,
  screen: (typeof SCREENS)[number],
  file: string,
): Promise<void> {
  const page = await context.newPage();
  try {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await page.setContent(PAGE);
    await page.addScriptTag({ path: RENDERER });
    // Sent as text: what tsx compiles a function into may name helpers the page does not have.
    const problems = (await page.evaluate(
      `(${DRAW})(${JSON.stringify({ document: directive.document, datasources: directive.datasources, screen })})`,
    )) as string[];
    if (problems.length > 0) throw new Error(`${path.basename(file)}: ${problems.join('; ')}`);
    // Fonts and layout settle after init.
    await page.waitForTimeout(500);
    const shot = await page.locator('#screen').screenshot({ omitBackground: screen.shape === 'ROUND' });
    writeFileSync(file, shot);
  } finally {
    await page.close();
  }
}

cliArgs(screensCli);
main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
