// `npm run skill-package -- --account <12 digits> --stage <stage> [--regions us-east-1,us-west-2]`:
// writes the ASK CLI project of the one skill from the manifest in this folder and the interaction
// models in models/, with the Lambda ARNs of the stack that `serverless deploy` made. The skill is a
// multi-capability skill: its custom model (apis.custom, the `skill` function) and its smart-home model
// (apis.smartHome, the `smarthome` function) share one enablement and one account linking. The manifest
// keeps {{account}} and {{stage}} where the ARNs differ per deployment; nothing else is filled in.
//
//   skill-package/ask-resources.json
//   skill-package/skill-package/skill.json, interactionModels/custom/<locale>.json
//   skill-package/account-linking.json   for `ask smapi update-account-linking-info`
//
// `ask deploy` in skill-package/ creates the skill the first time (and keeps its id in .ask/, which a
// rerun of this script leaves alone) and updates it afterwards. A deployment of the two-skill era kept
// the custom skill's id in skill-package/custom/.ask/: it is taken over, so that skill becomes the one.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ALEXA_AWS_REGIONS as ALEXA_REGIONS, LOCALE_REGIONS, type AlexaRegion } from '../src/alexa/regions';

export const ROOT = path.resolve(__dirname, '..');
export const SKILL_DIR = __dirname;
export const MODELS_DIR = path.join(ROOT, 'models');
export const OUT_DIR = path.join(ROOT, 'skill-package');

// The AWS region Alexa calls for each of its regions, and the Alexa region of each locale: one table,
// shared with the functions (src/alexa/regions.ts), re-exported for the package test.
export { ALEXA_REGIONS, LOCALE_REGIONS, type AlexaRegion };

/** The interfaces of the skill, each with its own function per Alexa region (keys under manifest.apis). */
export const APIS = ['custom', 'smartHome'] as const;
export type Api = (typeof APIS)[number];

export const MANIFEST_FILE = path.join(SKILL_DIR, 'skill.json');
export const ACCOUNT_LINKING_FILE = path.join(SKILL_DIR, 'account-linking.json');

interface Endpoint { uri: string }
interface Apis { endpoint: Endpoint; regions?: Partial<Record<AlexaRegion, { endpoint: Endpoint }>>; [key: string]: unknown }
export interface SkillManifest {
  manifest: {
    publishingInformation: { locales: Record<string, unknown>; [key: string]: unknown };
    privacyAndCompliance?: { locales?: Record<string, unknown>; [key: string]: unknown };
    permissions?: { name: string }[];
    apis: Partial<Record<Api, Apis>>;
    [key: string]: unknown;
  };
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
  return readdirSync(modelsDir).filter((f) => /^[a-z]{2}-[A-Z]{2}\.json$/.test(f)).map((f) => f.slice(0, -'.json'.length)).sort();
}

/** `arn:aws:lambda:<region>:{{account}}:function:<service>-{{stage}}-<function>`, read back into its parts. */
export const ARN_TEMPLATE = /^arn:aws:lambda:([a-z0-9-]+):\{\{account\}\}:function:(.+)-\{\{stage\}\}-([A-Za-z0-9_-]+)$/;

export function parseArnTemplate(uri: string): { region: string; service: string; fn: string } | undefined {
  const m = ARN_TEMPLATE.exec(uri);
  return m ? { region: m[1]!, service: m[2]!, fn: m[3]! } : undefined;
}

function validate(options: PackageOptions): void {
  if (!/^\d{12}$/.test(options.account)) throw new Error(`--account must be the 12-digit AWS account id, got "${options.account}"`);
  if (!/^[A-Za-z0-9-]+$/.test(options.stage)) throw new Error(`--stage must be the Serverless stage name (letters, digits, -), got "${options.stage}"`);
  const known = Object.values(ALEXA_REGIONS) as string[];
  if (options.regions.length === 0) throw new Error('--regions must name at least one AWS region');
  for (const r of options.regions) {
    if (!known.includes(r)) throw new Error(`--regions: ${r} is not a region Alexa calls; use ${known.join(', ')}`);
  }
}

function fill(uri: string, options: PackageOptions, region: string): string {
  const parts = parseArnTemplate(uri);
  if (!parts) throw new Error(`endpoint ${uri} is not an ARN template with {{account}} and {{stage}}`);
  return `arn:aws:lambda:${region}:${options.account}:function:${parts.service}-${options.stage}-${parts.fn}`;
}

/** The manifest with real ARNs, only the given locales, and regional endpoints only where a stack runs. */
export function packageManifest(manifest: SkillManifest, locales: string[], options: PackageOptions, notes: string[]): SkillManifest {
  const copy = structuredClone(manifest);
  const m = copy.manifest;
  const keep = (record: Record<string, unknown> | undefined) => {
    for (const locale of Object.keys(record ?? {})) if (!locales.includes(locale)) delete record?.[locale];
  };
  keep(m.publishingInformation.locales);
  keep(m.privacyAndCompliance?.locales);

  const [home] = options.regions as [string];
  for (const api of APIS) {
    const apis = m.apis[api];
    if (!apis) throw new Error(`${MANIFEST_FILE} has no apis.${api}`);
    apis.endpoint = { uri: fill(apis.endpoint.uri, options, options.regions.includes(ALEXA_REGIONS.NA) ? ALEXA_REGIONS.NA : home) };
    for (const key of Object.keys(apis.regions ?? {}) as AlexaRegion[]) {
      const region = ALEXA_REGIONS[key];
      if (options.regions.includes(region)) {
        apis.regions![key] = { endpoint: { uri: fill(apis.regions![key]!.endpoint.uri, options, region) } };
      } else {
        // No stack there: Alexa uses the default endpoint. Fine for the custom model; smart-home
        // directives for that region's locales then cross regions, which Amazon does not support.
        delete apis.regions![key];
        const affected = locales.filter((l) => LOCALE_REGIONS[l] === key);
        if (api === 'smartHome' && affected.length > 0) {
          notes.push(`smart-home: no stack in ${region} for ${affected.join(', ')}; deploy there too (--region ${region}) and add it to --regions`);
        }
      }
    }
  }
  return copy;
}

const askResources = (): string =>
  `${JSON.stringify({ askcliResourcesVersion: '2020-03-31', profiles: { default: { skillMetadata: { src: './skill-package' } } } }, null, 2)}\n`;

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
  const locales = declared.filter((l) => models.includes(l));
  const missing = declared.filter((l) => !models.includes(l));
  if (missing.length > 0) notes.push(`no model in models/ for ${missing.join(', ')}, so these locales are left out`);
  const unpublished = models.filter((l) => !declared.includes(l));
  if (unpublished.length > 0) throw new Error(`models/ has ${unpublished.join(', ')} but ${MANIFEST_FILE} does not publish it`);
  if (locales.length === 0) throw new Error(`no locale of ${MANIFEST_FILE} has a model in ${modelsDir}`);

  adoptCustomSkill(outDir, notes);
  // The generated package is replaced whole; .ask/ (the skill id ask deploy recorded) is kept.
  rmSync(path.join(outDir, 'skill-package'), { recursive: true, force: true });
  write('ask-resources.json', askResources());
  write(path.join('skill-package', 'skill.json'), `${JSON.stringify(packageManifest(manifest, locales, options, notes), null, 2)}\n`);
  for (const locale of locales) {
    write(path.join('skill-package', 'interactionModels', 'custom', `${locale}.json`), readFileSync(path.join(modelsDir, `${locale}.json`), 'utf8'));
  }

  let linking = readFileSync(ACCOUNT_LINKING_FILE, 'utf8');
  for (const [placeholder, value, variable] of [['{{clientId}}', options.clientId, 'DEVICE_CLOUD_CLIENT_ID'], ['{{clientSecret}}', options.clientSecret, 'DEVICE_CLOUD_CLIENT_SECRET']] as const) {
    if (value) linking = linking.replace(placeholder, () => JSON.stringify(value).slice(1, -1));
    else notes.push(`account-linking.json: ${placeholder} is yours to fill in (or set ${variable} and run this again)`);
  }
  write('account-linking.json', linking);
  return { files, notes };
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
    notes.push('took over the custom skill\'s id from skill-package/custom/.ask/: `ask deploy` in skill-package/ makes it the one skill '
      + '(README: "From two skills to one")');
  }
  notes.push('skill-package/custom/ and skill-package/smart-home/ are the two-skill layout; delete them once the old smart-home skill is retired');
}

function main(): void {
  const { values } = parseArgs({
    options: { account: { type: 'string' }, stage: { type: 'string' }, regions: { type: 'string' } },
  });
  const account = values.account ?? process.env.AWS_ACCOUNT_ID;
  if (!account) throw new Error('--account is required: the 12-digit AWS account id the stack is deployed in (aws sts get-caller-identity)');
  const result = writeSkillPackage({
    account,
    stage: values.stage ?? 'dev',
    regions: (values.regions ?? ALEXA_REGIONS.NA).split(',').map((r) => r.trim()).filter(Boolean),
    clientId: process.env.DEVICE_CLOUD_CLIENT_ID?.trim() || undefined,
    clientSecret: process.env.DEVICE_CLOUD_CLIENT_SECRET?.trim() || undefined,
  });
  process.stdout.write(`Wrote ${path.relative(process.cwd(), OUT_DIR) || '.'}/:\n${result.files.map((f) => `  ${f}`).join('\n')}\n`);
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
