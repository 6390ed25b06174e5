// The skill as code: the one manifest in skill/ agrees with the interaction models in models/ and with
// the functions in serverless.yml, and `npm run skill-package` writes one ASK CLI project from them that
// type-checks against the Alexa skill-management model (ask-smapi-model). Locales are read from the
// manifest and from models/, never listed here, so models added later are covered.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import {
  ACCOUNT_LINKING_FILE,
  ALEXA_REGIONS,
  APIS,
  LOCALE_REGIONS,
  MANIFEST_FILE,
  MANIFEST_PARAMETERS,
  MODELS_DIR,
  OUT_DIR,
  PACKAGE_DIR,
  ROOT,
  modelLocales,
  parseArnTemplate,
  printedDocument,
  readJson,
  writeSkillPackage,
  type AlexaRegion,
  type PackageOptions,
  type SkillManifest,
} from '../../skill/package';
import { customSkillLine } from '../../src/local/sandbox/phrases';
import { customSkillLineJa } from '../../src/local/sandbox/phrases-ja';
import { lambdaFunctions } from '../support/lambda-bundle';
import { smapiTypeErrors, type SmapiDocument } from '../support/smapi-types';

const serverless = parse(readFileSync(path.join(ROOT, 'serverless.yml'), 'utf8')) as {
  service: string;
  functions: Record<string, { events?: Record<string, { appId?: string }>[] }>;
  custom: { skillId: string };
};
const functions = lambdaFunctions();
const manifest = readJson<SkillManifest>(MANIFEST_FILE);
const localesOf = (m: SkillManifest) => Object.keys(m.manifest.publishingInformation.locales).sort();
const models = modelLocales();
const invocationName = (locale: string) =>
  readJson<{ interactionModel: { languageModel: { invocationName: string } } }>(path.join(MODELS_DIR, `${locale}.json`))
    .interactionModel.languageModel.invocationName;
/** The Alexa event that lets each interface of the skill invoke its function. */
const EVENT_OF_API = { custom: 'alexaSkill', smartHome: 'alexaSmartHome' } as const;

describe('the manifest', () => {
  it('speaks Japanese and English only, each locale with its privacy entry and an Alexa region', () => {
    const locales = localesOf(manifest);
    expect(locales).toContain('ja-JP');
    expect(locales.every((l) => l === 'ja-JP' || l.startsWith('en-'))).toBe(true);
    expect(Object.keys(manifest.manifest.privacyAndCompliance?.locales ?? {}).sort()).toEqual(locales);
    expect(locales.filter((l) => LOCALE_REGIONS[l] === undefined)).toEqual([]);
  });

  it("is one skill with both interfaces, and asks for Alexa events and the device's country and postal code", () => {
    expect(Object.keys(manifest.manifest.apis).sort()).toEqual([...APIS].sort());
    expect(manifest.manifest.apis.smartHome?.['protocolVersion']).toBe('3');
    expect(manifest.manifest.permissions).toEqual([
      { name: 'alexa::async_event:write' },
      { name: 'alexa::devices:all:address:country_and_postal_code:read' },
    ]);
    // A skill that reads an address says it uses personal information.
    expect(manifest.manifest.privacyAndCompliance?.['usesPersonalInfo']).toBe(true);
  });

  it.each(APIS)(
    'apis.%s has an endpoint for every Alexa region, each a function of serverless.yml in the AWS region Alexa calls',
    (api) => {
      const apis = manifest.manifest.apis[api];
      expect(apis).toBeDefined();
      expect(Object.keys(apis?.regions ?? {}).sort()).toEqual(Object.keys(ALEXA_REGIONS).sort());
      const uris = [apis?.endpoint.uri, ...Object.values(apis?.regions ?? {}).map((r) => r?.endpoint.uri)];
      const parts = uris.map((uri) => parseArnTemplate(uri ?? ''));
      expect(parts.every((p) => p !== undefined)).toBe(true);
      const functionNames = new Set(parts.map((p) => p?.fn));
      expect(functionNames.size).toBe(1);
      const [fn] = [...functionNames] as [string];
      expect(parts.every((p) => p?.service === serverless.service)).toBe(true);
      // The function exists and lets this interface call it.
      expect(functions.find((f) => f.name === fn)?.alexaEvent).toBe(EVENT_OF_API[api]);
      for (const [key, region] of Object.entries(apis?.regions ?? {})) {
        expect(parseArnTemplate(region?.endpoint.uri ?? '')?.region).toBe(ALEXA_REGIONS[key as AlexaRegion]);
      }
    },
  );

  it('points each interface at its own function, and both functions accept the one skill id', () => {
    const fns = APIS.map((api) => parseArnTemplate(manifest.manifest.apis[api]?.endpoint.uri ?? '')?.fn ?? '');
    expect(new Set(fns).size).toBe(APIS.length);
    const appIds = fns.map((fn) =>
      (serverless.functions[fn]?.events ?? []).flatMap((e) => Object.values(e)).map((e) => e.appId),
    );
    expect(appIds.map((ids) => ids.length)).toEqual(fns.map(() => 1));
    expect(new Set(appIds.flat()).size).toBe(1);
    // SKILL_ID, with no placeholder to fall back on (build/deploy-inputs.js).
    expect(appIds[0]?.[0]).toBe('${self:custom.skillId}');
    expect(serverless.custom.skillId).toBe('${skillId:}');
  });
});

describe('the manifest and the interaction models', () => {
  it('publishes every locale models/ has a model for', () => {
    expect(models.length).toBeGreaterThan(0);
    expect(models.filter((l) => !localesOf(manifest).includes(l))).toEqual([]);
  });

  // Amazon ("Functional Testing for a Custom Skill", Review and test example phrases): at least one
  // phrase; "The first phrase clearly indicates how to begin using the skill, and includes both the wake
  // word and invocation name"; phrases are selected from the sample utterances (what each resolves to is
  // the certification suite's, test/skill/certification.test.ts). Three at most (the console's fields).
  it.each(models)(
    '%s: at most three example phrases, each naming the skill, the first with the wake word',
    (locale) => {
      const { examplePhrases } = manifest.manifest.publishingInformation.locales[locale] as {
        examplePhrases: string[];
      };
      const japanese = locale === 'ja-JP';
      const custom = (p: string) => (japanese ? customSkillLineJa(p) : customSkillLine(p, invocationName(locale)));
      expect(examplePhrases.length).toBeGreaterThan(0);
      expect(examplePhrases.length).toBeLessThanOrEqual(3);
      expect(examplePhrases[0]).toMatch(japanese ? /^アレクサ、/ : /^Alexa, /);
      expect(examplePhrases.filter((p) => custom(p) === undefined)).toEqual([]);
    },
  );
});

describe('npm run skill-package', () => {
  let out: string;
  beforeEach(() => {
    out = mkdtempSync(path.join(tmpdir(), 'skill-package-'));
  });
  afterEach(() => rmSync(out, { recursive: true, force: true }));

  const options = (extra: Partial<PackageOptions> = {}): PackageOptions => ({
    account: '123456789012',
    stage: 'prod',
    regions: ['us-east-1'],
    outDir: out,
    ...extra,
  });
  const generated = () => readJson<SkillManifest>(path.join(out, PACKAGE_DIR, 'skill.json'));
  const modelDir = () => path.join(out, PACKAGE_DIR, 'interactionModels', 'custom');
  const states = () => path.join(out, '.ask', 'ask-states.json');
  const SKILL_ID = 'amzn1.ask.skill.11111111-2222-3333-4444-555555555555';
  const PARAMETERS = {
    privacyPolicyUrl: 'https://example.com/privacy',
    termsOfUseUrl: 'https://example.com/terms',
    smallIconUri: 'https://example.com/small.png',
    largeIconUri: 'https://example.com/large.png',
  };

  it('writes one ASK CLI project: one skill with both interfaces, every model there is, nothing left to fill in', () => {
    const result = writeSkillPackage(options());

    const skill = generated();
    const packagedModels = readdirSync(modelDir())
      .map((f) => f.replace(/\.json$/, ''))
      .sort();
    expect(packagedModels).toEqual(models);
    expect(localesOf(skill)).toEqual(models);
    for (const locale of models) {
      expect(readFileSync(path.join(modelDir(), `${locale}.json`), 'utf8')).toBe(
        readFileSync(path.join(MODELS_DIR, `${locale}.json`), 'utf8'),
      );
    }
    expect(readJson(path.join(out, 'ask-resources.json'))).toEqual({
      askcliResourcesVersion: '2020-03-31',
      profiles: { default: { skillMetadata: { src: './package' } } },
    });
    // The ASK CLI project is skill-package/, its skill package skill-package/package/: no folder inside one of its own name.
    expect(PACKAGE_DIR).not.toBe(path.basename(OUT_DIR));
    expect(readdirSync(out).sort()).toEqual(['account-linking.json', 'ask-resources.json', PACKAGE_DIR]);
    expect(JSON.stringify(skill)).not.toContain('{{');
    expect(skill.manifest.apis.custom?.endpoint.uri).toBe(
      'arn:aws:lambda:us-east-1:123456789012:function:tv-voice-remote-prod-skill',
    );
    expect(skill.manifest.apis.smartHome?.endpoint.uri).toBe(
      'arn:aws:lambda:us-east-1:123456789012:function:tv-voice-remote-prod-smarthome',
    );
    expect(skill.manifest.permissions).toEqual(manifest.manifest.permissions);
    expect(result.notes).toContainEqual(expect.stringMatching(/^account-linking\.json: no client id/));
    expect(result.notes).toContainEqual(
      expect.stringMatching(
        /^account linking: its client secret is sent from your shell only: ask smapi update-account-linking-info/,
      ),
    );
    // Skill events (SkillDisabled: a user's data deleted) go to the custom skill's function.
    expect(skill.manifest['events']).toEqual({
      endpoint: { uri: 'arn:aws:lambda:us-east-1:123456789012:function:tv-voice-remote-prod-skill' },
      subscriptions: [{ eventName: 'SKILL_DISABLED' }],
      regions: {
        NA: { endpoint: { uri: 'arn:aws:lambda:us-east-1:123456789012:function:tv-voice-remote-prod-skill' } },
      },
    });
  });

  it("writes no secret into skill-package/: the client secret and the test account's password go from the shell, on stdout only", () => {
    const secrets = { clientSecret: 'device-cloud-secret-never-written', password: 'test-password-never-written' };
    const given = options({
      clientId: 'client-1',
      clientSecret: secrets.clientSecret,
      testAccount: { user: 'certification@example.com', password: secrets.password },
    });
    const result = writeSkillPackage(given);
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)],
      );
    const written = files(out)
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    expect(written).not.toContain(secrets.clientSecret);
    expect(written).not.toContain(secrets.password);
    expect(written).not.toContain('certification@example.com');
    expect(result.notes).toContainEqual(
      expect.stringMatching(
        /^testing instructions: the test account's password is never written here; .*ask smapi update-skill-manifest/,
      ),
    );
    // What the shell sends instead, printed: the same documents with the secrets in.
    expect(
      readJson<{ accountLinkingRequest: Record<string, unknown> }>(path.join(out, 'account-linking.json'))
        .accountLinkingRequest,
    ).not.toHaveProperty('clientSecret');
    expect(JSON.parse(printedDocument('account-linking', given))).toEqual({
      accountLinkingRequest: {
        ...readJson<{ accountLinkingRequest: Record<string, unknown> }>(path.join(out, 'account-linking.json'))
          .accountLinkingRequest,
        clientSecret: secrets.clientSecret,
      },
    });
    const printed = JSON.parse(printedDocument('manifest', given)) as SkillManifest;
    expect(String(printed.manifest.publishingInformation['testingInstructions'])).toContain(
      `password "${secrets.password}"`,
    );
    expect({ ...printed.manifest, publishingInformation: {} }).toEqual({
      ...generated().manifest,
      publishingInformation: {},
    });
    expect(() => printedDocument('account-linking', options({ clientId: 'client-1' }))).toThrow(
      /needs DEVICE_CLOUD_CLIENT_ID and DEVICE_CLOUD_CLIENT_SECRET/,
    );
    expect(() => printedDocument('manifest', options())).toThrow(/needs TEST_ACCOUNT_USER and TEST_ACCOUNT_PASSWORD/);
  });

  it('gives the certification team the test account from the environment in the testing instructions, and notes when there is none', () => {
    const account = { user: 'certification@example.com', password: 'pa"ss word' };
    const withAccount = writeSkillPackage(options({ testAccount: account }));
    const instructions = String(
      (JSON.parse(printedDocument('manifest', options({ testAccount: account }))) as SkillManifest).manifest
        .publishingInformation['testingInstructions'],
    );
    expect(instructions).toContain('user name "certification@example.com", password "pa\\"ss word"');
    expect(instructions).toMatch(/^TV Remote controls a TV .* 1\. Enable the skill .*'Alexa, open TV remote'/);
    expect(withAccount.notes.filter((n) => n.startsWith('testing instructions'))).toEqual([
      expect.stringMatching(/the test account's password is never written here/),
    ]);
    // Nowhere in the repository: the manifest keeps the place for it.
    expect(readFileSync(MANIFEST_FILE, 'utf8')).toContain('{{testAccount}}');

    const without = writeSkillPackage(options({ testAccount: { user: account.user } }));
    expect(without.notes).toContainEqual(
      expect.stringMatching(/^testing instructions: no test account \(TEST_ACCOUNT_USER, TEST_ACCOUNT_PASSWORD\)/),
    );
    const bare = String(generated().manifest.publishingInformation['testingInstructions']);
    expect(bare).not.toMatch(/\{\{|certification@example\.com|Test account/);
    expect(bare).toMatch(/^TV Remote controls a TV through a cloud-connected infrared learning remote\. 1\. Enable/);
  });

  it('writes a skill the Alexa skill-management model types accept: the manifest, every interaction model, the account linking', () => {
    writeSkillPackage(
      options({
        regions: ['us-east-1', 'eu-west-1', 'us-west-2'],
        clientId: 'client-1',
        clientSecret: 'secret-1',
        parameters: PARAMETERS,
      }),
    );
    expect(JSON.stringify(generated())).toContain(PARAMETERS.largeIconUri);
    const documents: SmapiDocument[] = [
      { name: 'skill.json', type: 'manifest', json: generated() },
      ...models.map((locale) => ({
        name: `${locale}.json`,
        type: 'interactionModel' as const,
        json: readJson(path.join(modelDir(), `${locale}.json`)),
      })),
      { name: 'account-linking.json', type: 'accountLinking', json: readJson(path.join(out, 'account-linking.json')) },
    ];
    expect(smapiTypeErrors(documents)).toEqual([]);
  });

  it('and the type check refuses what the model does not allow', () => {
    writeSkillPackage(options());
    const skill = generated() as SkillManifest & { manifest: { apis: Record<string, Record<string, unknown>> } };
    skill.manifest.apis['smartHome']!['protocolVersion'] = '4';
    skill.manifest.apis['custom']!['endpointUri'] = 'arn:aws:lambda:us-east-1:123456789012:function:x';
    skill.manifest.permissions = [{ name: 'alexa::devices:all:address:postal_code:read' }];
    const errors = smapiTypeErrors([{ name: 'skill.json', type: 'manifest', json: skill }]);
    expect(errors).toHaveLength(3);
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^skill\.json: .*'"4"' is not assignable to type 'SmartHomeProtocol'/),
        expect.stringMatching(/^skill\.json: .*'"endpointUri"' does not exist in type 'CustomApis'/),
        expect.stringMatching(
          /^skill\.json: .*'"alexa::devices:all:address:postal_code:read"' is not assignable to type 'Permission'/,
        ),
      ]),
    );
  });

  it('replaces what it generated on a rerun but keeps the skill id ask deploy recorded', () => {
    writeSkillPackage(options());
    const states = path.join(out, '.ask', 'ask-states.json');
    mkdirSync(path.dirname(states), { recursive: true });
    writeFileSync(states, '{"profiles":{"default":{"skillId":"amzn1.ask.skill.kept"}}}');
    const stale = path.join(modelDir(), 'xx-XX.json');
    writeFileSync(stale, '{}');

    writeSkillPackage(options());
    expect(readFileSync(states, 'utf8')).toContain('amzn1.ask.skill.kept');
    expect(existsSync(stale)).toBe(false);
  });

  it('records SKILL_ID for ask deploy, so that it updates the skill the functions accept instead of creating another', () => {
    const without = writeSkillPackage(options());
    expect(existsSync(states())).toBe(false);
    expect(without.notes).toContainEqual(expect.stringMatching(/^no SKILL_ID: `ask deploy` would create a new skill/));

    const result = writeSkillPackage(options({ skillId: SKILL_ID }));
    // The ASK CLI's own format (ask-cli: AskStates.BASE, profile "default" of ask-resources.json).
    expect(readJson(states())).toEqual({
      askcliStatesVersion: '2020-03-31',
      profiles: { default: { skillId: SKILL_ID } },
    });
    expect(result.notes.filter((n) => n.startsWith('no SKILL_ID'))).toEqual([]);
    // A rerun with the same id, or without one, keeps it.
    writeSkillPackage(options({ skillId: SKILL_ID }));
    writeSkillPackage(options());
    expect(readJson(states())).toMatchObject({ profiles: { default: { skillId: SKILL_ID } } });
  });

  it('refuses a SKILL_ID that is not the form Amazon gives, and one that differs from the skill the project deploys', () => {
    expect(() => writeSkillPackage(options({ skillId: 'amzn1.ask.skill.00000000-placeholder' }))).toThrow(
      /SKILL_ID must be the skill's id, amzn1\.ask\.skill\.<uuid>/,
    );
    mkdirSync(path.dirname(states()), { recursive: true });
    writeFileSync(
      states(),
      '{"profiles":{"default":{"skillId":"amzn1.ask.skill.99999999-8888-7777-6666-555555555555"}}}',
    );
    expect(() => writeSkillPackage(options({ skillId: SKILL_ID }))).toThrow(
      /SKILL_ID is amzn1\.ask\.skill\.1111.* deploys amzn1\.ask\.skill\.9999/,
    );
    expect(readFileSync(states(), 'utf8')).toContain('99999999-8888');
  });

  it('fills the privacy policy, terms of use and icons from the deploy parameters, in every locale', () => {
    const result = writeSkillPackage(options({ parameters: PARAMETERS }));
    const skill = generated().manifest;
    for (const locale of models) {
      expect(skill.publishingInformation.locales[locale]).toMatchObject({
        smallIconUri: PARAMETERS.smallIconUri,
        largeIconUri: PARAMETERS.largeIconUri,
      });
      expect(skill.privacyAndCompliance?.locales?.[locale]).toEqual({
        privacyPolicyUrl: PARAMETERS.privacyPolicyUrl,
        termsOfUseUrl: PARAMETERS.termsOfUseUrl,
      });
    }
    expect(result.notes.filter((n) => n.startsWith('manifest:'))).toEqual([]);
  });

  it('leaves out each parameter not given, naming it, and refuses one that is not an https URL', () => {
    const result = writeSkillPackage(options({ parameters: { privacyPolicyUrl: PARAMETERS.privacyPolicyUrl } }));
    const skill = generated().manifest;
    for (const locale of models) {
      expect(Object.keys(skill.publishingInformation.locales[locale] as object)).not.toContain('smallIconUri');
      expect(skill.privacyAndCompliance?.locales?.[locale]).toEqual({ privacyPolicyUrl: PARAMETERS.privacyPolicyUrl });
    }
    const named = MANIFEST_PARAMETERS.filter((p) => p.key !== 'privacyPolicyUrl').map((p) =>
      expect.stringContaining(`--${p.flag} or ${p.env}`),
    );
    expect(result.notes.filter((n) => n.startsWith('manifest:'))).toEqual(named);
    expect(() => writeSkillPackage(options({ parameters: { largeIconUri: 'http://example.com/large.png' } }))).toThrow(
      /--large-icon-url \(LARGE_ICON_URL\) must be an https URL/,
    );
  });

  it('removes the package of the old skill-package/skill-package/ layout, keeping the skill id', () => {
    const old = path.join(out, 'skill-package', 'skill.json');
    mkdirSync(path.dirname(old), { recursive: true });
    writeFileSync(old, '{}');
    writeSkillPackage(options({ skillId: SKILL_ID }));
    expect(existsSync(path.dirname(old))).toBe(false);
    expect(readFileSync(states(), 'utf8')).toContain(SKILL_ID);
  });

  it('takes over the custom skill of a two-skill deployment, so that skill becomes the one', () => {
    const old = path.join(out, 'custom', '.ask', 'ask-states.json');
    mkdirSync(path.dirname(old), { recursive: true });
    writeFileSync(old, '{"profiles":{"default":{"skillId":"amzn1.ask.skill.custom-of-old"}}}');

    const first = writeSkillPackage(options());
    expect(readFileSync(path.join(out, '.ask', 'ask-states.json'), 'utf8')).toContain('amzn1.ask.skill.custom-of-old');
    expect(first.notes).toContainEqual(expect.stringMatching(/^took over the custom skill's id/));

    // Once taken over, the project's own id stands, whatever the old folder holds.
    writeFileSync(
      path.join(out, '.ask', 'ask-states.json'),
      '{"profiles":{"default":{"skillId":"amzn1.ask.skill.deployed"}}}',
    );
    const second = writeSkillPackage(options());
    expect(readFileSync(path.join(out, '.ask', 'ask-states.json'), 'utf8')).toContain('amzn1.ask.skill.deployed');
    expect(second.notes.filter((n) => n.startsWith('took over'))).toEqual([]);
    expect(second.notes).toContainEqual(expect.stringMatching(/two-skill layout/));
  });

  it('points each Alexa region at the stack in its AWS region, and says which smart-home locales have none', () => {
    const result = writeSkillPackage(options({ regions: ['us-west-2', 'us-east-1'] }));

    for (const api of APIS) {
      const apis = generated().manifest.apis[api];
      expect(apis?.endpoint.uri).toMatch(/^arn:aws:lambda:us-east-1:123456789012:function:tv-voice-remote-prod-/);
      expect(Object.keys(apis?.regions ?? {}).sort()).toEqual(['FE', 'NA']);
      expect(apis?.regions?.FE?.endpoint.uri).toMatch(/^arn:aws:lambda:us-west-2:123456789012:/);
    }
    expect(result.notes).toContainEqual(expect.stringMatching(/^smart-home: no stack in eu-west-1 for en-GB, en-IN/));
  });

  it('fills in the device-cloud client from the operator, leaving the rest of the account linking as written', () => {
    const written = JSON.parse(
      printedDocument('account-linking', options({ clientId: 'client-1', clientSecret: 'se"cret' })),
    ) as { accountLinkingRequest: Record<string, unknown> };
    const source = readJson<{ accountLinkingRequest: Record<string, unknown> }>(ACCOUNT_LINKING_FILE);
    expect(written.accountLinkingRequest).toEqual({
      ...source.accountLinkingRequest,
      clientId: 'client-1',
      clientSecret: 'se"cret',
    });
    expect(written.accountLinkingRequest).toMatchObject({
      type: 'AUTH_CODE',
      scopes: ['management', 'archive', 'device'],
    });
  });

  it.each([
    [{ account: '1234' }, /--account must be the 12-digit AWS account id/],
    [{ stage: 'prod stage' }, /--stage/],
    [{ regions: ['ap-northeast-1'] }, /--regions: ap-northeast-1 is not a region Alexa calls/],
  ])('refuses %j, naming the option', (bad, message) => {
    expect(() => writeSkillPackage(options(bad))).toThrow(message);
  });

  it('runs from npm, and without arguments says what it needs and how it is used', () => {
    const run = spawnSync(process.execPath, [require.resolve('tsx/cli'), 'skill/package.ts'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, AWS_ACCOUNT_ID: '' },
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/--account is required/);
    expect(run.stderr).toMatch(/^usage: npm run skill-package -- --account/m);
    for (const p of MANIFEST_PARAMETERS) expect(run.stderr).toContain(`--${p.flag}`);
    expect(run.stderr).toContain('SKILL_ID');
  });
});
