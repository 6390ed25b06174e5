// `npm run skill-package -- --account <12 digits> --stage <stage> [--regions us-east-1,us-west-2]` (USAGE
// below): writes the ASK CLI project of the one skill from the manifest in this folder and the interaction
// models in models/, with the Lambda ARNs of the stack that `serverless deploy` made. The skill is a
// multi-capability skill: its custom model (apis.custom, the `skill` function) and its smart-home model
// (apis.smartHome, the `smarthome` function) share one enablement and one account linking. The manifest
// keeps {{account}} and {{stage}} where the ARNs differ per deployment, and {{privacyPolicyUrl}},
// {{termsOfUseUrl}}, {{smallIconUri}}, {{largeIconUri}} for the operator's deploy parameters, and
// {{testAccount}} in the testing instructions for the device-cloud test account the certification team
// signs in with (TEST_ACCOUNT_USER, TEST_ACCOUNT_PASSWORD): the operator's input, never in the repository.
//
//   skill-package/ask-resources.json
//   skill-package/package/skill.json, interactionModels/custom/<locale>.json
//   skill-package/account-linking.json   the account linking as sent, but for its client secret
//   skill-package/.ask/ask-states.json   the skill's id: SKILL_ID, or what `ask deploy` recorded
//
// No secret is written: the device-cloud client secret and the test account's password go from the shell
// to Amazon only, printed on stdout by `--print account-linking` (for `ask smapi update-account-linking-info
// --account-linking-request`) and `--print manifest` (for `ask smapi update-skill-manifest --manifest`), both
// commands taking the JSON itself as their argument (ASK CLI, "SMAPI commands"); without --print nothing
// of theirs reaches skill-package/.
//
// The skill exists before its functions (docs/deploying.md: the functions accept only its id, and Amazon
// refuses a manifest whose function accepts another), so SKILL_ID names it here and `ask deploy` in
// skill-package/ updates that skill rather than creating another. A deployment of the two-skill era kept
// the custom skill's id in skill-package/custom/.ask/: it is taken over, so that skill becomes the one.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { cliArgs, type Cli } from '../scripts/cli';
import { ALEXA_AWS_REGIONS as ALEXA_REGIONS, LOCALE_REGIONS, type AlexaRegion } from '../src/alexa/regions';

export const ROOT = path.resolve(__dirname, '..');
export const SKILL_DIR = __dirname;
export const MODELS_DIR = path.join(ROOT, 'models');
export const OUT_DIR = path.join(ROOT, 'skill-package');
/** The skill package inside the ASK CLI project (ask-resources.json's skillMetadata.src). */
export const PACKAGE_DIR = 'package';
/** Where the package was until it had a name of its own: skill-package/skill-package/. */
const OLD_PACKAGE_DIR = 'skill-package';

// The AWS region Alexa calls for each of its regions, and the Alexa region of each locale: one table,
// shared with the functions (src/alexa/regions.ts), re-exported for the package test.
export { ALEXA_REGIONS, LOCALE_REGIONS, type AlexaRegion };

/** The interfaces of the skill, each with its own function per Alexa region (keys under manifest.apis). */
export const APIS = ['custom', 'smartHome'] as const;
export type Api = (typeof APIS)[number];

export const MANIFEST_FILE = path.join(SKILL_DIR, 'skill.json');
export const ACCOUNT_LINKING_FILE = path.join(SKILL_DIR, 'account-linking.json');

/**
 * A skill id as the developer console shows it (Copy Skill ID): amzn1.ask.skill.<uuid>. The Lambda trigger
 * must name exactly this id (docs/deploying.md, Amazon's "Handle Requests Sent by Alexa"). The nil uuid is
 * no skill's id (it was once serverless.yml's placeholder).
 */
export const SKILL_ID_FORM =
  /^amzn1\.ask\.skill\.(?!00000000-0000-0000-0000-000000000000$)[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The manifest's values that are the operator's, each a deploy parameter: a flag of this script or its
 * variable in the environment. They are what the Alexa app and skill store show, and a published skill
 * needs them; a skill in development deploys without them (this manifest had empty URLs until they became
 * parameters), so a missing one is left out (and named by this script and npm run doctor). Icons are PNG
 * (Amazon, "Skill Manifest Schemas": every image a manifest references is a PNG).
 */
export const MANIFEST_PARAMETERS = [
  { key: 'privacyPolicyUrl', flag: 'privacy-policy-url', env: 'PRIVACY_POLICY_URL', what: 'privacy policy URL' },
  { key: 'termsOfUseUrl', flag: 'terms-of-use-url', env: 'TERMS_OF_USE_URL', what: 'terms of use URL' },
  { key: 'smallIconUri', flag: 'small-icon-url', env: 'SMALL_ICON_URL', what: 'small icon URL (PNG)' },
  { key: 'largeIconUri', flag: 'large-icon-url', env: 'LARGE_ICON_URL', what: 'large icon URL (PNG)' },
] as const;
export type ManifestParameter = (typeof MANIFEST_PARAMETERS)[number]['key'];

/** Why a manifest parameter's value is refused, or undefined when it is an https URL. */
export function manifestParameterProblem(value: string): string | undefined {
  try {
    return new URL(value).protocol === 'https:' ? undefined : 'must be an https URL';
  } catch {
    return 'must be an https URL';
  }
}

interface Endpoint {
  uri: string;
}
interface Apis {
  endpoint: Endpoint;
  regions?: Partial<Record<AlexaRegion, { endpoint: Endpoint }>>;
  [key: string]: unknown;
}
export interface SkillManifest {
  manifest: {
    publishingInformation: { locales: Record<string, unknown>; [key: string]: unknown };
    privacyAndCompliance?: { locales?: Record<string, unknown>; [key: string]: unknown };
    permissions?: { name: string }[];
    apis: Partial<Record<Api, Apis>>;
    [key: string]: unknown;
  };
}

/**
 * The device-cloud account the certification team links the skill with: a remote with a TV on it. Amazon
 * ("Skill Functionality Essentials: Valid set of credentials to complete account linking"): "For Multi
 * Capability Skill s(MCS), Smart home skills and custom skills which require devices, it is mandatory to
 * provide test credentials", in the Testing Instructions. From the environment only, never a file of the
 * project: TEST_ACCOUNT_USER and TEST_ACCOUNT_PASSWORD.
 */
export interface TestAccount {
  user: string;
  password: string;
}
export const TEST_ACCOUNT_VARIABLES = { user: 'TEST_ACCOUNT_USER', password: 'TEST_ACCOUNT_PASSWORD' } as const;
/** Where the manifest's testing instructions take the account's sentence. */
const TEST_ACCOUNT_PLACEHOLDER = '{{testAccount}}';

/** The test account from the environment: each part, when set. */
export function testAccountFrom(env: NodeJS.ProcessEnv): Partial<TestAccount> {
  const user = env[TEST_ACCOUNT_VARIABLES.user]?.trim();
  const password = env[TEST_ACCOUNT_VARIABLES.password];
  return { ...(user && { user }), ...(password && { password }) };
}

/**
 * The testing instructions with the test account's sentence, or without it (and a note) when it is not
 * given: a skill in development deploys without one; certification needs it.
 */
export function testingInstructions(
  template: string,
  account: Partial<TestAccount> | undefined,
  notes: string[],
): string {
  if (!template.includes(TEST_ACCOUNT_PLACEHOLDER))
    throw new Error(`${MANIFEST_FILE}: testingInstructions has no ${TEST_ACCOUNT_PLACEHOLDER}`);
  const given = account?.user !== undefined && account.password !== undefined;
  if (!given)
    notes.push(
      `testing instructions: no test account (${TEST_ACCOUNT_VARIABLES.user}, ${TEST_ACCOUNT_VARIABLES.password}); certification needs one`,
    );
  const sentence = given
    ? `Test account of the device cloud, with a remote and a TV: user name ${JSON.stringify(account.user)}, password ${JSON.stringify(account.password)}.`
    : '';
  return template
    .replace(TEST_ACCOUNT_PLACEHOLDER, () => sentence)
    .replace(/\s{2,}/g, ' ')
    .trim();
}

export interface PackageOptions {
  /** The AWS account the stack is deployed in. */
  account: string;
  stage: string;
  /** The AWS regions the stack is deployed in; the first serves the Alexa regions that have none. */
  regions: string[];
  modelsDir?: string;
  outDir?: string;
  /** The device-cloud client registration; left as {{clientId}} / {{clientSecret}} when absent. */
  clientId?: string;
  clientSecret?: string;
  /** The skill's id (SKILL_ID), recorded for `ask deploy` so that it updates that skill. */
  skillId?: string;
  /** Privacy policy, terms of use and icons; each absent one is left out of the manifest. */
  parameters?: Partial<Record<ManifestParameter, string>>;
  /** The certification team's device-cloud account, for the testing instructions. */
  testAccount?: Partial<TestAccount>;
}

export interface PackageResult {
  /** Every file written, relative to outDir. */
  files: string[];
  /** What the operator should know: locales left out, regions without a function, values to fill in. */
  notes: string[];
}

export const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

/** The locales models/ holds a model for, from the file names. */
export function modelLocales(modelsDir: string = MODELS_DIR): string[] {
  return readdirSync(modelsDir)
    .filter((f) => /^[a-z]{2}-[A-Z]{2}\.json$/.test(f))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
}

/** `arn:aws:lambda:<region>:{{account}}:function:<service>-{{stage}}-<function>`, read back into its parts. */
export const ARN_TEMPLATE =
  /^arn:aws:lambda:([a-z0-9-]+):\{\{account\}\}:function:(.+)-\{\{stage\}\}-([A-Za-z0-9_-]+)$/;

export function parseArnTemplate(uri: string): { region: string; service: string; fn: string } | undefined {
  const m = ARN_TEMPLATE.exec(uri);
  return m ? { region: m[1]!, service: m[2]!, fn: m[3]! } : undefined;
}

/**
 * What is wrong with each option, one line each (empty when all are fine): this script refuses the first,
 * npm run doctor lists them all.
 */
export function optionProblems(
  options: Partial<Pick<PackageOptions, 'account' | 'stage' | 'regions' | 'skillId' | 'parameters'>>,
): string[] {
  const problems: string[] = [];
  const { account, stage, regions, skillId } = options;
  if (account !== undefined && !/^\d{12}$/.test(account))
    problems.push(`--account must be the 12-digit AWS account id, got "${account}"`);
  if (stage !== undefined && !/^[A-Za-z0-9-]+$/.test(stage))
    problems.push(`--stage must be the Serverless stage name (letters, digits, -), got "${stage}"`);
  const known = Object.values(ALEXA_REGIONS) as string[];
  if (regions !== undefined && regions.length === 0) problems.push('--regions must name at least one AWS region');
  for (const r of regions ?? []) {
    if (!known.includes(r)) problems.push(`--regions: ${r} is not a region Alexa calls; use ${known.join(', ')}`);
  }
  if (skillId !== undefined && !SKILL_ID_FORM.test(skillId)) {
    problems.push(
      `SKILL_ID must be the skill's id, amzn1.ask.skill.<uuid> (developer console, Copy Skill ID), got "${skillId}"`,
    );
  }
  for (const p of MANIFEST_PARAMETERS) {
    const value = options.parameters?.[p.key];
    const problem = value === undefined ? undefined : manifestParameterProblem(value);
    if (problem) problems.push(`--${p.flag} (${p.env}) ${problem}, got "${value}"`);
  }
  return problems;
}

function validate(options: PackageOptions): void {
  const [first] = optionProblems(options);
  if (first !== undefined) throw new Error(first);
}

/** The locales the skill is published in: those of the manifest that models/ has a model for. */
export function servedLocales(manifest: SkillManifest, models: string[]): string[] {
  return Object.keys(manifest.manifest.publishingInformation.locales).filter((l) => models.includes(l));
}

/** Each Alexa region with served locales but no stack among `regions` (the smart-home model needs one). */
export function regionsWithoutStack(
  locales: string[],
  regions: string[],
): { region: AlexaRegion; awsRegion: string; locales: string[] }[] {
  return (Object.keys(ALEXA_REGIONS) as AlexaRegion[])
    .map((region) => ({
      region,
      awsRegion: ALEXA_REGIONS[region],
      locales: locales.filter((l) => LOCALE_REGIONS[l] === region),
    }))
    .filter((r) => r.locales.length > 0 && !regions.includes(r.awsRegion));
}

/**
 * Fills {{privacyPolicyUrl}} and the other parameters in every locale's entries; a parameter not given
 * is left out of each entry, and named once in the notes.
 */
function fillParameters(records: Record<string, unknown>[], options: PackageOptions, notes: string[]): void {
  for (const p of MANIFEST_PARAMETERS) {
    const value = options.parameters?.[p.key];
    let declared = false;
    for (const record of records) {
      if (record[p.key] !== `{{${p.key}}}`) continue;
      declared = true;
      if (value === undefined) delete record[p.key];
      else record[p.key] = value;
    }
    if (declared && value === undefined)
      notes.push(`manifest: no ${p.what}, left out; publishing needs it (--${p.flag} or ${p.env})`);
  }
}

function fill(uri: string, options: PackageOptions, region: string): string {
  const parts = parseArnTemplate(uri);
  if (!parts) throw new Error(`endpoint ${uri} is not an ARN template with {{account}} and {{stage}}`);
  return `arn:aws:lambda:${region}:${options.account}:function:${parts.service}-${options.stage}-${parts.fn}`;
}

/**
 * The skill events' endpoint (Amazon, "Add Events to Your Skill": events.endpoint and events.regions, as
 * apis'): the custom skill's function, whose handler deletes a user's data on SkillDisabled.
 */
function fillEvents(m: SkillManifest['manifest'], options: PackageOptions): void {
  const events = m.events as Apis | undefined;
  if (!events) throw new Error(`${MANIFEST_FILE} has no events`);
  const [home] = options.regions as [string];
  events.endpoint = {
    uri: fill(events.endpoint.uri, options, options.regions.includes(ALEXA_REGIONS.NA) ? ALEXA_REGIONS.NA : home),
  };
  for (const key of Object.keys(events.regions ?? {}) as AlexaRegion[]) {
    const region = ALEXA_REGIONS[key];
    if (options.regions.includes(region))
      events.regions![key] = { endpoint: { uri: fill(events.regions![key]!.endpoint.uri, options, region) } };
    else delete events.regions![key];
  }
}

/** The manifest with real ARNs, only the given locales, and regional endpoints only where a stack runs. */
export function packageManifest(
  manifest: SkillManifest,
  locales: string[],
  options: PackageOptions,
  notes: string[],
): SkillManifest {
  const copy = structuredClone(manifest);
  const m = copy.manifest;
  const keep = (record: Record<string, unknown> | undefined) => {
    for (const locale of Object.keys(record ?? {})) if (!locales.includes(locale)) delete record?.[locale];
  };
  keep(m.publishingInformation.locales);
  keep(m.privacyAndCompliance?.locales);
  fillParameters(
    [
      ...Object.values(m.publishingInformation.locales),
      ...Object.values(m.privacyAndCompliance?.locales ?? {}),
    ] as Record<string, unknown>[],
    options,
    notes,
  );
  fillEvents(m, options);
  m.publishingInformation.testingInstructions = testingInstructions(
    String(m.publishingInformation.testingInstructions ?? ''),
    options.testAccount,
    notes,
  );

  const [home] = options.regions as [string];
  for (const api of APIS) {
    const apis = m.apis[api];
    if (!apis) throw new Error(`${MANIFEST_FILE} has no apis.${api}`);
    apis.endpoint = {
      uri: fill(apis.endpoint.uri, options, options.regions.includes(ALEXA_REGIONS.NA) ? ALEXA_REGIONS.NA : home),
    };
    for (const key of Object.keys(apis.regions ?? {}) as AlexaRegion[]) {
      const region = ALEXA_REGIONS[key];
      if (options.regions.includes(region)) {
        apis.regions![key] = { endpoint: { uri: fill(apis.regions![key]!.endpoint.uri, options, region) } };
      } else {
        // No stack there: Alexa uses the default endpoint. Fine for the custom model; smart-home
        // directives for that region's locales then cross regions, which Amazon does not support.
        delete apis.regions![key];
      }
    }
  }
  for (const missing of regionsWithoutStack(locales, options.regions)) {
    notes.push(
      `smart-home: no stack in ${missing.awsRegion} for ${missing.locales.join(', ')}; deploy there too (--region ${missing.awsRegion}) and add it to --regions`,
    );
  }
  return copy;
}

const askResources = (): string =>
  `${JSON.stringify({ askcliResourcesVersion: '2020-03-31', profiles: { default: { skillMetadata: { src: `./${PACKAGE_DIR}` } } } }, null, 2)}\n`;

/** The ASK CLI's record of which skill the project deploys: .ask/ask-states.json, profile `default`. */
const STATES_FILE = path.join('.ask', 'ask-states.json');

function recordedSkillId(outDir: string): string | undefined {
  const file = path.join(outDir, STATES_FILE);
  if (!existsSync(file)) return undefined;
  return readJson<{ profiles?: { default?: { skillId?: string } } }>(file).profiles?.default?.skillId || undefined;
}

/**
 * Records SKILL_ID where `ask deploy` reads it, so that it updates the skill the functions accept instead of
 * creating another (whose id they would refuse). An id already recorded for another skill is an error:
 * the operator chooses which skill this project is.
 */
function recordSkillId(outDir: string, skillId: string | undefined, notes: string[]): void {
  const recorded = recordedSkillId(outDir);
  if (skillId === undefined) {
    if (recorded === undefined)
      notes.push(
        'no SKILL_ID: `ask deploy` would create a new skill, which the functions refuse; create the skill first (docs/deploying.md)',
      );
    return;
  }
  if (recorded === skillId) return;
  if (recorded !== undefined) {
    throw new Error(
      `SKILL_ID is ${skillId} but ${path.join(path.basename(outDir), STATES_FILE)} deploys ${recorded}; unset SKILL_ID, or delete that file to deploy ${skillId}`,
    );
  }
  const file = path.join(outDir, STATES_FILE);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    `${JSON.stringify({ askcliStatesVersion: '2020-03-31', profiles: { default: { skillId } } }, null, 2)}\n`,
  );
}

export function writeSkillPackage(options: PackageOptions): PackageResult {
  validate(options);
  const modelsDir = options.modelsDir ?? MODELS_DIR;
  const outDir = options.outDir ?? OUT_DIR;
  const files: string[] = [];
  const notes: string[] = [];
  const write = (relative: string, text: string) => {
    const file = path.join(outDir, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    files.push(relative);
  };
  const models = modelLocales(modelsDir);

  const manifest = readJson<SkillManifest>(MANIFEST_FILE);
  const declared = Object.keys(manifest.manifest.publishingInformation.locales);
  const locales = servedLocales(manifest, models);
  const missing = declared.filter((l) => !models.includes(l));
  if (missing.length > 0) notes.push(`no model in models/ for ${missing.join(', ')}, so these locales are left out`);
  const unpublished = models.filter((l) => !declared.includes(l));
  if (unpublished.length > 0)
    throw new Error(`models/ has ${unpublished.join(', ')} but ${MANIFEST_FILE} does not publish it`);
  if (locales.length === 0) throw new Error(`no locale of ${MANIFEST_FILE} has a model in ${modelsDir}`);

  adoptCustomSkill(outDir, notes);
  recordSkillId(outDir, options.skillId, notes);
  // The generated package is replaced whole (and the one of the old skill-package/skill-package/ layout
  // removed); .ask/ (the skill id) is kept.
  for (const dir of [PACKAGE_DIR, OLD_PACKAGE_DIR]) rmSync(path.join(outDir, dir), { recursive: true, force: true });
  write('ask-resources.json', askResources());
  // The password only ever goes out through --print manifest: the file's instructions name no account.
  const { testAccount: _account, ...withoutAccount } = options;
  const written = packageManifest(
    manifest,
    locales,
    withoutAccount,
    options.testAccount?.password === undefined ? notes : [],
  );
  write(path.join(PACKAGE_DIR, 'skill.json'), `${JSON.stringify(written, null, 2)}\n`);
  for (const locale of locales) {
    write(
      path.join(PACKAGE_DIR, 'interactionModels', 'custom', `${locale}.json`),
      readFileSync(path.join(modelsDir, `${locale}.json`), 'utf8'),
    );
  }

  const linking = accountLinkingRequest({ ...options, clientSecret: undefined });
  if (options.clientId === undefined)
    notes.push('account-linking.json: no client id (set DEVICE_CLOUD_CLIENT_ID and run this again)');
  notes.push(`account linking: its client secret is sent from your shell only: ${ACCOUNT_LINKING_COMMAND}`);
  write('account-linking.json', `${JSON.stringify(linking, null, 2)}\n`);
  if (options.testAccount?.password !== undefined) {
    notes.push(
      `testing instructions: the test account's password is never written here; before certification send the manifest with it from your shell: ${MANIFEST_COMMAND}`,
    );
  }
  return { files, notes };
}

/** What `ask smapi` is given from the shell, with the secrets this script never writes. */
export const ACCOUNT_LINKING_COMMAND =
  'ask smapi update-account-linking-info -s "$SKILL_ID" --account-linking-request "$(npm run -s skill-package -- --account "$AWS_ACCOUNT_ID" --print account-linking)"';
export const MANIFEST_COMMAND =
  'ask smapi update-skill-manifest -s "$SKILL_ID" -g development --manifest "$(npm run -s skill-package -- --account "$AWS_ACCOUNT_ID" [the same flags] --print manifest)"';

/**
 * skill/account-linking.json with the device-cloud client: its id, and its secret when given (only for
 * --print); without a secret the key is left out, never a placeholder Amazon would take for the secret.
 */
export function accountLinkingRequest(options: Pick<PackageOptions, 'clientId' | 'clientSecret'>): {
  accountLinkingRequest: Record<string, unknown>;
} {
  const { accountLinkingRequest: request } = readJson<{ accountLinkingRequest: Record<string, unknown> }>(
    ACCOUNT_LINKING_FILE,
  );
  const { clientId: _id, clientSecret: _secret, ...rest } = request;
  return {
    accountLinkingRequest: {
      ...rest,
      ...(options.clientId !== undefined && { clientId: options.clientId }),
      ...(options.clientSecret !== undefined && { clientSecret: options.clientSecret }),
    },
  };
}

/**
 * One document with the secrets the package never holds, for stdout: the account linking with the client
 * secret, or the manifest with the test account's password in the testing instructions. A missing secret
 * is an error: the document exists to carry it.
 */
export function printedDocument(kind: 'account-linking' | 'manifest', options: PackageOptions): string {
  validate(options);
  if (kind === 'account-linking') {
    if (options.clientId === undefined || options.clientSecret === undefined)
      throw new Error(
        '--print account-linking needs DEVICE_CLOUD_CLIENT_ID and DEVICE_CLOUD_CLIENT_SECRET in the environment',
      );
    return `${JSON.stringify(accountLinkingRequest(options), null, 2)}\n`;
  }
  if (options.testAccount?.user === undefined || options.testAccount.password === undefined) {
    throw new Error(
      `--print manifest needs ${TEST_ACCOUNT_VARIABLES.user} and ${TEST_ACCOUNT_VARIABLES.password} in the environment`,
    );
  }
  const manifest = readJson<SkillManifest>(MANIFEST_FILE);
  return `${JSON.stringify(packageManifest(manifest, servedLocales(manifest, modelLocales(options.modelsDir ?? MODELS_DIR)), options, []), null, 2)}\n`;
}

/**
 * The two-skill layout kept each skill's id in skill-package/<custom|smart-home>/.ask/. The custom
 * skill's id is taken over once, so `ask deploy` turns that skill into the one multi-capability skill
 * (its users keep their enablement and link); the old smart-home skill is retired by hand (README).
 */
function adoptCustomSkill(outDir: string, notes: string[]): void {
  const old = path.join(outDir, 'custom', '.ask');
  const current = path.join(outDir, '.ask');
  if (!existsSync(path.join(old, 'ask-states.json'))) return;
  if (!existsSync(current)) {
    cpSync(old, current, { recursive: true });
    notes.push(
      "took over the custom skill's id from skill-package/custom/.ask/: `ask deploy` in skill-package/ makes it the one skill " +
        '(README: "From two skills to one")',
    );
  }
  notes.push(
    'skill-package/custom/ and skill-package/smart-home/ are the two-skill layout; delete them once the old smart-home skill is retired',
  );
}

export const USAGE = `usage: npm run skill-package -- --account <12-digit AWS account> [--stage dev] [--regions us-east-1[,eu-west-1,us-west-2]]
    [--privacy-policy-url https://…] [--terms-of-use-url https://…] [--small-icon-url https://…] [--large-icon-url https://…]
  Writes skill-package/, the ASK CLI project of the skill, with the Lambda ARNs of the stacks in --regions.
  From the environment: SKILL_ID (the skill to update: amzn1.ask.skill.<uuid>), AWS_ACCOUNT_ID (for --account),
  DEVICE_CLOUD_CLIENT_ID and DEVICE_CLOUD_CLIENT_SECRET (account linking), ${MANIFEST_PARAMETERS.map((p) => p.env).join(', ')},
  ${TEST_ACCOUNT_VARIABLES.user} and ${TEST_ACCOUNT_VARIABLES.password} (the certification team's device-cloud account, for the testing instructions).
  Then: (cd skill-package && ask deploy). Steps: docs/deploying.md; check the inputs first with npm run doctor.
  No secret is written. --print account-linking prints the account linking with DEVICE_CLOUD_CLIENT_SECRET, and
  --print manifest the manifest with the test account's password, on stdout only, writing nothing, for:
    ${ACCOUNT_LINKING_COMMAND}
    ${MANIFEST_COMMAND}`;

/** The manifest parameters from flags, else the environment. */
export function manifestParameters(
  values: Record<string, unknown>,
  env: NodeJS.ProcessEnv,
): Partial<Record<ManifestParameter, string>> {
  const given: Partial<Record<ManifestParameter, string>> = {};
  for (const p of MANIFEST_PARAMETERS) {
    const flag = values[p.flag];
    const value = (typeof flag === 'string' ? flag : env[p.env])?.trim();
    if (value) given[p.key] = value;
  }
  return given;
}

export const PARAMETER_FLAGS = Object.fromEntries(
  MANIFEST_PARAMETERS.map((p) => [p.flag, { type: 'string' as const }]),
);

const OPTIONS = {
  account: { type: 'string' },
  stage: { type: 'string' },
  regions: { type: 'string' },
  print: { type: 'string' },
  ...PARAMETER_FLAGS,
} as const;
export const CLI: Cli = { usage: USAGE, options: OPTIONS };

function main(): void {
  cliArgs(CLI);
  const { values } = parseArgs({ options: OPTIONS });
  const account = values.account ?? process.env.AWS_ACCOUNT_ID;
  if (!account) {
    process.stderr.write(
      `skill-package: --account is required: the 12-digit AWS account id the stack is deployed in (aws sts get-caller-identity)\n${USAGE}\n`,
    );
    process.exit(2);
  }
  const options: PackageOptions = {
    account,
    stage: values.stage ?? 'dev',
    regions: (values.regions ?? ALEXA_REGIONS.NA)
      .split(',')
      .map((r) => r.trim())
      .filter(Boolean),
    clientId: process.env.DEVICE_CLOUD_CLIENT_ID?.trim() || undefined,
    skillId: process.env.SKILL_ID?.trim() || undefined,
    parameters: manifestParameters(values, process.env),
    testAccount: testAccountFrom(process.env),
  };
  if (values.print !== undefined) {
    if (values.print !== 'account-linking' && values.print !== 'manifest')
      throw new Error(`--print takes account-linking or manifest, got "${values.print}"`);
    process.stdout.write(
      printedDocument(values.print, {
        ...options,
        clientSecret: process.env.DEVICE_CLOUD_CLIENT_SECRET?.trim() || undefined,
      }),
    );
    return;
  }
  const result = writeSkillPackage(options);
  process.stdout.write(
    `Wrote ${path.relative(process.cwd(), OUT_DIR) || '.'}/:\n${result.files.map((f) => `  ${f}`).join('\n')}\n`,
  );
  for (const note of result.notes) process.stdout.write(`note: ${note}\n`);
}

if (require.main === module) {
  try {
    main();
  } catch (e) {
    process.stderr.write(`skill-package: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  }
}
