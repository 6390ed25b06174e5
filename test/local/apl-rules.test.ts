// The stand-in's APL rules (src/local/alexa/apl-rules.ts), through rules.ts as the sandbox and the
// conversation tests run them: what Alexa refuses is refused here, and what it plays passes. And the
// manifest: it declares ALEXA_PRESENTATION_APL with viewports that take every screen the remote is made for.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RequestEnvelope, ResponseEnvelope } from 'ask-sdk-model';
import { modelLocales, packageManifest, type SkillManifest } from '../../skill/package';
import { manifestAplRefusals, manifestTakes } from '../../src/local/alexa/apl-rules';
import { responseRefusals } from '../../src/local/alexa/rules';
import { remoteData, renderDirective } from '../../src/skill/screen/document';
import { WORDS } from '../../src/skill/words';
import type { RegisteredTv } from '../../src/store/types';
import { onScreen, SCREENS } from '../support/screen/devices';
import { launch, type RequestSpec } from '../support/skill/requests';

const WHO = { userId: 'amzn1.ask.account.rules', token: 'token-rules' };
const MODEL = JSON.parse(readFileSync(path.join(__dirname, '../../models/en-US.json'), 'utf8')) as unknown;
const MANIFEST = JSON.parse(readFileSync(path.join(__dirname, '../../skill/skill.json'), 'utf8')) as unknown;

const tv = { thingId: 'thing-1', deviceName: 'TV', gatewayId: 'g' } as RegisteredTv;
const remote = renderDirective(remoteData(WORDS.en, [tv], tv, 'ready', false));

const answer = (...directives: unknown[]): ResponseEnvelope =>
  ({ version: '1.0', response: { outputSpeech: { type: 'SSML', ssml: '<speak>Hi.</speak>' }, directives } }) as unknown as ResponseEnvelope;

const withDocument = (change: (d: Record<string, unknown>) => void): unknown => {
  const directive = structuredClone(remote) as unknown as Record<string, unknown>;
  change(directive);
  return directive;
};

const CASES: Array<[what: string, request: RequestSpec, response: ResponseEnvelope, refused: string[]]> = [
  ['the remote to an Echo Show with APL 2023.3', onScreen(launch()), answer(remote), []],
  ['the remote to a device whose maxVersion is the document\'s own (1.4)', onScreen(launch(), undefined, '1.4'), answer(remote), []],
  ['no APL to a device without it', launch(), answer(), []],
  ['the remote to a device that lists no APL', launch(), answer(remote), ['apl-unsupported']],
  ['ExecuteCommands to a device that lists no APL', launch(), answer({ type: 'Alexa.Presentation.APL.ExecuteCommands', token: 'tvRemote', commands: [] }), ['apl-unsupported']],
  ['the remote to a device whose APL is older (maxVersion 1.3)', onScreen(launch(), undefined, '1.3'), answer(remote), ['apl-newer-than-device']],
  ['a document of APL 2024.3 to a device of 2023.3', onScreen(launch()), answer(withDocument((d) => { (d['document'] as Record<string, unknown>)['version'] = '2024.3'; })), ['apl-newer-than-device']],
  ['a document without a version', onScreen(launch()), answer(withDocument((d) => { delete (d['document'] as Record<string, unknown>)['version']; })), ['apl-newer-than-device']],
  ['a RenderDocument without a token', onScreen(launch()), answer(withDocument((d) => { delete d['token']; })), ['apl-directive-shape']],
  ['a RenderDocument whose document is no APL', onScreen(launch()), answer(withDocument((d) => { d['document'] = { type: 'APLA' }; })), ['apl-directive-shape']],
];

describe('APL in a response', () => {
  it.each(CASES)('%s', (_what, request, response, refused) => {
    const envelope: RequestEnvelope = request(WHO);
    expect(responseRefusals(MODEL, envelope, response).map((r) => r.rule)).toEqual(refused);
  });

  it('cites Amazon\'s page for each refusal', () => {
    const refusals = responseRefusals(MODEL, launch()(WHO), answer(remote));
    expect(refusals[0]?.source).toMatch(/Alexa\.Presentation\.APL Interface Reference.*developer\.amazon\.com/);
  });
});

describe('the manifest', () => {
  it('declares ALEXA_PRESENTATION_APL with well-formed viewports', () => {
    expect(manifestAplRefusals(MANIFEST)).toEqual([]);
  });

  it('keeps the declaration in the package the ASK CLI deploys (npm run skill-package)', () => {
    const packaged = packageManifest(structuredClone(MANIFEST) as SkillManifest, modelLocales(), { account: '123456789012', stage: 'prod', regions: ['us-east-1'], outDir: 'unused' }, []);
    expect(manifestAplRefusals(packaged)).toEqual([]);
  });

  it.each(SCREENS.map((s) => [s.name, s] as const))('takes %s', (_name, screen) => {
    expect(manifestTakes(MANIFEST, { mode: 'HUB', shape: screen.shape, pixelWidth: screen.pixelWidth, pixelHeight: screen.pixelHeight })).toBe(true);
  });

  it('is refused without the interface, without viewports, or with a viewport that is no range', () => {
    const without = structuredClone(MANIFEST) as { manifest: { apis: { custom: Record<string, unknown> } } };
    delete without.manifest.apis.custom['interfaces'];
    expect(manifestAplRefusals(without).map((r) => r.detail)).toEqual(['apis.custom.interfaces does not declare ALEXA_PRESENTATION_APL']);
    const empty = structuredClone(without);
    empty.manifest.apis.custom['interfaces'] = [{ type: 'ALEXA_PRESENTATION_APL', supportedViewports: [] }];
    expect(manifestAplRefusals(empty)).toHaveLength(1);
    const inverted = structuredClone(without);
    inverted.manifest.apis.custom['interfaces'] = [{ type: 'ALEXA_PRESENTATION_APL', supportedViewports: [{ mode: 'HUB', shape: 'ROUND', minWidth: 600, maxWidth: 480, minHeight: 480, maxHeight: 480 }] }];
    expect(manifestAplRefusals(inverted).map((r) => r.detail)).toEqual(['supportedViewports[0] has no range of whole pixels for its width']);
    expect(manifestTakes(without, { mode: 'HUB', shape: 'ROUND', pixelWidth: 480, pixelHeight: 480 })).toBe(false);
  });
});
