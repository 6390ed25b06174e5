// Packages the service the way a deployment would, offline and without AWS credentials, and checks
// what would reach AWS: the function zips and the CloudFormation template, and that each packaged
// bundle, run by a bare node, still behaves as the source does. Then runs setup the operator's local
// way, `serverless invoke local`, against the emulator and dynalite. Every serverless command runs in one
// session (test/support/serverless-session.ts: each as a process of its own would, without paying
// serverless's start-up again), one after another: the esbuild plugin builds in the project's .esbuild
// folder, which two runs at once would share.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { useLoopback } from '../support/loopback';
import { newToken, registerDemoTv } from '../support/emulator';
import {
  invokeBundle,
  lambdaFunctions,
  offlineEnv,
  packageService,
  requireBundle,
  ROOT,
  unpackFunction,
} from '../support/lambda-bundle';
import { startServerlessSession, type ServerlessSession } from '../support/serverless-session';
import { LOCAL_AWS_ENV } from '../../src/local/dynamo';
import { DEFAULT_PRESETS } from '../../src/local/emulator';
import type { SetupResult } from '../../src/setup';
import { intent, launch, SKILL_ID as REQUEST_SKILL_ID } from '../support/skill/requests';
import { TV_PRESET } from '../support/cases/household';
import { discover, turnOn } from '../support/smarthome/directives';
import { DeviceCloud } from '../../src/cloud/client';
import { runSetup } from '../../src/setup';
import { readZip } from './zip';
import { testMonitoring } from './monitoring';
import { SKILL_ID_FORM, writeSkillPackage } from '../../skill/package';
import { expectLogAgrees } from '../support/emf';

/** The JSON lines a bundle wrote on stdout (its logs and EMF lines). */
const jsonLines = (stdout: string): string[] => stdout.split('\n').filter((l) => l.startsWith('{'));

const FUNCTIONS = [
  // The voice functions' entry is an ES module beside the bundle: Lambda waits for its top-level await in init.
  {
    name: 'skill',
    logicalId: 'SkillLambdaFunction',
    handler: 'src/skill/entry.handler',
    files: ['src/skill/lambda.js', 'src/skill/entry.mjs'],
    timeout: 10,
    memory: 512,
  },
  {
    name: 'setup',
    logicalId: 'SetupLambdaFunction',
    handler: 'src/setup/lambda.handler',
    files: ['src/setup/lambda.js'],
    timeout: 90,
    memory: 256,
  },
  {
    name: 'smarthome',
    logicalId: 'SmarthomeLambdaFunction',
    handler: 'src/smarthome/entry.handler',
    files: ['src/smarthome/lambda.js', 'src/smarthome/entry.mjs'],
    timeout: 10,
    memory: 256,
  },
  {
    name: 'google',
    logicalId: 'GoogleLambdaFunction',
    handler: 'src/google/entry.handler',
    files: ['src/google/lambda.js', 'src/google/entry.mjs'],
    timeout: 10,
    memory: 256,
  },
] as const;
const SKILL_ID = 'amzn1.ask.skill.11111111-2222-3333-4444-555555555555';
/** The id of the package built with nothing but the skill id: a deploy needs no other input. */
const MINIMAL_SKILL_ID = 'amzn1.ask.skill.66666666-7777-8888-9999-000000000000';
const ALARM_EMAIL = 'tv-remote-ops@example.com';
/** The skill's Alexa Skill Messaging client, as the operator passes it: its id, and the name of the secret holding its secret. */
const MESSAGING_CLIENT = {
  alexaClientId: 'amzn1.application-oa2-client.0123456789abcdef0123456789abcdef',
  alexaClientSecretName: 'tv-voice-remote/alexa-client-secret',
};
/** Secret values an operator's shell holds while packaging (docs/deploying.md exports them): none may reach the stack. */
const SHELL_SECRETS = {
  ALEXA_CLIENT_SECRET: 'shell-alexa-client-secret-value',
  DEVICE_CLOUD_CLIENT_SECRET: 'shell-device-cloud-secret-value',
  TEST_ACCOUNT_PASSWORD: 'shell-test-account-password',
};
/** The Secrets Manager secret holding Request Sync's service-account key: `--param="googleServiceAccountSecret=…"`. */
const GOOGLE_KEY_SECRET = 'tv-voice-remote/google-service-account';

jest.setTimeout(180_000);

type Json = Record<string, unknown>;
interface Packaged {
  dir: string;
  template: {
    Resources: Record<
      string,
      {
        Type: string;
        Properties: Json;
        DependsOn?: unknown;
        DeletionPolicy?: string;
        UpdateReplacePolicy?: string;
        Condition?: string;
      }
    >;
    Conditions?: Record<string, unknown>;
    Parameters?: Record<string, { Type: string; Default?: string; AllowedValues?: string[] }>;
  };
}

let work: string;
let serverless: ServerlessSession;
let minimal: Packaged;
let withSkillId: Packaged;

async function packageInto(
  name: string,
  extra: Record<string, string>,
  params: Record<string, string> = {},
): Promise<Packaged> {
  const dir = path.join(work, name);
  await packageService(dir, work, extra, params, serverless.run);
  const template = JSON.parse(
    readFileSync(path.join(dir, 'cloudformation-template-update-stack.json'), 'utf8'),
  ) as Packaged['template'];
  return { dir, template };
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'sls-package-'));
  serverless = startServerlessSession(offlineEnv(work));
  // One after the other: the plugin builds in the project's .esbuild folder.
  minimal = await packageInto('skill-id-only', { SKILL_ID: MINIMAL_SKILL_ID });
  // With every deploy input: the skill's id, the messaging client, monitoring on, an alarm e-mail and Request Sync's key.
  withSkillId = await packageInto(
    'with-skill-id',
    { SKILL_ID, ALARM_EMAIL, ...SHELL_SECRETS },
    { ...MESSAGING_CLIENT, monitoring: 'on', googleServiceAccountSecret: GOOGLE_KEY_SECRET },
  );
});

afterAll(async () => {
  if (serverless) await serverless.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

const resource = (p: Packaged, id: string): { Type: string; Properties: Json } => {
  const r = p.template.Resources[id];
  if (!r) throw new Error(`template has no ${id}`);
  return r;
};

describe('the packaged user table', () => {
  it('is encrypted, recoverable, pay-per-request and expires items by expiresAt', () => {
    const table = resource(minimal, 'UserTable');
    expect(table.Type).toBe('AWS::DynamoDB::Table');
    expect(table.Properties).toMatchObject({
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      SSESpecification: { SSEEnabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      TableName: 'tv-voice-remote-dev-users',
    });
  });

  it('is kept when the stack is removed or the table would be replaced', () => {
    const table = minimal.template.Resources['UserTable'];
    expect(table).toMatchObject({ DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    // Nothing else in the stack holds data: the retain policy is needed on the table alone.
    const stateful = Object.entries(minimal.template.Resources)
      .filter(([, r]) => r.Type.startsWith('AWS::DynamoDB::'))
      .map(([id]) => id);
    expect(stateful).toEqual(['UserTable']);
  });
});

describe('the packaged permissions', () => {
  /** Every statement of a role's inline policies. */
  const statementsOf = (roleId: string) => (): Json[] => {
    const policies = resource(minimal, roleId).Properties['Policies'] as { PolicyDocument: { Statement: Json[] } }[];
    return policies.flatMap((p) => p.PolicyDocument.Statement);
  };
  // The setup function's (the shared role), the skill's and the smart-home function's.
  const statements = statementsOf('IamRoleLambdaExecution');
  const skillStatements = statementsOf('SkillRole');
  const smartHomeStatements = statementsOf('SmartHomeRole');
  const googleStatements = statementsOf('GoogleRole');
  const actionsOf = (s: Json): string[] => [s['Action']].flat() as string[];

  /** The DynamoDB actions the store's source really sends, read from its commands. */
  function actionsTheStoreUses(): string[] {
    const commandToAction: Record<string, string> = {
      Get: 'GetItem',
      Put: 'PutItem',
      Update: 'UpdateItem',
      Delete: 'DeleteItem',
      Query: 'Query',
      Scan: 'Scan',
      BatchGet: 'BatchGetItem',
      BatchWrite: 'BatchWriteItem',
      TransactGet: 'TransactGetItems',
      TransactWrite: 'TransactWriteItems',
    };
    const storeDir = path.join(ROOT, 'src/store');
    const source = readdirSync(storeDir)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => readFileSync(path.join(storeDir, f), 'utf8'))
      .join('\n');
    const used = [...source.matchAll(/new (\w+?)(?:Item)?Command\(/g)].map((m) => commandToAction[m[1] ?? '']);
    if (used.some((a) => a === undefined)) throw new Error('the store sends a command this test does not know');
    return [...new Set(used as string[])].map((a) => `dynamodb:${a}`).sort();
  }

  it.each([
    ['setup', () => statements()],
    ['skill', () => skillStatements()],
  ])(
    'grants %s exactly the item actions the store uses, on the user table alone (a delete only to the skill, below)',
    (_fn, of) => {
      const dynamo = of().filter(
        (s) => actionsOf(s).some((a) => a.startsWith('dynamodb:')) && s['Condition'] === undefined,
      );
      expect(dynamo).toHaveLength(1);
      const [statement] = dynamo;
      expect(statement?.['Effect']).toBe('Allow');
      expect(actionsOf(statement ?? {}).sort()).toEqual(
        actionsTheStoreUses().filter((a) => a !== 'dynamodb:DeleteItem'),
      );
      expect(statement?.['Resource']).toEqual({ 'Fn::GetAtt': ['UserTable', 'Arn'] });
    },
  );

  it("lets the skill alone delete, and only a user's record, link code and Alexa grant (a user who disabled the skill)", () => {
    expect(actionsTheStoreUses()).toContain('dynamodb:DeleteItem');
    expect(skillStatements().filter((s) => actionsOf(s).includes('dynamodb:DeleteItem'))).toEqual([
      {
        Effect: 'Allow',
        Action: ['dynamodb:DeleteItem'],
        Resource: { 'Fn::GetAtt': ['UserTable', 'Arn'] },
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['user#*', 'code#*', 'grant#*'] } },
      },
    ]);
    for (const others of [statements, smartHomeStatements, googleStatements])
      expect(others().flatMap(actionsOf)).not.toContain('dynamodb:DeleteItem');
  });

  it('gives the skill a role of its own that may start the setup function (setup by voice) and no other function', () => {
    expect(resource(minimal, 'SkillLambdaFunction').Properties['Role']).toEqual({ 'Fn::Sub': '${SkillRole.Arn}' });
    const invoke = skillStatements().filter((s) => actionsOf(s).some((a) => a.startsWith('lambda:')));
    expect(invoke).toHaveLength(1);
    expect(actionsOf(invoke[0]!)).toEqual(['lambda:InvokeFunction']);
    expect(JSON.stringify(invoke[0]!['Resource'])).toMatch(/"function","tv-voice-remote-dev-setup"\]/);
    const others = skillStatements().filter(
      (s) => !actionsOf(s).some((a) => a.startsWith('lambda:') || a.startsWith('dynamodb:')),
    );
    expect(others.flatMap(actionsOf).sort()).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents']);
    expect(JSON.stringify(others)).toContain('/aws/lambda/tv-voice-remote-dev-skill');
    // Nothing else may start a function: the setup function's shared role has no lambda action.
    expect(
      statements()
        .flatMap(actionsOf)
        .filter((a) => a.startsWith('lambda:')),
    ).toEqual([]);
  });

  describe('Request Sync (src/homegraph)', () => {
    const policy = (p: Packaged) => p.template.Resources['RequestSyncPolicy'];
    const condition = (p: Packaged) => p.template.Conditions?.['RequestSyncOn'];

    it("without its key, grants nothing: the policy's condition is false and the setup function's variable empty", () => {
      expect(policy(minimal)?.Condition).toBe('RequestSyncOn');
      expect(condition(minimal)).toEqual({
        'Fn::Not': [{ 'Fn::Equals': [{ Ref: 'GoogleServiceAccountSecret' }, ''] }],
      });
      expect(minimal.template.Parameters?.['GoogleServiceAccountSecret']?.Default).toBe('');
      const variables = (resource(minimal, 'SetupLambdaFunction').Properties['Environment'] as { Variables: Json })
        .Variables;
      expect(variables['GOOGLE_SERVICE_ACCOUNT_SECRET']).toBe('');
    });

    it('with its key, lets the setup function alone read that secret, nothing more', () => {
      expect(withSkillId.template.Parameters?.['GoogleServiceAccountSecret']?.Default).toBe(GOOGLE_KEY_SECRET);
      const { Properties } = policy(withSkillId)!;
      expect(Properties['Roles']).toEqual([{ Ref: 'IamRoleLambdaExecution' }]);
      expect((Properties['PolicyDocument'] as { Statement: Json[] }).Statement).toEqual([
        {
          Effect: 'Allow',
          Action: ['secretsmanager:GetSecretValue'],
          // The secret's ARN: its name, a hyphen and the six characters Secrets Manager adds.
          Resource: {
            'Fn::Sub': `arn:\${AWS::Partition}:secretsmanager:\${AWS::Region}:\${AWS::AccountId}:secret:${GOOGLE_KEY_SECRET}-??????`,
          },
        },
      ]);
      const variables = (id: string) =>
        (resource(withSkillId, id).Properties['Environment'] as { Variables: Json }).Variables;
      expect(variables('SetupLambdaFunction')['GOOGLE_SERVICE_ACCOUNT_SECRET']).toBe(GOOGLE_KEY_SECRET);
      for (const id of ['SkillLambdaFunction', 'SmarthomeLambdaFunction'])
        expect(variables(id)).not.toHaveProperty('GOOGLE_SERVICE_ACCOUNT_SECRET');
      // No other resource is granted anything on Secrets Manager.
      const others = Object.entries(withSkillId.template.Resources).filter(
        ([id]) => !['RequestSyncPolicy', 'AlexaClientSecretPolicy'].includes(id),
      );
      expect(JSON.stringify(others)).not.toContain('secretsmanager:');
    });
  });

  it('grants no Scan and no wildcard action anywhere', () => {
    const actions = [...statements(), ...smartHomeStatements(), ...skillStatements(), ...googleStatements()].flatMap(
      actionsOf,
    );
    expect(actions.length).toBeGreaterThan(0);
    expect(actions.filter((a) => a.includes('*') || /scan/i.test(a))).toEqual([]);
  });

  it('gives the smart-home function a role of its own that may read items, write only Alexa grants, and write its own logs', () => {
    expect(resource(minimal, 'SmarthomeLambdaFunction').Properties['Role']).toEqual({
      'Fn::Sub': '${SmartHomeRole.Arn}',
    });
    const dynamo = smartHomeStatements().filter((s) => actionsOf(s).some((a) => a.startsWith('dynamodb:')));
    expect(dynamo).toEqual([
      { Effect: 'Allow', Action: ['dynamodb:GetItem'], Resource: { 'Fn::GetAtt': ['UserTable', 'Arn'] } },
      {
        Effect: 'Allow',
        Action: ['dynamodb:UpdateItem'],
        Resource: { 'Fn::GetAtt': ['UserTable', 'Arn'] },
        // The key prefix of the grant items (src/store/items.ts grantKey): no other item is writable.
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['grant#*'] } },
      },
    ]);
    const others = smartHomeStatements().filter((s) => !dynamo.includes(s));
    expect(others.flatMap(actionsOf).sort()).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents']);
    expect(JSON.stringify(others)).toContain('/aws/lambda/tv-voice-remote-dev-smarthome');
  });

  it('gives the Google function a role of its own that may read items, write only Google links and token reach, and write its own logs', () => {
    expect(resource(minimal, 'GoogleLambdaFunction').Properties['Role']).toEqual({ 'Fn::Sub': '${GoogleRole.Arn}' });
    const dynamo = googleStatements().filter((s) => actionsOf(s).some((a) => a.startsWith('dynamodb:')));
    expect(dynamo).toEqual([
      { Effect: 'Allow', Action: ['dynamodb:GetItem'], Resource: { 'Fn::GetAtt': ['UserTable', 'Arn'] } },
      {
        Effect: 'Allow',
        Action: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
        Resource: { 'Fn::GetAtt': ['UserTable', 'Arn'] },
        // The key prefixes of the household's link (src/store/families/google-links.ts googleLinkKey) and of a token's
        // reach (src/store/families/token-reach.ts tokenReachKey): no other item is writable.
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['google#*', 'reach#*'] } },
      },
    ]);
    const others = googleStatements().filter((s) => !dynamo.includes(s));
    expect(others.flatMap(actionsOf).sort()).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents']);
    expect(JSON.stringify(others)).toContain('/aws/lambda/tv-voice-remote-dev-google');
  });

  it('gives the Google function a public URL and reserved concurrency, so a flood cannot starve the voice functions', () => {
    expect(resource(minimal, 'GoogleLambdaFunction').Properties['ReservedConcurrentExecutions']).toBe(5);
    const url = Object.values(minimal.template.Resources).find((r) => r.Type === 'AWS::Lambda::Url');
    expect(url?.Properties).toMatchObject({
      AuthType: 'NONE',
      TargetFunctionArn: { 'Fn::GetAtt': ['GoogleLambdaFunction', 'Arn'] },
    });
  });
});

describe('the packaged functions', () => {
  it.each(FUNCTIONS)(
    '$name runs on nodejs24.x with $memory MB, its timeout, the table name and where it is deployed',
    ({ logicalId, name, handler, timeout, memory }) => {
      const fn = resource(minimal, logicalId).Properties;
      expect(fn).toMatchObject({ Handler: handler, Runtime: 'nodejs24.x', MemorySize: memory, Timeout: timeout });
      expect((fn['Environment'] as { Variables: Json }).Variables).toEqual({
        // The table's own name, the one the template gives the UserTable resource.
        TABLE_NAME: resource(minimal, 'UserTable').Properties['TableName'],
        STAGE: 'dev',
        REGION: 'us-east-1',
        DEVICE_CLOUD_BASE_URL: 'https://dsymphony.com',
        SKILL_ID: MINIMAL_SKILL_ID,
        // The skill's messaging client, only where Login with Amazon is called; without --param, empty (events off).
        // The skill names the setup function it starts (setup by voice).
        ...(name === 'skill'
          ? { SETUP_FUNCTION_NAME: 'tv-voice-remote-dev-setup' }
          : name === 'google'
            ? {}
            : { ALEXA_CLIENT_ID: '', ALEXA_CLIENT_SECRET_NAME: '' }),
        // Request Sync's key, only for setup; without --param, empty (Request Sync off).
        ...(name === 'setup' && { GOOGLE_SERVICE_ACCOUNT_SECRET: '' }),
      });
    },
  );

  const allPermissions = (p: Packaged): Json[] =>
    Object.values(p.template.Resources)
      .filter((r) => r.Type === 'AWS::Lambda::Permission')
      .map((r) => r.Properties);
  /** Who may invoke the Alexa functions; the Google function's URL permissions are checked on their own below. */
  const permissions = (p: Packaged): Json[] =>
    allPermissions(p).filter(
      (r) => JSON.stringify(r['FunctionName']) !== JSON.stringify({ 'Fn::GetAtt': ['GoogleLambdaFunction', 'Arn'] }),
    );

  it('lets anyone invoke the Google function through its URL only, and no other function through any URL', () => {
    const google = { 'Fn::GetAtt': ['GoogleLambdaFunction', 'Arn'] };
    // The invoke is allowed only as the URL's (InvokedViaFunctionUrl), which has no auth: the token is checked inside.
    expect(allPermissions(withSkillId).filter((r) => !permissions(withSkillId).includes(r))).toEqual([
      { Action: 'lambda:InvokeFunctionUrl', FunctionName: google, FunctionUrlAuthType: 'NONE', Principal: '*' },
      { Action: 'lambda:InvokeFunction', FunctionName: google, InvokedViaFunctionUrl: true, Principal: '*' },
    ]);
    expect(Object.values(withSkillId.template.Resources).filter((r) => r.Type === 'AWS::Lambda::Url')).toHaveLength(1);
  });

  it('lets only Alexa invoke the functions, both only from the one configured skill (custom and smart home)', () => {
    expect(permissions(withSkillId)).toEqual([
      {
        FunctionName: { 'Fn::GetAtt': ['SkillLambdaFunction', 'Arn'] },
        Action: 'lambda:InvokeFunction',
        Principal: 'alexa-appkit.amazon.com',
        EventSourceToken: SKILL_ID,
      },
      {
        FunctionName: { 'Fn::GetAtt': ['SmarthomeLambdaFunction', 'Arn'] },
        Action: 'lambda:InvokeFunction',
        Principal: 'alexa-connectedhome.amazon.com',
        EventSourceToken: SKILL_ID,
      },
    ]);
    expect(
      (resource(withSkillId, 'SkillLambdaFunction').Properties['Environment'] as { Variables: Json }).Variables[
        'SKILL_ID'
      ],
    ).toBe(SKILL_ID);
  });

  it("gives the skill's messaging client, its id and its secret's name, to the two functions that call Login with Amazon, which alone may read that secret", () => {
    const variables = (id: string) =>
      (resource(withSkillId, id).Properties['Environment'] as { Variables: Json }).Variables;
    for (const id of ['SmarthomeLambdaFunction', 'SetupLambdaFunction']) {
      expect(variables(id)).toMatchObject({
        ALEXA_CLIENT_ID: MESSAGING_CLIENT.alexaClientId,
        ALEXA_CLIENT_SECRET_NAME: MESSAGING_CLIENT.alexaClientSecretName,
      });
    }
    for (const id of ['SkillLambdaFunction', 'GoogleLambdaFunction'])
      expect(variables(id)).not.toHaveProperty('ALEXA_CLIENT_SECRET_NAME');
    const policy = withSkillId.template.Resources['AlexaClientSecretPolicy']!;
    expect(policy.Condition).toBe('AlexaMessagingOn');
    expect(withSkillId.template.Conditions?.['AlexaMessagingOn']).toEqual({
      'Fn::Not': [{ 'Fn::Equals': [{ Ref: 'AlexaClientSecretName' }, ''] }],
    });
    expect(withSkillId.template.Parameters?.['AlexaClientSecretName']?.Default).toBe(
      MESSAGING_CLIENT.alexaClientSecretName,
    );
    expect(minimal.template.Parameters?.['AlexaClientSecretName']?.Default).toBe('');
    expect(policy.Properties['Roles']).toEqual([{ Ref: 'SmartHomeRole' }, { Ref: 'IamRoleLambdaExecution' }]);
    expect((policy.Properties['PolicyDocument'] as { Statement: Json[] }).Statement).toEqual([
      {
        Effect: 'Allow',
        Action: ['secretsmanager:GetSecretValue'],
        Resource: {
          'Fn::Sub': `arn:\${AWS::Partition}:secretsmanager:\${AWS::Region}:\${AWS::AccountId}:secret:${MESSAGING_CLIENT.alexaClientSecretName}-??????`,
        },
      },
    ]);
  });

  it("holds no secret value: each variable named for a secret holds a secret's name, and no secret of the shell reaches the template or a zip", () => {
    for (const p of [minimal, withSkillId]) {
      const names = ['', GOOGLE_KEY_SECRET, MESSAGING_CLIENT.alexaClientSecretName];
      for (const r of Object.values(p.template.Resources).filter((x) => x.Type === 'AWS::Lambda::Function')) {
        const variables = (r.Properties['Environment'] as { Variables: Json }).Variables;
        for (const [name, value] of Object.entries(variables))
          if (/SECRET|PASSWORD|KEY/.test(name))
            expect({ name, value, isName: names.includes(String(value)) }).toMatchObject({ isName: true });
      }
      const everything = [
        readFileSync(path.join(p.dir, 'cloudformation-template-update-stack.json'), 'utf8'),
        ...FUNCTIONS.flatMap(({ name }) =>
          [...readZip(path.join(p.dir, `${name}.zip`)).values()].map((b) => b.toString('utf8')),
        ),
      ].join('\n');
      for (const secret of Object.values(SHELL_SECRETS)) expect(everything).not.toContain(secret);
    }
  });

  // cfn-lint's rules (https://github.com/aws-cloudformation/cfn-lint/blob/main/docs/rules.md), the two a
  // packaged template once broke, checked here where cfn-lint (Python) may not be installed:
  // W3005 "Check obsolete DependsOn configuration for Resources": a DependsOn a Ref or Fn::GetAtt of the
  // same resource already implies; W8003 "Fn::Equals will always return true or false": two literals.
  it.each([
    ['only the skill id', () => minimal],
    ['every input', () => withSkillId],
  ])('passes cfn-lint W3005 and W8003, with %s', (_what, of) => {
    const { template } = of();
    const implied = (value: unknown): string[] => {
      if (Array.isArray(value)) return value.flatMap(implied);
      if (value === null || typeof value !== 'object') return [];
      const o = value as Json;
      const here =
        typeof o['Ref'] === 'string'
          ? [o['Ref']]
          : Array.isArray(o['Fn::GetAtt'])
            ? [String(o['Fn::GetAtt'][0])]
            : typeof o['Fn::GetAtt'] === 'string'
              ? [o['Fn::GetAtt'].split('.')[0]!]
              : typeof o['Fn::Sub'] === 'string'
                ? [...o['Fn::Sub'].matchAll(/\$\{([A-Za-z0-9]+)(?:\.[A-Za-z0-9.]+)?\}/g)].map((m) => m[1]!)
                : [];
      return [...here, ...Object.values(o).flatMap(implied)];
    };
    const obsolete = (resources: Packaged['template']['Resources']): string[] =>
      Object.entries(resources).flatMap(([id, r]) => {
        const refs = new Set(implied(r.Properties));
        return [r.DependsOn ?? []]
          .flat()
          .filter((d) => refs.has(String(d)))
          .map((d) => `${id} DependsOn ${String(d)}`);
      });
    expect(obsolete(template.Resources)).toEqual([]);
    const literalEquals = (value: unknown): unknown[] => {
      if (Array.isArray(value)) return value.flatMap(literalEquals);
      if (value === null || typeof value !== 'object') return [];
      const o = value as Json;
      const equals = o['Fn::Equals'];
      const own = Array.isArray(equals) && equals.every((v) => typeof v !== 'object') ? [equals] : [];
      return [...own, ...Object.values(o).flatMap(literalEquals)];
    };
    expect(literalEquals(template.Conditions)).toEqual([]);
    // The checks see what they look for: the framework's DependsOn on a role given by name, a condition on two literals.
    expect(
      obsolete({
        Fn: {
          Type: 'AWS::Lambda::Function',
          Properties: { Role: { 'Fn::GetAtt': ['SkillRole', 'Arn'] } },
          DependsOn: ['FnLogGroup', 'SkillRole'],
        },
      }),
    ).toEqual(['Fn DependsOn SkillRole']);
    expect(literalEquals({ C: { 'Fn::Equals': ['a', ''] } })).toHaveLength(1);
  });

  it.each([
    [
      'the nil uuid as SKILL_ID, saying it is the placeholder',
      { SKILL_ID: 'amzn1.ask.skill.00000000-0000-0000-0000-000000000000' },
      [],
      /SKILL_ID: amzn1\.ask\.skill\.0{8}-.* is the placeholder \(the nil uuid\), not a skill's id/,
    ],
    ['a SKILL_ID of another form', { SKILL_ID: 'foo' }, [], /SKILL_ID: "foo" is not a skill id/],
    [
      'the messaging client secret as a parameter',
      { SKILL_ID },
      ['--param=alexaClientSecret=s3cret'],
      /--param="alexaClientSecret=…" is not taken/,
    ],
    [
      "a messaging client id without its secret's name",
      { SKILL_ID },
      [`--param=alexaClientId=${MESSAGING_CLIENT.alexaClientId}`],
      /--param="alexaClientSecretName=…" \(or ALEXA_CLIENT_SECRET_NAME\): missing/,
    ],
  ])("refuses to package what npm run doctor refuses: %s, with doctor's line", async (_what, env, params, message) => {
    const dir = path.join(work, `refused-${Object.values(env).join('')}-${params.length}`);
    const { code, stdout, stderr } = await serverless.run(
      ['package', '--package', dir, ...params],
      offlineEnv(work, env),
      60_000,
    );
    expect(code).toBe(1);
    expect(stdout + stderr).toMatch(message);
    expect(stdout + stderr).not.toContain('s3cret');
    expect(existsSync(dir)).toBe(false);
  });

  it('without SKILL_ID, neither deploys nor packages: it stops before building anything, naming SKILL_ID', async () => {
    // No credentials in the environment (offlineEnv): had deploy gone on, it would have failed on them instead.
    for (const command of ['deploy', 'package']) {
      const dir = path.join(work, `no-skill-id-${command}`);
      const { code, stdout, stderr } = await serverless.run([command, '--package', dir], offlineEnv(work), 60_000);
      expect({ command, code }).toEqual({ command, code: 1 });
      expect(stdout + stderr).toMatch(/SKILL_ID is not set: the functions accept only the skill with this id/);
      expect(stdout + stderr).not.toMatch(/credentials|Packaging|esbuild/i);
      expect(existsSync(dir)).toBe(false);
    }
    // Nothing in serverless.yml stands in for the id.
    expect(readFileSync(path.join(ROOT, 'serverless.yml'), 'utf8')).not.toMatch(/amzn1\.ask\.skill\./);
  });

  it('with SKILL_ID, accepts exactly the skill that npm run skill-package records for ask deploy (docs/deploying.md, steps 4 and 5)', () => {
    const out = path.join(work, 'ask-project');
    writeSkillPackage({
      account: '123456789012',
      stage: 'dev',
      regions: ['us-east-1'],
      outDir: out,
      skillId: SKILL_ID,
    });
    const recorded = (
      JSON.parse(readFileSync(path.join(out, '.ask', 'ask-states.json'), 'utf8')) as {
        profiles: { default: { skillId: string } };
      }
    ).profiles.default.skillId;
    expect(SKILL_ID_FORM.test(recorded)).toBe(true);
    expect(permissions(withSkillId).map((p) => p['EventSourceToken'])).toEqual([recorded, recorded]);
  });

  it.each(FUNCTIONS)(
    "$name is a zip holding one bundled handler (and the voice functions' entry), without local-only code",
    ({ name, files }) => {
      const entries = readZip(path.join(minimal.dir, `${name}.zip`));
      expect([...entries.keys()].sort()).toEqual([...files].sort());
      const bundle = entries.get(files[0])?.toString('utf8') ?? '';
      expect(bundle).not.toMatch(/dynalite|virtual-alexa|_emulator/);
    },
  );

  it.each(lambdaFunctions())(
    '$name loads with nothing but Node (the AWS SDK and every other package bundled) and exports a handler of at most two parameters',
    async (fn) => {
      const dir = path.join(work, `load-${fn.name}`);
      const bundle = unpackFunction(minimal.dir, fn.name, dir).get(fn.bundleFile)?.toString('utf8') ?? '';
      const required = [...new Set([...bundle.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1] ?? ''))];
      const outside = required.filter((m) => !builtinModules.includes(m.replace(/^node:/, '')));
      // Optional packages asked for inside a try/catch: node-fetch's 'encoding' and the SDK's CRT signer
      // (only for SigV4a); and the Lambda client, which the nodejs24.x runtime provides and only the
      // skill's setup by voice loads (serverless.yml, esbuild exclude). Nothing else may be missing.
      const optional = [
        'encoding',
        '@aws-sdk/signature-v4-crt',
        ...(fn.name === 'skill' ? ['@aws-sdk/client-lambda'] : []),
      ];
      expect(outside.filter((m) => !optional.includes(m))).toEqual([]);

      // serverless.yml names the setup function to the skill alone.
      const setup: Record<string, string> =
        fn.name === 'skill' ? { SETUP_FUNCTION_NAME: 'tv-voice-remote-dev-setup' } : {};
      const { code, stdout, stderr } = await requireBundle(dir, fn, {
        TABLE_NAME: 'users',
        DEVICE_CLOUD_BASE_URL: 'http://127.0.0.1:9',
        AWS_REGION: LOCAL_AWS_ENV.AWS_REGION,
        ...setup,
      });
      const output = (stdout + stderr).replace(/\(node:\d+\) Warning: NodeVersionSupportWarning[\s\S]*$/, '');
      expect({ code, output }).toEqual({ code: 0, output: '' });
    },
  );

  it.each(lambdaFunctions())(
    '$name carries neither whatwg-url nor the SDK credential providers Lambda never uses',
    (fn) => {
      const bundle =
        readZip(path.join(minimal.dir, `${fn.name}.zip`))
          .get(fn.bundleFile)
          ?.toString('utf8') ?? '';
      // Strings of tr46's mapping table, and of the default chain's non-environment links.
      expect(bundle).not.toMatch(
        /xn--|defaultProvider::from|credential-provider-(ini|sso|process|web-identity)|fromInstanceMetadata/,
      );
    },
  );
});

describe('the packaged monitoring', () =>
  testMonitoring(() => ({ without: minimal, withEmail: withSkillId, email: ALARM_EMAIL })));

/** The table and device cloud the bundles and `serverless invoke local` talk to: one pair for the file. */
const local = useLoopback();

/** The packaged bundles answer real requests as the source does, with nothing but Node under them. */
describe('the packaged bundles at work', () => {
  let env: Record<string, string>;
  beforeAll(() => {
    env = {
      TABLE_NAME: local.dynamo.tableName,
      DEVICE_CLOUD_BASE_URL: local.emulator.url,
      SKILL_ID: REQUEST_SKILL_ID,
      SETUP_FUNCTION_NAME: 'tv-voice-remote-dev-setup',
      // What Lambda hands the function for its role: the bundle reads credentials from nowhere else.
      ...LOCAL_AWS_ENV,
      AWS_SESSION_TOKEN: 'package-test-session',
      AWS_ENDPOINT_URL_DYNAMODB: process.env['AWS_ENDPOINT_URL_DYNAMODB'] ?? '',
    };
  });
  const unpacked = (name: string) => {
    const fn = lambdaFunctions().find((f) => f.name === name);
    if (!fn) throw new Error(`serverless.yml has no function ${name}`);
    return { fn, dir: path.join(work, `work-${name}`), zip: withSkillId.dir };
  };

  it('the skill reads the user from the table and changes the channel, answering in words', async () => {
    const { fn, dir, zip } = unpacked('skill');
    unpackFunction(zip, fn.name, dir);
    const who = { userId: 'amzn1.ask.account.PACKAGED0001', token: 'packaged-token-0001' };
    const { tv } = await registerDemoTv(local.emulator, who.token, { power: 'on' });
    await local.dynamo.store.links.saveAccessToken(who.userId, who.token);
    await local.dynamo.store.tvs.saveTv(who.userId, tv);

    const result = await invokeBundle(dir, fn, env, intent('SetChannelIntent', { channel: '7' })(who));

    expect(result.code).toBe(0);
    expect(local.emulator.tvState(tv.thingId)?.channel).toBe(7);
    const response = result.response as { response?: { outputSpeech?: { ssml?: string } } };
    expect(response.response?.outputSpeech?.ssml).toMatch(/7/);
    expect(result.stdout + result.stderr).not.toContain(who.token);
    // The bundle writes the request's EMF line on stdout, as CloudWatch Logs will read it.
    expect(expectLogAgrees(jsonLines(result.stdout), 1)).toMatchObject({
      Door: 'skill',
      Command: 'SetChannelIntent',
      Outcome: 'ok',
      ColdStart: 1,
    });
  });

  it('the skill answers a launch without waiting for the device cloud connection it opened, and its process ends', async () => {
    const { fn, dir, zip } = unpacked('skill');
    unpackFunction(zip, fn.name, dir);
    // A device cloud that takes the TCP connection and never says a word: the TLS handshake never ends.
    const silent = new Set<Socket>();
    const server = createServer((socket) => silent.add(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const who = { userId: 'amzn1.ask.account.PACKAGED0005', token: 'packaged-token-0005' };
      const result = await invokeBundle(dir, fn, { ...env, DEVICE_CLOUD_BASE_URL: url }, launch()(who));
      expect(result.code).toBe(0);
      expect((result.response as { response?: { outputSpeech?: unknown } }).response?.outputSpeech).toBeDefined();
      expect(silent.size).toBe(1);
    } finally {
      for (const socket of silent) socket.destroy();
      server.close();
    }
  });

  it('the skill refuses a request for another skill id', async () => {
    const { fn, dir, zip } = unpacked('skill');
    unpackFunction(zip, fn.name, dir);
    const who = { userId: 'amzn1.ask.account.PACKAGED0002', token: 'packaged-token-0002' };
    const result = await invokeBundle(
      dir,
      fn,
      env,
      intent('SetChannelIntent', { channel: '7' }, { applicationId: 'amzn1.ask.skill.someone-else' })(who),
    );
    expect(result.response).toBeUndefined();
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/skill id|application id/i);
    expect(result.stdout + result.stderr).not.toContain(who.token);
  });

  it('the smart-home handler answers with Node alone, never throwing', async () => {
    const { fn, dir, zip } = unpacked('smarthome');
    unpackFunction(zip, fn.name, dir);
    // A directive it does not support needs neither table nor cloud.
    const directive = {
      directive: {
        header: {
          namespace: 'Alexa.Cooking',
          name: 'Cook',
          payloadVersion: '3',
          messageId: 'm1',
          correlationToken: 'c1',
        },
        payload: {},
      },
    };
    const result = await invokeBundle(dir, fn, env, directive);
    expect(result.code).toBe(0);
    const response = result.response as { event: { header: Json; payload: Json } };
    expect(response.event.header).toMatchObject({ namespace: 'Alexa', name: 'ErrorResponse', correlationToken: 'c1' });
    expect(response.event.payload).toEqual({
      type: 'INVALID_DIRECTIVE',
      message: 'Alexa.Cooking.Cook is not supported by this skill',
    });
    // A name Alexa may send but the skill does not serve is no metric dimension of its own.
    expect(expectLogAgrees(jsonLines(result.stdout), 0)).toMatchObject({
      Door: 'smarthome',
      Command: 'other',
      Outcome: 'refused',
      Failed: 0,
    });
  });

  it('the smart-home handler controls a TV without loading the table client, which only discovery loads', async () => {
    const { fn, dir, zip } = unpacked('smarthome');
    unpackFunction(zip, fn.name, dir);
    const token = 'packaged-token-0004';
    local.emulator.addAccount(token, { presets: [TV_PRESET] });
    const setup = await runSetup(
      { store: local.dynamo.store, cloud: new DeviceCloud({ baseUrl: local.emulator.url }) },
      { userId: 'amzn1.ask.account.PACKAGED0004', accessToken: token },
    );
    const thingId = setup.tv?.thingId ?? '';

    const found = await invokeBundle(dir, fn, env, discover()({ token, endpointId: '', cookie: {} }));
    const [endpoint] = (
      found.response as { event: { payload: { endpoints: { endpointId: string; cookie: Record<string, string> }[] } } }
    ).event.payload.endpoints;
    const control = await invokeBundle(
      dir,
      fn,
      env,
      turnOn()({ token, endpointId: endpoint?.endpointId ?? '', cookie: endpoint?.cookie ?? {} }),
    );

    expect((control.response as { event: { header: Json } }).event.header.name).toBe('Response');
    expect(local.emulator.tvState(thingId)?.power).toBe('on');
    // Node modules only the AWS SDK asks for (its configuration and request handling): loaded by
    // discovery, which reads the table, and by nothing a control directive runs.
    const onlyTheTable = (found.builtins ?? []).filter((m) => !(control.builtins ?? []).includes(m));
    expect(onlyTheTable).toEqual(expect.arrayContaining(['os', 'fs/promises']));
  });

  it('setup registers the TV of a linked user', async () => {
    const { fn, dir, zip } = unpacked('setup');
    unpackFunction(zip, fn.name, dir);
    const who = { userId: 'amzn1.ask.account.PACKAGED0003', token: 'packaged-token-0003' };
    local.emulator.addAccount(who.token);
    await local.dynamo.store.links.saveAccessToken(who.userId, who.token);

    const result = await invokeBundle(dir, fn, env, { userId: who.userId, tvPresetId: DEFAULT_PRESETS[0].deviceId });

    expect(result.code).toBe(0);
    expect(result.response).toMatchObject({ status: 'registered' });
    expect(local.emulator.tvs(who.token)).toHaveLength(1);
    expect((await local.dynamo.store.links.get(who.userId))?.tvs).toHaveLength(1);
  });
});

describe('serverless invoke local -f setup', () => {
  /** The operator's command, with the table named in TABLE_NAME and the local stand-ins in the usual variables. */
  async function invokeLocal(event: Record<string, string>): Promise<{ result: SetupResult; output: string }> {
    const { emulator, dynamo } = local;
    const env = offlineEnv(work, {
      TABLE_NAME: dynamo.tableName,
      DEVICE_CLOUD_BASE_URL: emulator.url,
      AWS_ENDPOINT_URL_DYNAMODB: process.env['AWS_ENDPOINT_URL_DYNAMODB'] ?? '',
      // The operator's shell has the skill's id (docs/deploying.md): serverless.yml resolves nothing without it.
      SKILL_ID: MINIMAL_SKILL_ID,
      ...LOCAL_AWS_ENV,
    });
    const { code, stdout, stderr } = await serverless.run(
      ['invoke', 'local', '-f', 'setup', '--data', JSON.stringify(event)],
      env,
    );
    const output = stdout + stderr;
    if (code !== 0) throw new Error(`serverless invoke local failed (${code}):\n${output}`);
    // The result is printed last, indented; the function's own log lines are one line each.
    const lines = stdout.split('\n');
    const start = lines.lastIndexOf('{');
    return { result: JSON.parse(lines.slice(start).join('\n')) as SetupResult, output };
  }

  it('registers the TV of the user who holds the link code, in the table the operator names', async () => {
    const { emulator, dynamo } = local;
    const token = newToken();
    const userId = 'amzn1.ask.account.invoke-local';
    emulator.addAccount(token);
    await dynamo.store.links.saveAccessToken(userId, token);
    const { code } = await dynamo.store.linkCodes.issueLinkCode(userId);

    const first = await invokeLocal({ code });
    expect(first.result.status).toBe('choose_preset');
    const rerun = { code, tvPresetId: DEFAULT_PRESETS[1].deviceId };
    // The rerun it suggests is local too, at the stage and region this run used.
    expect(first.result.next).toContain(
      `npx serverless invoke local --stage dev --region us-east-1 -f setup --data '{"code":"${code}",`,
    );

    const second = await invokeLocal(rerun);
    expect(second.result.status).toBe('registered');
    expect(emulator.tvs(token)).toHaveLength(1);
    expect((await dynamo.store.links.get(userId))?.tvs?.[0]?.thingId).toBe(second.result.tv?.thingId);
    expect(first.output + second.output).not.toContain(token);
  });
});
