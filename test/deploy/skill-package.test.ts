// The skills as code: the manifests in skill/ agree with the interaction models in models/ and with the
// functions in serverless.yml, and `npm run skill-package` writes an ASK CLI layout from them. Locales
// are read from the manifests and from models/, never listed here, so models added later are covered.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ACCOUNT_LINKING_FILE, ALEXA_REGIONS, LOCALE_REGIONS, MODELS_DIR, ROOT, SKILLS, modelLocales, parseArnTemplate, readJson,
  writeSkillPackages, type AlexaRegion, type PackageOptions, type SkillManifest,
} from '../../skill/package';
import { lambdaFunctions } from '../support/lambda-bundle';

const SERVICE = /^service:\s*(\S+)/m.exec(readFileSync(path.join(ROOT, 'serverless.yml'), 'utf8'))?.[1];
const functions = lambdaFunctions();
const manifests = SKILLS.map((source) => ({ source, manifest: readJson<SkillManifest>(source.manifestFile) }));
const localesOf = (m: SkillManifest) => Object.keys(m.manifest.publishingInformation.locales).sort();
const models = modelLocales();
const invocationName = (locale: string) =>
  readJson<{ interactionModel: { languageModel: { invocationName: string } } }>(path.join(MODELS_DIR, `${locale}.json`)).interactionModel.languageModel.invocationName;
/** The Alexa event that lets each kind of skill invoke its function. */
const EVENT_OF_API = { custom: 'alexaSkill', smartHome: 'alexaSmartHome' } as const;

describe.each(manifests)('the $source.name manifest', ({ source, manifest }) => {
  const apis = manifest.manifest.apis[source.api];

  it('speaks Japanese and English only, each locale with its privacy entry and an Alexa region', () => {
    const locales = localesOf(manifest);
    expect(locales).toContain('ja-JP');
    expect(locales.every((l) => l === 'ja-JP' || l.startsWith('en-'))).toBe(true);
    expect(Object.keys(manifest.manifest.privacyAndCompliance?.locales ?? {}).sort()).toEqual(locales);
    expect(locales.filter((l) => LOCALE_REGIONS[l] === undefined)).toEqual([]);
  });

  it('has an endpoint for every Alexa region, each a function of serverless.yml in the AWS region Alexa calls', () => {
    expect(apis).toBeDefined();
    expect(Object.keys(apis?.regions ?? {}).sort()).toEqual(Object.keys(ALEXA_REGIONS).sort());
    const uris = [apis?.endpoint.uri, ...Object.values(apis?.regions ?? {}).map((r) => r?.endpoint.uri)];
    const parts = uris.map((uri) => parseArnTemplate(uri ?? ''));
    expect(parts.every((p) => p !== undefined)).toBe(true);
    const functionNames = new Set(parts.map((p) => p?.fn));
    expect(functionNames.size).toBe(1);
    const [fn] = [...functionNames] as [string];
    expect(parts.every((p) => p?.service === SERVICE)).toBe(true);
    // The function exists and lets this kind of skill call it.
    expect(functions.find((f) => f.name === fn)?.alexaEvent).toBe(EVENT_OF_API[source.api]);
    for (const [key, region] of Object.entries(apis?.regions ?? {})) {
      expect(parseArnTemplate(region?.endpoint.uri ?? '')?.region).toBe(ALEXA_REGIONS[key as AlexaRegion]);
    }
  });
});

describe('the custom skill and the interaction models', () => {
  const custom = manifests.find((m) => m.source.api === 'custom')!.manifest;

  it('publishes every locale models/ has a model for', () => {
    expect(models.length).toBeGreaterThan(0);
    expect(models.filter((l) => !localesOf(custom).includes(l))).toEqual([]);
  });

  it.each(models)('%s: the example phrases say the invocation name of the model', (locale) => {
    const { examplePhrases } = custom.manifest.publishingInformation.locales[locale] as { examplePhrases: string[] };
    const name = invocationName(locale).toLowerCase();
    expect(examplePhrases.length).toBeGreaterThan(0);
    expect(examplePhrases.filter((p) => !p.toLowerCase().includes(name))).toEqual([]);
  });
});

describe('the smart-home skill', () => {
  it('speaks every locale the custom skill publishes', () => {
    const [custom, smartHome] = SKILLS.map((s) => localesOf(readJson<SkillManifest>(s.manifestFile)));
    expect(smartHome).toEqual(custom);
  });
});

describe('npm run skill-package', () => {
  let out: string;
  beforeEach(() => {
    out = mkdtempSync(path.join(tmpdir(), 'skill-package-'));
  });
  afterEach(() => rmSync(out, { recursive: true, force: true }));

  const options = (extra: Partial<PackageOptions> = {}): PackageOptions => ({ account: '123456789012', stage: 'prod', regions: ['us-east-1'], outDir: out, ...extra });
  const generated = (skill: string) => readJson<SkillManifest>(path.join(out, skill, 'skill-package', 'skill.json'));

  it('writes an ASK CLI project per skill, with every model there is and nothing left to fill in', () => {
    const result = writeSkillPackages(options());

    const custom = generated('custom');
    const packagedModels = readdirSync(path.join(out, 'custom', 'skill-package', 'interactionModels', 'custom')).map((f) => f.replace(/\.json$/, '')).sort();
    expect(packagedModels).toEqual(models);
    // Every locale of the packaged manifest has its model, copied as is.
    expect(localesOf(custom)).toEqual(models);
    for (const locale of models) {
      expect(readFileSync(path.join(out, 'custom', 'skill-package', 'interactionModels', 'custom', `${locale}.json`), 'utf8'))
        .toBe(readFileSync(path.join(MODELS_DIR, `${locale}.json`), 'utf8'));
    }
    for (const skill of ['custom', 'smart-home']) {
      expect(readJson(path.join(out, skill, 'ask-resources.json'))).toEqual({
        askcliResourcesVersion: '2020-03-31', profiles: { default: { skillMetadata: { src: './skill-package' } } },
      });
      expect(JSON.stringify(generated(skill))).not.toContain('{{');
    }
    expect(custom.manifest.apis['custom']?.endpoint.uri).toBe('arn:aws:lambda:us-east-1:123456789012:function:tv-voice-remote-prod-skill');
    expect(result.notes.filter((n) => n.startsWith('account-linking.json'))).toHaveLength(2);
  });

  it('replaces what it generated on a rerun but keeps the skill ids ask deploy recorded', () => {
    writeSkillPackages(options());
    const states = path.join(out, 'custom', '.ask', 'ask-states.json');
    mkdirSync(path.dirname(states), { recursive: true });
    writeFileSync(states, '{"profiles":{"default":{"skillId":"amzn1.ask.skill.kept"}}}');
    const stale = path.join(out, 'custom', 'skill-package', 'interactionModels', 'custom', 'xx-XX.json');
    writeFileSync(stale, '{}');

    writeSkillPackages(options());
    expect(readFileSync(states, 'utf8')).toContain('amzn1.ask.skill.kept');
    expect(existsSync(stale)).toBe(false);
  });

  it('points each Alexa region at the stack in its AWS region, and says which smart-home locales have none', () => {
    const result = writeSkillPackages(options({ regions: ['us-west-2', 'us-east-1'] }));

    const smartHome = generated('smart-home').manifest.apis['smartHome'];
    expect(smartHome?.endpoint.uri).toMatch(/^arn:aws:lambda:us-east-1:123456789012:function:tv-voice-remote-prod-/);
    expect(Object.keys(smartHome?.regions ?? {}).sort()).toEqual(['FE', 'NA']);
    expect(smartHome?.regions?.FE?.endpoint.uri).toMatch(/^arn:aws:lambda:us-west-2:123456789012:/);
    expect(smartHome?.['protocolVersion']).toBe('3');
    expect(result.notes).toContainEqual(expect.stringMatching(/^smart-home: no stack in eu-west-1 for en-GB, en-IN/));
  });

  it('fills in the device-cloud client from the operator, leaving the rest of the account linking as written', () => {
    writeSkillPackages(options({ clientId: 'client-1', clientSecret: 'se"cret' }));

    const written = readJson<{ accountLinkingRequest: Record<string, unknown> }>(path.join(out, 'account-linking.json'));
    const source = readJson<{ accountLinkingRequest: Record<string, unknown> }>(ACCOUNT_LINKING_FILE);
    expect(written.accountLinkingRequest).toEqual({ ...source.accountLinkingRequest, clientId: 'client-1', clientSecret: 'se"cret' });
    expect(written.accountLinkingRequest).toMatchObject({ type: 'AUTH_CODE', scopes: ['management', 'archive', 'device'] });
  });

  it.each([
    [{ account: '1234' }, /--account must be the 12-digit AWS account id/],
    [{ stage: 'prod stage' }, /--stage/],
    [{ regions: ['ap-northeast-1'] }, /--regions: ap-northeast-1 is not a region Alexa calls/],
  ])('refuses %j, naming the option', (bad, message) => {
    expect(() => writeSkillPackages(options(bad))).toThrow(message);
  });

  it('runs from npm, and without an account says what it needs', () => {
    const run = spawnSync(process.execPath, [require.resolve('tsx/cli'), 'skill/package.ts'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, AWS_ACCOUNT_ID: '' } });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/--account is required/);
  });
});
