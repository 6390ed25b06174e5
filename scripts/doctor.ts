// `npm run doctor`: checks the deploy inputs offline before anything is deployed, the way the deploy steps
// pass them, and prints the Alexa and Google redirect URLs the device-cloud client must allow. Secrets are
// never printed. The inputs and exit codes: docs/deploying.md#doctor.
import { parseArgs } from 'node:util';
import { cliArgs, type Cli } from './cli';
import {
  ACCOUNT_LINKING_FILE,
  ALEXA_REGIONS,
  MANIFEST_FILE,
  MANIFEST_PARAMETERS,
  PARAMETER_FLAGS,
  SKILL_ID_FORM,
  LOCALE_REGIONS,
  manifestParameters,
  manifestParameterProblem,
  modelLocales,
  optionProblems,
  readJson,
  regionsWithoutStack,
  servedLocales,
  TEST_ACCOUNT_VARIABLES,
  testAccountFrom,
  type AlexaRegion,
  type ManifestParameter,
  type SkillManifest,
  type TestAccount,
} from '../skill/package';

/** Everything a deploy of the stack and the skill takes, as given. */
export interface DeployInputs {
  skillId?: string;
  /** The Amazon developer account's vendor id: the last part of the Alexa redirect URLs. */
  vendorId?: string;
  /** The Google Home Developer Console project's id: the last part of Google's redirect URLs. */
  googleProjectId?: string;
  account?: string;
  stage: string;
  regions: string[];
  /** serverless deploy's parameters (`--param="name=value"`): alexaClientId, alexaClientSecretName, alarmEmail, monitoring, googleServiceAccountSecret. */
  params: Record<string, string>;
  deviceCloudClientId?: string;
  deviceCloudClientSecret?: string;
  manifest: Partial<Record<ManifestParameter, string>>;
  /** The device-cloud account the certification team signs in with (the testing instructions). */
  testAccount: Partial<TestAccount>;
}

/**
 * The Alexa redirect URLs of account linking, one per Alexa region, ending in the developer account's
 * vendor id. The developer console shows them (Build → Account Linking, "Alexa Redirect URLs"; Amazon,
 * "Configure an Authorization Code Grant"); this form and its three hosts are what the account-linking
 * guides of public repositories register (a Salesforce connected app, Auth0, Zitadel and Google OAuth
 * clients). Which host serves which region is from the same public material, not from an Amazon page:
 * register all three.
 */
export const REDIRECT_HOSTS: Readonly<Record<AlexaRegion, { host: string; name: string }>> = {
  NA: { host: 'pitangui.amazon.com', name: 'North America' },
  EU: { host: 'layla.amazon.com', name: 'Europe and India' },
  FE: { host: 'alexa.amazon.co.jp', name: 'Far East' },
};

export const redirectUrl = (region: AlexaRegion, vendorId: string): string =>
  `https://${REDIRECT_HOSTS[region].host}/api/skill/link/${vendorId}`;

/**
 * Google's redirect URLs of account linking, ending in the project id: the two forms of the
 * redirect_uri Google sends to the authorization endpoint (Google, "Registering with Google",
 * developers.google.com/identity/account-linking/registration). Google picks which: register both.
 */
export const googleRedirectUrls = (projectId: string): string[] => [
  `https://oauth-redirect.googleusercontent.com/r/${projectId}`,
  `https://oauth-redirect-sandbox.googleusercontent.com/r/${projectId}`,
];

/** The skill's Alexa Skill Messaging client id, as the console's Permissions page shows it. */
const MESSAGING_CLIENT_FORM = /^amzn1\.application-oa2-client\.[0-9a-f]{32}$/;
const VENDOR_ID_FORM = /^[A-Z0-9]{8,20}$/;
/** A Google Cloud project id: 6 to 30 lowercase letters, digits and hyphens, from a letter, not ending in a hyphen (Google Cloud, "Creating and managing projects"). */
const GOOGLE_PROJECT_ID_FORM = /^[a-z][a-z0-9-]{4,28}[a-z0-9]$/;
/** How the device cloud's token endpoint may take the client: account-linking schema, accessTokenScheme. */
const TOKEN_SCHEMES = ['HTTP_BASIC', 'REQUEST_BODY_CREDENTIALS'];

/** ok; a note that needs no fix (the deploy works, with what the line says); or missing or wrong. */
export type Level = 'ok' | 'note' | 'missing';
export interface Finding {
  level: Level;
  /** One line: what was checked and, when not ok, what to do. */
  line: string;
}

const ok = (line: string): Finding => ({ level: 'ok', line });
const note = (line: string): Finding => ({ level: 'note', line });
const missing = (line: string): Finding => ({ level: 'missing', line });
const set = (value: string | undefined): value is string => value !== undefined && value !== '';

/** The nil uuid in a skill id: the placeholder serverless.yml once held, which no skill has. */
const PLACEHOLDER_SKILL_ID = 'amzn1.ask.skill.00000000-0000-0000-0000-000000000000';

function checkSkill(inputs: DeployInputs): Finding[] {
  if (!set(inputs.skillId))
    return [
      missing(
        'SKILL_ID: missing; create the skill first (developer console, Create Skill, then Copy Skill ID) and set SKILL_ID=amzn1.ask.skill.<uuid>',
      ),
    ];
  if (inputs.skillId === PLACEHOLDER_SKILL_ID) {
    return [
      missing(
        `SKILL_ID: ${PLACEHOLDER_SKILL_ID} is the placeholder (the nil uuid), not a skill's id: no skill has it, so functions accepting only it would refuse every request of your skill; create the skill first (developer console, Create Skill, then Copy Skill ID) and set SKILL_ID to its id`,
      ),
    ];
  }
  if (!SKILL_ID_FORM.test(inputs.skillId))
    return [
      missing(
        `SKILL_ID: "${inputs.skillId}" is not a skill id, amzn1.ask.skill.<uuid> (developer console, Copy Skill ID)`,
      ),
    ];
  return [ok(`SKILL_ID: ${inputs.skillId}`)];
}

function checkStack(inputs: DeployInputs, locales: string[]): Finding[] {
  const findings: Finding[] = [];
  if (!set(inputs.account))
    findings.push(
      missing(
        '--account (or AWS_ACCOUNT_ID): missing; the 12-digit AWS account the stacks go to (aws sts get-caller-identity --query Account)',
      ),
    );
  const problems = optionProblems({
    ...(set(inputs.account) && { account: inputs.account }),
    stage: inputs.stage,
    regions: inputs.regions,
  });
  findings.push(...problems.map(missing));
  if (set(inputs.account) && problems.every((p) => !p.startsWith('--account')))
    findings.push(ok(`--account: ${inputs.account}`));
  if (problems.every((p) => !p.startsWith('--stage'))) findings.push(ok(`--stage: ${inputs.stage}`));
  // A household serves its own locale; a locale of a region without a stack keeps the custom model (Alexa
  // falls back to the default endpoint) and loses the smart-home model: worth a note, not a failure.
  const uncovered = regionsWithoutStack(locales, inputs.regions);
  for (const r of uncovered) {
    findings.push(
      note(
        `--regions: no stack for ${r.locales.join(', ')} (Alexa's ${REDIRECT_HOSTS[r.region].name} region calls ${r.awsRegion}): their smart-home model needs one there (add ${r.awsRegion} to --regions and deploy there); the custom model works`,
      ),
    );
  }
  if (uncovered.length === 0 && problems.every((p) => !p.startsWith('--regions')))
    findings.push(ok(`--regions: ${inputs.regions.join(', ')} serve ${locales.join(', ')}`));
  return findings;
}

/**
 * The skill's messaging client: its id, and the name of the Secrets Manager secret holding its secret (the
 * stack grants the two functions that use it that one secret; the value is never a deploy input). The
 * stack deploys without either (events off), so only a wrong value is refused there; doctor also asks
 * for a missing one, which proactive discovery needs.
 */
function checkMessagingClient(inputs: DeployInputs, required = true): Finding[] {
  const id = inputs.params['alexaClientId'];
  const secretName = inputs.params['alexaClientSecretName'];
  const where = 'developer console, Build → Permissions, Alexa Skill Messaging';
  const findings: Finding[] = [];
  if (inputs.params['alexaClientSecret'] !== undefined) {
    findings.push(
      missing(
        '--param="alexaClientSecret=…" is not taken: a secret in the stack is readable by anyone who can read the functions\' configuration. ' +
          'Put it in Secrets Manager (aws secretsmanager create-secret --name tv-voice-remote/alexa-client-secret --secret-string …) and give its name: --param="alexaClientSecretName=…" (docs/operating.md, "Secrets")',
      ),
    );
  }
  if (!required && !set(id) && !set(secretName)) return findings;
  findings.push(
    !set(id)
      ? missing(`--param="alexaClientId=…": missing; the skill's messaging client id (${where})`)
      : !MESSAGING_CLIENT_FORM.test(id)
        ? missing(`--param="alexaClientId=…": "${id}" is not amzn1.application-oa2-client.<32 hex digits> (${where})`)
        : ok(`--param="alexaClientId=…": ${id}`),
    !set(secretName)
      ? missing(
          `--param="alexaClientSecretName=…" (or ALEXA_CLIENT_SECRET_NAME): missing; the name of the Secrets Manager secret holding the skill's messaging client secret (${where}; docs/operating.md, "Secrets")`,
        )
      : secretNameFinding(
          '--param="alexaClientSecretName=…"',
          secretName,
          "the smart-home and setup functions read this secret in each stack's region",
        ),
  );
  return findings;
}

function checkAccountLinking(inputs: DeployInputs): Finding[] {
  const findings: Finding[] = [
    set(inputs.deviceCloudClientId)
      ? ok('DEVICE_CLOUD_CLIENT_ID: set')
      : missing(
          'DEVICE_CLOUD_CLIENT_ID: missing; the client id the device cloud issued (docs/deploying.md, "The device-cloud client")',
        ),
    set(inputs.deviceCloudClientSecret)
      ? ok('DEVICE_CLOUD_CLIENT_SECRET: set')
      : missing('DEVICE_CLOUD_CLIENT_SECRET: missing; the client secret the device cloud issued with the client id'),
  ];
  const request =
    readJson<{ accountLinkingRequest?: Record<string, unknown> }>(ACCOUNT_LINKING_FILE).accountLinkingRequest ?? {};
  const file = 'skill/account-linking.json';
  const https = (key: string) => typeof request[key] === 'string' && manifestUrl(request[key] as string);
  const wrong: string[] = [];
  if (request['type'] !== 'AUTH_CODE')
    wrong.push('type must be AUTH_CODE (smart-home skills link with an authorization code grant)');
  if (!https('authorizationUrl')) wrong.push('authorizationUrl must be an https URL');
  if (!https('accessTokenUrl')) wrong.push('accessTokenUrl must be an https URL');
  if (!TOKEN_SCHEMES.includes(String(request['accessTokenScheme'])))
    wrong.push(`accessTokenScheme must be ${TOKEN_SCHEMES.join(' or ')}`);
  if (!Array.isArray(request['scopes']) || request['scopes'].length === 0)
    wrong.push('scopes must name at least one scope');
  for (const key of ['clientId', 'clientSecret'])
    if (request[key] !== `{{${key}}}`) wrong.push(`${key} must stay {{${key}}}, filled from the environment`);
  findings.push(...wrong.map((w) => missing(`${file}: ${w}`)));
  if (wrong.length === 0)
    findings.push(
      ok(
        `${file}: ${String(request['type'])} at ${String(request['authorizationUrl'])}, token ${String(request['accessTokenUrl'])} by ${String(request['accessTokenScheme'])}`,
      ),
    );
  return findings;
}

const manifestUrl = (value: string): boolean => manifestParameterProblem(value) === undefined;

function checkManifest(inputs: DeployInputs): Finding[] {
  return MANIFEST_PARAMETERS.map((p) => {
    const value = inputs.manifest[p.key];
    if (!set(value))
      return missing(`${p.env} (or --${p.flag}): missing; the skill's ${p.what}, which publishing needs`);
    if (!manifestUrl(value)) return missing(`${p.env} (or --${p.flag}): "${value}" must be an https URL`);
    return ok(`${p.env}: ${value}`);
  });
}

function checkTestAccount(inputs: DeployInputs): Finding[] {
  const why =
    'the device-cloud account (with a remote and a TV) the certification team links the skill with; the testing instructions give it';
  return [
    set(inputs.testAccount.user)
      ? ok(`${TEST_ACCOUNT_VARIABLES.user}: ${inputs.testAccount.user}`)
      : missing(`${TEST_ACCOUNT_VARIABLES.user}: missing; ${why}`),
    set(inputs.testAccount.password)
      ? ok(`${TEST_ACCOUNT_VARIABLES.password}: set`)
      : missing(`${TEST_ACCOUNT_VARIABLES.password}: missing; the password of ${TEST_ACCOUNT_VARIABLES.user}`),
  ];
}

function checkMonitoring(inputs: DeployInputs): Finding[] {
  const monitoring = inputs.params['monitoring'] ?? 'off';
  const email = inputs.params['alarmEmail'] ?? '';
  if (monitoring !== 'on' && monitoring !== 'off')
    return [missing(`--param="monitoring=…": "${monitoring}" must be on or off`)];
  if (monitoring === 'off' && email !== '')
    return [
      missing(
        `--param="alarmEmail=…" is given but monitoring is off, so no alarm exists to send it: add --param="monitoring=on" (docs/costs.md)`,
      ),
    ];
  if (email !== '' && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
    return [missing(`--param="alarmEmail=…": "${email}" is not an e-mail address`)];
  return [
    ok(
      `monitoring: ${monitoring}${monitoring === 'on' ? (email ? `, alarms to ${email}` : ', alarms notify nobody (no alarmEmail)') : ' (alarms and dashboard left out: docs/costs.md)'}`,
    ),
  ];
}

/** Secrets Manager's name characters (CreateSecret's Name: ASCII letters, numbers and /_+=.@-), at most 512. */
const SECRET_NAME_FORM = /^[A-Za-z0-9/_+=.@-]{1,512}$/;

/**
 * Request Sync's service-account key (serverless.yml, custom.googleServiceAccountSecret): optional. Unset,
 * the deploy works and the Google Home app learns a change when the user says "Hey Google, sync my devices".
 * Set, it must be the secret's name: the stack grants the setup function the secret of that name in its region.
 */
function checkGoogle(inputs: DeployInputs): Finding[] {
  const secret = inputs.params['googleServiceAccountSecret'] ?? '';
  const flag = '--param="googleServiceAccountSecret=…"';
  if (secret === '')
    return [
      note(
        `${flag}: not set, so Request Sync is off: the Google Home app shows a TV set up, renamed or forgotten after "Hey Google, sync my devices" (docs/deploying.md, "Request Sync")`,
      ),
    ];
  return [
    secretNameFinding(flag, secret, "Request Sync on: the setup function reads this secret in each stack's region"),
  ];
}

/** A secret's name as the stack grants it: a name, not an ARN (the stack builds the ARN in its own region). */
function secretNameFinding(flag: string, secret: string, meaning: string): Finding {
  if (secret.startsWith('arn:'))
    return missing(`${flag}: "${secret}" is an ARN; give the secret's name, which the stack grants in its own region`);
  if (!SECRET_NAME_FORM.test(secret))
    return missing(`${flag}: "${secret}" is not a Secrets Manager secret name (letters, digits and /_+=.@-)`);
  return ok(`${flag}: ${secret} (${meaning})`);
}

/**
 * What is wrong with the inputs the stack itself reads (SKILL_ID and the --param values), one line each:
 * doctor's own lines for them. A missing optional one (the messaging client, Request Sync's key) is no
 * problem here: the stack deploys without it. build/deploy-inputs.js stops `serverless package` and
 * `deploy` on these.
 */
export function stackInputProblems(given: Pick<DeployInputs, 'skillId' | 'params'>): string[] {
  const inputs: DeployInputs = { stage: 'dev', regions: [], manifest: {}, testAccount: {}, ...given };
  return [
    ...checkSkill(inputs),
    ...checkMessagingClient(inputs, false),
    ...checkMonitoring(inputs),
    ...checkGoogle(inputs),
  ]
    .filter((f) => f.level === 'missing')
    .map((f) => f.line);
}

function checkVendor(inputs: DeployInputs): Finding[] {
  if (!set(inputs.vendorId))
    return [
      missing(
        "ASK_VENDOR_ID (or --vendor-id): missing; your developer account's vendor id (ask smapi get-vendor-list), the end of each Alexa redirect URL",
      ),
    ];
  if (!VENDOR_ID_FORM.test(inputs.vendorId))
    return [
      missing(
        `ASK_VENDOR_ID: "${inputs.vendorId}" is not a vendor id (capital letters and digits, as ask smapi get-vendor-list shows it)`,
      ),
    ];
  return [ok(`ASK_VENDOR_ID: ${inputs.vendorId}`)];
}

/** Google's project id: needed only for Google Home, so its absence is a note. */
function checkGoogleProject(inputs: DeployInputs): Finding[] {
  if (!set(inputs.googleProjectId))
    return [
      note(
        "GOOGLE_PROJECT_ID (or --google-project-id): not set; for Google Home, your Developer Console project's id, the end of Google's redirect URLs (docs/google-home.md)",
      ),
    ];
  if (!GOOGLE_PROJECT_ID_FORM.test(inputs.googleProjectId))
    return [
      missing(
        `GOOGLE_PROJECT_ID: "${inputs.googleProjectId}" is not a Google project id (6 to 30 lowercase letters, digits and hyphens, from a letter)`,
      ),
    ];
  return [ok(`GOOGLE_PROJECT_ID: ${inputs.googleProjectId}`)];
}

export interface DoctorReport {
  findings: Finding[];
  /** The Alexa redirect URLs with the Alexa region and served locales of each. */
  redirects: { url: string; region: AlexaRegion; locales: string[] }[];
  /** Google's redirect URLs: production, then sandbox. */
  googleRedirects: string[];
}

/** Every check, in the order of the deploy steps; `locales` are the locales the skill serves. */
export function doctor(inputs: DeployInputs, locales: string[]): DoctorReport {
  const findings = [
    ...checkSkill(inputs),
    ...checkVendor(inputs),
    ...checkStack(inputs, locales),
    ...checkMessagingClient(inputs),
    ...checkAccountLinking(inputs),
    ...checkManifest(inputs),
    ...checkTestAccount(inputs),
    ...checkMonitoring(inputs),
    ...checkGoogle(inputs),
    ...checkGoogleProject(inputs),
  ];
  const vendor = set(inputs.vendorId) ? inputs.vendorId : '<vendor id>';
  const redirects = (Object.keys(ALEXA_REGIONS) as AlexaRegion[]).map((region) => ({
    url: redirectUrl(region, vendor),
    region,
    locales: locales.filter((l) => LOCALE_REGIONS[l] === region),
  }));
  const googleRedirects = googleRedirectUrls(set(inputs.googleProjectId) ? inputs.googleProjectId : '<project id>');
  return { findings, redirects, googleRedirects };
}

/** The flags, as the deploy steps take them. */
const OPTIONS = {
  account: { type: 'string' },
  stage: { type: 'string' },
  regions: { type: 'string' },
  'vendor-id': { type: 'string' },
  'google-project-id': { type: 'string' },
  param: { type: 'string', multiple: true },
  ...PARAMETER_FLAGS,
} as const;

/** The inputs from the command line and the environment, as the deploy steps pass them. */
export function inputsFrom(args: string[], env: NodeJS.ProcessEnv): DeployInputs {
  const { values } = parseArgs({
    args,
    options: OPTIONS,
  });
  const given = (value: string | undefined) => value?.trim() || undefined;
  // serverless.yml's fallbacks: alarmEmail from ALARM_EMAIL, monitoring from MONITORING, googleServiceAccountSecret from
  // GOOGLE_SERVICE_ACCOUNT_SECRET, alexaClientSecretName from ALEXA_CLIENT_SECRET_NAME.
  const params: Record<string, string> = {};
  if (given(env['ALARM_EMAIL'])) params['alarmEmail'] = env['ALARM_EMAIL']!.trim();
  if (given(env['MONITORING'])) params['monitoring'] = env['MONITORING']!.trim();
  if (given(env['GOOGLE_SERVICE_ACCOUNT_SECRET']))
    params['googleServiceAccountSecret'] = env['GOOGLE_SERVICE_ACCOUNT_SECRET']!.trim();
  if (given(env['ALEXA_CLIENT_SECRET_NAME'])) params['alexaClientSecretName'] = env['ALEXA_CLIENT_SECRET_NAME']!.trim();
  for (const p of values.param ?? []) {
    const eq = p.indexOf('=');
    if (eq <= 0) throw new Error(`--param must be name=value, as serverless takes it: got "${p}"`);
    params[p.slice(0, eq).trim()] = p.slice(eq + 1).trim();
  }
  const account = given(values.account) ?? given(env['AWS_ACCOUNT_ID']);
  const skillId = given(env['SKILL_ID']);
  const vendorId = given(values['vendor-id']) ?? given(env['ASK_VENDOR_ID']);
  const googleProjectId = given(values['google-project-id']) ?? given(env['GOOGLE_PROJECT_ID']);
  const deviceCloudClientId = given(env['DEVICE_CLOUD_CLIENT_ID']);
  const deviceCloudClientSecret = given(env['DEVICE_CLOUD_CLIENT_SECRET']);
  return {
    ...(skillId && { skillId }),
    ...(vendorId && { vendorId }),
    ...(googleProjectId && { googleProjectId }),
    ...(account && { account }),
    ...(deviceCloudClientId && { deviceCloudClientId }),
    ...(deviceCloudClientSecret && { deviceCloudClientSecret }),
    // The same defaults as npm run skill-package.
    stage: given(values.stage) ?? 'dev',
    regions: (values.regions ?? ALEXA_REGIONS.NA)
      .split(',')
      .map((r) => r.trim())
      .filter(Boolean),
    params,
    manifest: manifestParameters(values, env),
    testAccount: testAccountFrom(env),
  };
}

/** The report as printed: a line per finding, then the redirect URLs, then the count of what is missing. */
export function render(report: DoctorReport): string {
  const lines = report.findings.map((f) => `${f.level === 'missing' ? 'MISSING' : f.level.padEnd(7)}  ${f.line}`);
  lines.push(
    '',
    'Alexa redirect URLs to allow in the device-cloud client (docs/deploying.md, "The device-cloud client"):',
  );
  for (const r of report.redirects)
    lines.push(`  ${r.url}  (${REDIRECT_HOSTS[r.region].name}${r.locales.length ? `: ${r.locales.join(', ')}` : ''})`);
  lines.push(
    '',
    'Google redirect URLs to allow in the device-cloud client for Google Home (docs/google-home.md, step 2):',
  );
  const [live, sandbox] = report.googleRedirects;
  lines.push(`  ${live}`, `  ${sandbox}  (Google's sandbox)`);
  const count = report.findings.filter((f) => f.level === 'missing').length;
  lines.push(
    '',
    count === 0
      ? 'Every deploy input is there.'
      : `${count} deploy input${count === 1 ? '' : 's'} missing or wrong: see the MISSING lines.`,
  );
  return `${lines.join('\n')}\n`;
}

export const CLI: Cli = {
  options: OPTIONS,
  usage: `usage: npm run doctor -- [--account <12 digits>] [--stage dev] [--regions us-east-1[,eu-west-1,us-west-2]]
         [--vendor-id <id>] [--google-project-id <id>] [--param="name=value" ...] [manifest flags]

Checks every input of a deploy (docs/deploying.md) offline, one line each (ok, note, MISSING with what to
do), and prints the redirect URLs the device-cloud client must allow: Alexa's (one per Alexa region) and
Google's. Exits 0 when nothing is missing, 1 when something is, 2 when the command line is wrong.
Secrets are never printed, only whether they are set.

flags:
  --account, --stage, --regions   as npm run skill-package takes them (account also AWS_ACCOUNT_ID)
  --vendor-id                     the Amazon developer account's vendor id (also ASK_VENDOR_ID)
  --google-project-id             the Google Home Developer Console project's id (also GOOGLE_PROJECT_ID)
  --param="name=value"            as serverless deploy takes them: alexaClientId, alexaClientSecret,
                                  monitoring, alarmEmail, googleServiceAccountSecret
  ${MANIFEST_PARAMETERS.map((p) => `--${p.flag}`).join(', ')}
environment:
  SKILL_ID, DEVICE_CLOUD_CLIENT_ID, DEVICE_CLOUD_CLIENT_SECRET, ALARM_EMAIL, MONITORING,
  GOOGLE_SERVICE_ACCOUNT_SECRET, ${MANIFEST_PARAMETERS.map((p) => p.env).join(', ')},
  ${TEST_ACCOUNT_VARIABLES.user}, ${TEST_ACCOUNT_VARIABLES.password}`,
};

if (require.main === module) {
  cliArgs(CLI);
  try {
    const locales = servedLocales(readJson<SkillManifest>(MANIFEST_FILE), modelLocales());
    const report = doctor(inputsFrom(process.argv.slice(2), process.env), locales);
    process.stdout.write(render(report));
    process.exit(report.findings.some((f) => f.level === 'missing') ? 1 : 0);
  } catch (e) {
    process.stderr.write(`doctor: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(2);
  }
}
