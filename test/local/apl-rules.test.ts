// The stand-in's APL rules (src/local/alexa/apl-rules.ts), through rules.ts as the sandbox and the
// conversation tests run them: what Alexa refuses is refused here, and what it plays passes. And the
// manifest: it declares ALEXA_PRESENTATION_APL with viewports that take every screen the keypad is made for.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RequestEnvelope, ResponseEnvelope } from 'ask-sdk-model';
import { modelLocales, packageManifest, type SkillManifest } from '../../skill/package';
import { dpSize, manifestAplRefusals, manifestTakes } from '../../src/local/alexa/apl-rules';
import { responseRefusals } from '../../src/local/alexa/rules';
import { KEYPAD_TOKEN, keypadData, renderDirective } from '../../src/skill/screen/document';
import { WORDS } from '../../src/skill/words';
import type { RegisteredTv } from '../../src/store/types';
import { onScreen, SCREENS } from '../support/screen/devices';
import { launch, type RequestSpec } from '../support/skill/requests';

const WHO = { userId: 'amzn1.ask.account.rules', token: 'token-rules' };
const MODEL = JSON.parse(readFileSync(path.join(__dirname, '../../models/en-US.json'), 'utf8')) as unknown;
const MANIFEST = JSON.parse(readFileSync(path.join(__dirname, '../../skill/skill.json'), 'utf8')) as unknown;

const tv = { thingId: 'thing-1', deviceName: 'TV', gatewayId: 'g' } as RegisteredTv;
const keypad = renderDirective(keypadData(WORDS.en, [tv], tv, 'ready', false));

const answer = (...directives: unknown[]): ResponseEnvelope =>
  ({
    version: '1.0',
    response: { outputSpeech: { type: 'SSML', ssml: '<speak>Hi.</speak>' }, directives },
  }) as unknown as ResponseEnvelope;

const withDocument = (change: (d: Record<string, unknown>) => void): unknown => {
  const directive = structuredClone(keypad) as unknown as Record<string, unknown>;
  change(directive);
  return directive;
};

const CASES: Array<[what: string, request: RequestSpec, response: ResponseEnvelope, refused: string[]]> = [
  ['the keypad to an Echo Show with APL 2023.3', onScreen(launch()), answer(keypad), []],
  [
    "the keypad to a device whose maxVersion is the document's own (1.4)",
    onScreen(launch(), undefined, '1.4'),
    answer(keypad),
    [],
  ],
  ['no APL to a device without it', launch(), answer(), []],
  ['the keypad to a device that lists no APL', launch(), answer(keypad), ['apl-unsupported']],
  [
    'ExecuteCommands to a device that lists no APL',
    launch(),
    answer({ type: 'Alexa.Presentation.APL.ExecuteCommands', token: KEYPAD_TOKEN, commands: [] }),
    ['apl-unsupported'],
  ],
  [
    'the keypad to a device whose APL is older (maxVersion 1.3)',
    onScreen(launch(), undefined, '1.3'),
    answer(keypad),
    ['apl-newer-than-device'],
  ],
  [
    'a document of APL 2024.3 to a device of 2023.3',
    onScreen(launch()),
    answer(
      withDocument((d) => {
        (d['document'] as Record<string, unknown>)['version'] = '2024.3';
      }),
    ),
    ['apl-newer-than-device'],
  ],
  [
    'a document without a version',
    onScreen(launch()),
    answer(
      withDocument((d) => {
        delete (d['document'] as Record<string, unknown>)['version'];
      }),
    ),
    ['apl-newer-than-device'],
  ],
  [
    'a RenderDocument without a token',
    onScreen(launch()),
    answer(
      withDocument((d) => {
        delete d['token'];
      }),
    ),
    ['apl-directive-shape'],
  ],
  [
    'a RenderDocument whose document is no APL',
    onScreen(launch()),
    answer(
      withDocument((d) => {
        d['document'] = { type: 'APLA' };
      }),
    ),
    ['apl-directive-shape'],
  ],
];

describe('APL in a response', () => {
  it.each(CASES)('%s', (_what, request, response, refused) => {
    const envelope: RequestEnvelope = request(WHO);
    expect(responseRefusals(MODEL, envelope, response).map((r) => r.rule)).toEqual(refused);
  });

  it("cites Amazon's page for each refusal", () => {
    const refusals = responseRefusals(MODEL, launch()(WHO), answer(keypad));
    expect(refusals[0]?.source).toMatch(/Alexa\.Presentation\.APL Interface Reference.*developer\.amazon\.com/);
  });
});

describe('the manifest', () => {
  it('declares ALEXA_PRESENTATION_APL with well-formed viewports', () => {
    expect(manifestAplRefusals(MANIFEST)).toEqual([]);
  });

  it('keeps the declaration in the package the ASK CLI deploys (npm run skill-package)', () => {
    const packaged = packageManifest(
      structuredClone(MANIFEST) as SkillManifest,
      modelLocales(),
      { account: '123456789012', stage: 'prod', regions: ['us-east-1'], outDir: 'unused' },
      [],
    );
    expect(manifestAplRefusals(packaged)).toEqual([]);
  });

  it.each(SCREENS.map((s) => [s.name, s] as const))('takes %s', (_name, screen) => {
    expect(
      manifestTakes(MANIFEST, {
        mode: 'HUB',
        shape: screen.shape,
        pixelWidth: screen.pixelWidth,
        pixelHeight: screen.pixelHeight,
        dpi: screen.dpi,
      }),
    ).toBe(true);
  });

  // Amazon's hub viewport profiles, as the manifest declares them (dp): "Configure Your Skill with the APL
  // Interface" (developer.amazon.com/docs/alexa-presentation-language/apl-support-for-your-skill.html)
  // gives hubLandscapeMedium 960–1279 × 600–959 and hubLandscapeLarge 1280–1920 × 600–1279; "Viewport
  // Profiles" (apl-alexa-viewport-profiles-package.html) hubRoundSmall and hubLandscapeSmall (960–1279 wide,
  // under 600 high); "What's New in APL 1.8" hubLandscapeXLarge 1920–2560 × 960–1279 for the Echo Show 15.
  const PROFILES: [
    profile: string,
    device: string,
    shape: 'ROUND' | 'RECTANGLE',
    width: [number, number],
    height: [number, number],
  ][] = [
    ['hubRoundSmall', 'Echo Spot', 'ROUND', [480, 599], [480, 599]],
    ['hubLandscapeSmall', 'Echo Show 5', 'RECTANGLE', [960, 1279], [480, 599]],
    ['hubLandscapeMedium', 'Echo Show 8', 'RECTANGLE', [960, 1279], [600, 959]],
    ['hubLandscapeLarge', 'Echo Show 10', 'RECTANGLE', [1280, 1920], [600, 1279]],
    ['hubLandscapeXLarge', 'Echo Show 15', 'RECTANGLE', [1920, 2560], [960, 1279]],
  ];
  const declared = (
    MANIFEST as { manifest: { apis: { custom: { interfaces: { supportedViewports?: unknown[] }[] } } } }
  ).manifest.apis.custom.interfaces.flatMap((i) => i.supportedViewports ?? []);
  const at = (shape: string, width: number, height: number) =>
    manifestTakes(MANIFEST, { mode: 'HUB', shape, pixelWidth: width, pixelHeight: height, dpi: 160 });

  it.each(PROFILES)(
    'declares %s (%s) as Amazon gives it',
    (_profile, _device, shape, [minWidth, maxWidth], [minHeight, maxHeight]) => {
      expect(declared).toContainEqual({ mode: 'HUB', shape, minWidth, maxWidth, minHeight, maxHeight });
    },
  );

  // A viewport at each edge of each profile is taken; one dp outside, where no other profile reaches, is not.
  it.each(PROFILES)(
    'takes %s at each of its corners',
    (_profile, _device, shape, [minWidth, maxWidth], [minHeight, maxHeight]) => {
      for (const [w, h] of [
        [minWidth, minHeight],
        [minWidth, maxHeight],
        [maxWidth, minHeight],
        [maxWidth, maxHeight],
      ] as const)
        expect(at(shape, w!, h!)).toBe(true);
    },
  );

  it.each([
    ['a round screen one dp too small', 'ROUND', 479, 479],
    ['a round screen one dp too large', 'ROUND', 600, 600],
    ['a rectangle one dp narrower than the Echo Show 5', 'RECTANGLE', 959, 480],
    ['a rectangle one dp narrower than the Echo Show 8', 'RECTANGLE', 959, 600],
    ['a rectangle one dp lower than the Echo Show 5', 'RECTANGLE', 960, 479],
    ['a rectangle one dp wider than the widest profile', 'RECTANGLE', 2561, 1000],
    ['a rectangle one dp higher than the highest profile', 'RECTANGLE', 1920, 1280],
    ["the Echo Show 8's size on a round screen", 'ROUND', 960, 600],
    ['a portrait rectangle (no portrait profile is declared)', 'RECTANGLE', 600, 1024],
  ])('does not take %s', (_what, shape, width, height) => {
    expect(at(shape, width, height)).toBe(false);
  });

  // The ranges are dp, as APL lays out: the Echo Show 8 is 1280×800 px at 213 dpi, 960×600 dp, which only
  // hubLandscapeMedium takes; with the Echo Show 1's 1024-wide range it would get no keypad.
  it('takes the Echo Show 8 by its dp size, which the 1024-wide range would not', () => {
    const show8 = { mode: 'HUB', shape: 'RECTANGLE', pixelWidth: 1280, pixelHeight: 800, dpi: 213 };
    // 213 is the reported dpi, 213⅓ rounded: 962×601 dp by it, 960×600 as the profile names it.
    expect(dpSize(show8)).toEqual({ width: 962, height: 601 });
    expect(manifestTakes(MANIFEST, show8)).toBe(true);
    const narrow = structuredClone(MANIFEST) as typeof MANIFEST & {
      manifest: {
        apis: { custom: { interfaces: { supportedViewports: { minWidth: number; minHeight: number }[] }[] } };
      };
    };
    for (const v of narrow.manifest.apis.custom.interfaces[0]!.supportedViewports)
      if (v.minWidth === 960 && v.minHeight === 600) v.minWidth = 1024;
    expect(manifestTakes(narrow, show8)).toBe(false);
  });

  it('is refused without the interface, without viewports, or with a viewport that is no range', () => {
    const without = structuredClone(MANIFEST) as { manifest: { apis: { custom: Record<string, unknown> } } };
    delete without.manifest.apis.custom['interfaces'];
    expect(manifestAplRefusals(without).map((r) => r.detail)).toEqual([
      'apis.custom.interfaces does not declare ALEXA_PRESENTATION_APL',
    ]);
    const empty = structuredClone(without);
    empty.manifest.apis.custom['interfaces'] = [{ type: 'ALEXA_PRESENTATION_APL', supportedViewports: [] }];
    expect(manifestAplRefusals(empty)).toHaveLength(1);
    const inverted = structuredClone(without);
    inverted.manifest.apis.custom['interfaces'] = [
      {
        type: 'ALEXA_PRESENTATION_APL',
        supportedViewports: [
          { mode: 'HUB', shape: 'ROUND', minWidth: 600, maxWidth: 480, minHeight: 480, maxHeight: 480 },
        ],
      },
    ];
    expect(manifestAplRefusals(inverted).map((r) => r.detail)).toEqual([
      'supportedViewports[0] has no range of whole pixels for its width',
    ]);
    expect(manifestTakes(without, { mode: 'HUB', shape: 'ROUND', pixelWidth: 480, pixelHeight: 480, dpi: 160 })).toBe(
      false,
    );
  });
});
