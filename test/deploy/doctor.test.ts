// npm run doctor: every deploy input the steps of docs/deploying.md pass, checked offline before anything is
// deployed. A table of inputs, each case taking one away or getting one wrong: exactly that one is named,
// on a line of its own, and the command exits non-zero. Secrets are never printed.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import {
  doctor,
  googleRedirectUrls,
  inputsFrom,
  redirectUrl,
  render,
  stackInputProblems,
  type DeployInputs,
} from '../../scripts/doctor';
import {
  MANIFEST_FILE,
  MANIFEST_PARAMETERS,
  ROOT,
  modelLocales,
  readJson,
  servedLocales,
  type SkillManifest,
} from '../../skill/package';

const LOCALES = servedLocales(readJson<SkillManifest>(MANIFEST_FILE), modelLocales());
const SECRETS = {
  deviceCloudClientSecret: 'device-cloud-secret-not-for-print',
  testAccountPassword: 'test-account-password-not-for-print',
};

const COMPLETE: DeployInputs = {
  skillId: 'amzn1.ask.skill.11111111-2222-3333-4444-555555555555',
  vendorId: 'M2ABCDEFGHIJK',
  googleProjectId: 'tv-remote-4b2f1',
  account: '123456789012',
  stage: 'prod',
  regions: ['us-east-1', 'eu-west-1', 'us-west-2'],
  params: {
    alexaClientId: 'amzn1.application-oa2-client.0123456789abcdef0123456789abcdef',
    alexaClientSecretName: 'tv-voice-remote/alexa-client-secret',
    monitoring: 'on',
    alarmEmail: 'ops@example.com',
    googleServiceAccountSecret: 'tv-voice-remote/google-service-account',
  },
  deviceCloudClientId: 'device-cloud-client',
  deviceCloudClientSecret: SECRETS.deviceCloudClientSecret,
  manifest: {
    privacyPolicyUrl: 'https://example.com/privacy',
    termsOfUseUrl: 'https://example.com/terms',
    smallIconUri: 'https://example.com/small.png',
    largeIconUri: 'https://example.com/large.png',
  },
  testAccount: { user: 'certification@example.com', password: SECRETS.testAccountPassword },
};

const without = (change: (i: DeployInputs) => void): DeployInputs => {
  const copy = structuredClone(COMPLETE);
  change(copy);
  return copy;
};
const missingLines = (inputs: DeployInputs) =>
  doctor(inputs, LOCALES)
    .findings.filter((f) => f.level === 'missing')
    .map((f) => f.line);

describe('npm run doctor', () => {
  it('passes a complete set of inputs, and lists the Alexa redirect URLs of every region with the vendor id', () => {
    const report = doctor(COMPLETE, LOCALES);
    expect(report.findings.filter((f) => f.level !== 'ok')).toEqual([]);
    expect(report.redirects.map((r) => r.url)).toEqual([
      'https://pitangui.amazon.com/api/skill/link/M2ABCDEFGHIJK',
      'https://layla.amazon.com/api/skill/link/M2ABCDEFGHIJK',
      'https://alexa.amazon.co.jp/api/skill/link/M2ABCDEFGHIJK',
    ]);
    expect(report.redirects.find((r) => r.region === 'FE')?.locales).toEqual(
      expect.arrayContaining(['ja-JP', 'en-AU']),
    );
    expect(render(report)).toMatch(/Every deploy input is there\.\n$/);
  });

  it("lists Google's redirect URLs with the project id, the sandbox one too, as Google's account linking sends them", () => {
    const report = doctor(COMPLETE, LOCALES);
    expect(report.googleRedirects).toEqual([
      'https://oauth-redirect.googleusercontent.com/r/tv-remote-4b2f1',
      'https://oauth-redirect-sandbox.googleusercontent.com/r/tv-remote-4b2f1',
    ]);
    expect(render(report)).toContain('Google redirect URLs to allow in the device-cloud client for Google Home');
    expect(render(report)).toContain(
      "  https://oauth-redirect-sandbox.googleusercontent.com/r/tv-remote-4b2f1  (Google's sandbox)",
    );
    // Without a project id: a note, as Google Home is optional, and the URLs with a placeholder.
    const unset = doctor(
      without((i) => delete i.googleProjectId),
      LOCALES,
    );
    expect(unset.findings.filter((f) => f.level !== 'ok')).toEqual([
      { level: 'note', line: expect.stringMatching(/^GOOGLE_PROJECT_ID \(or --google-project-id\): not set/) },
    ]);
    expect(unset.googleRedirects).toEqual(googleRedirectUrls('<project id>'));
    expect(
      inputsFrom(['--google-project-id', 'flag-project'], { GOOGLE_PROJECT_ID: 'env-project' }).googleProjectId,
    ).toBe('flag-project');
    expect(inputsFrom([], { GOOGLE_PROJECT_ID: ' env-project ' }).googleProjectId).toBe('env-project');
  });

  const CASES: [string, (i: DeployInputs) => void, RegExp][] = [
    ['no skill id', (i) => delete i.skillId, /^SKILL_ID: missing; create the skill first/],
    [
      "a skill id not of Amazon's form",
      (i) => {
        i.skillId = 'amzn1.ask.skill.00000000-0000-0000-0000-000000000000x';
      },
      /^SKILL_ID: ".*" is not a skill id/,
    ],
    [
      'the nil uuid as a skill id, saying it is the placeholder',
      (i) => {
        i.skillId = 'amzn1.ask.skill.00000000-0000-0000-0000-000000000000';
      },
      /^SKILL_ID: amzn1\.ask\.skill\.0{8}-.* is the placeholder \(the nil uuid\), not a skill's id/,
    ],
    [
      'no test account for the certification team',
      (i) => delete i.testAccount.user,
      /^TEST_ACCOUNT_USER: missing; the device-cloud account/,
    ],
    ['a test account without its password', (i) => delete i.testAccount.password, /^TEST_ACCOUNT_PASSWORD: missing/],
    ['no vendor id', (i) => delete i.vendorId, /^ASK_VENDOR_ID \(or --vendor-id\): missing/],
    [
      'a vendor id not of its form',
      (i) => {
        i.vendorId = 'my vendor';
      },
      /^ASK_VENDOR_ID: "my vendor" is not a vendor id/,
    ],
    [
      'a Google project id with capitals',
      (i) => {
        i.googleProjectId = 'My-Project';
      },
      /^GOOGLE_PROJECT_ID: "My-Project" is not a Google project id/,
    ],
    [
      'a Google project id of 5 characters',
      (i) => {
        i.googleProjectId = 'tv-re';
      },
      /^GOOGLE_PROJECT_ID: "tv-re" is not a Google project id/,
    ],
    ['no account', (i) => delete i.account, /^--account \(or AWS_ACCOUNT_ID\): missing/],
    [
      'an account of 11 digits',
      (i) => {
        i.account = '12345678901';
      },
      /^--account must be the 12-digit AWS account id/,
    ],
    [
      'a stage with a space',
      (i) => {
        i.stage = 'my stage';
      },
      /^--stage must be/,
    ],
    [
      'a region Alexa does not call',
      (i) => {
        i.regions = ['ap-northeast-1', 'us-east-1', 'eu-west-1', 'us-west-2'];
      },
      /^--regions: ap-northeast-1 is not a region Alexa calls/,
    ],
    ['no messaging client id', (i) => delete i.params['alexaClientId'], /^--param="alexaClientId=…": missing/],
    [
      'a messaging client id of another form',
      (i) => {
        i.params['alexaClientId'] = 'amzn1.ask.skill.x';
      },
      /^--param="alexaClientId=…": ".*" is not amzn1\.application-oa2-client\./,
    ],
    [
      "no messaging client secret's name",
      (i) => delete i.params['alexaClientSecretName'],
      /^--param="alexaClientSecretName=…" \(or ALEXA_CLIENT_SECRET_NAME\): missing/,
    ],
    [
      "the messaging client secret's name given by ARN",
      (i) => {
        i.params['alexaClientSecretName'] = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:alexa-AbCdEf';
      },
      /^--param="alexaClientSecretName=…": ".*" is an ARN/,
    ],
    [
      'the messaging client secret itself, which the stack would carry',
      (i) => {
        i.params['alexaClientSecret'] = 'a-secret';
      },
      /^--param="alexaClientSecret=…" is not taken: .*--param="alexaClientSecretName=…"/,
    ],
    ['no device-cloud client id', (i) => delete i.deviceCloudClientId, /^DEVICE_CLOUD_CLIENT_ID: missing/],
    ['no device-cloud client secret', (i) => delete i.deviceCloudClientSecret, /^DEVICE_CLOUD_CLIENT_SECRET: missing/],
    ...MANIFEST_PARAMETERS.map((p): [string, (i: DeployInputs) => void, RegExp] => [
      `no ${p.what}`,
      (i) => delete i.manifest[p.key],
      new RegExp(`^${p.env} \\(or --${p.flag}\\): missing`),
    ]),
    [
      'a privacy policy over http',
      (i) => {
        i.manifest.privacyPolicyUrl = 'http://example.com/privacy';
      },
      /^PRIVACY_POLICY_URL \(or --privacy-policy-url\): ".*" must be an https URL/,
    ],
    [
      'monitoring neither on nor off',
      (i) => {
        i.params['monitoring'] = 'yes';
      },
      /^--param="monitoring=…": "yes" must be on or off/,
    ],
    [
      'an alarm e-mail with monitoring off',
      (i) => {
        i.params['monitoring'] = 'off';
      },
      /^--param="alarmEmail=…" is given but monitoring is off/,
    ],
    [
      'an alarm e-mail that is no address',
      (i) => {
        i.params['alarmEmail'] = 'ops';
      },
      /^--param="alarmEmail=…": "ops" is not an e-mail address/,
    ],
    [
      "Request Sync's secret given by ARN",
      (i) => {
        i.params['googleServiceAccountSecret'] = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:google-AbCdEf';
      },
      /^--param="googleServiceAccountSecret=…": ".*" is an ARN; give the secret's name/,
    ],
    [
      "Request Sync's secret with a space in its name",
      (i) => {
        i.params['googleServiceAccountSecret'] = 'google key';
      },
      /^--param="googleServiceAccountSecret=…": "google key" is not a Secrets Manager secret name/,
    ],
  ];

  it.each(CASES)('flags %s on one line of its own', (_name, change, line) => {
    const lines = missingLines(without(change));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(line);
  });

  it('flags each missing input of an empty environment, one line each, and exits non-zero', () => {
    const inputs = inputsFrom([], {});
    const lines = missingLines(inputs);
    // Skill id, vendor id, account, the messaging client's id and secret, the device-cloud client's, the
    // four manifest parameters, and the test account's user and password.
    expect(lines).toHaveLength(5 + 2 + MANIFEST_PARAMETERS.length + 2);
    expect(render(doctor(inputs, LOCALES))).toContain(`${lines.length} deploy inputs missing or wrong`);
    expect(render(doctor(inputs, LOCALES))).toContain('https://alexa.amazon.co.jp/api/skill/link/<vendor id>');
  });

  it('notes, without failing, the locales whose smart-home model has no stack: a household serves its own region', () => {
    const report = doctor(
      without((i) => {
        i.regions = ['us-west-2'];
      }),
      LOCALES,
    );
    expect(report.findings.filter((f) => f.level === 'missing')).toEqual([]);
    const notes = report.findings.filter((f) => f.level === 'note').map((f) => f.line);
    expect(notes).toEqual([
      expect.stringMatching(/^--regions: no stack for en-US, en-CA .*add us-east-1 to --regions/),
      expect.stringMatching(/^--regions: no stack for en-GB, en-IN .*add eu-west-1 to --regions/),
    ]);
  });

  it('says Request Sync is on with its secret, and off, as a note that fails nothing, without one', () => {
    const on = doctor(COMPLETE, LOCALES).findings.filter((f) =>
      f.line.startsWith('--param="googleServiceAccountSecret'),
    );
    expect(on).toEqual([
      { level: 'ok', line: expect.stringContaining('tv-voice-remote/google-service-account (Request Sync on') },
    ]);
    const off = doctor(
      without((i) => delete i.params['googleServiceAccountSecret']),
      LOCALES,
    ).findings.filter((f) => f.level !== 'ok');
    expect(off).toEqual([
      {
        level: 'note',
        line: expect.stringMatching(/^--param="googleServiceAccountSecret=…": not set, so Request Sync is off/),
      },
    ]);
    // As serverless.yml reads it: the parameter, else GOOGLE_SERVICE_ACCOUNT_SECRET.
    expect(inputsFrom([], { GOOGLE_SERVICE_ACCOUNT_SECRET: ' google-key ' }).params).toEqual({
      googleServiceAccountSecret: 'google-key',
    });
  });

  it('never prints a secret, only that it is set', () => {
    const text = render(doctor(COMPLETE, LOCALES));
    for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
    expect(text).toContain('DEVICE_CLOUD_CLIENT_SECRET: set');
  });

  it("reads the inputs as the deploy steps pass them: the environment, skill-package's flags and serverless's --param", () => {
    const inputs = inputsFrom(
      [
        '--account',
        '123456789012',
        '--stage',
        'prod',
        '--regions',
        'us-west-2, us-east-1',
        '--vendor-id',
        'M2ABCDEFGHIJK',
        '--param=alexaClientId=amzn1.application-oa2-client.x',
        '--param',
        'alexaClientSecretName=a=b',
        '--param=monitoring=on',
        '--large-icon-url',
        'https://example.com/l.png',
      ],
      {
        SKILL_ID: ' amzn1.ask.skill.x ',
        ALARM_EMAIL: 'ops@example.com',
        MONITORING: 'off',
        DEVICE_CLOUD_CLIENT_ID: 'id',
        PRIVACY_POLICY_URL: 'https://example.com/p',
        LARGE_ICON_URL: 'https://example.com/env.png',
        TEST_ACCOUNT_USER: ' tester@example.com ',
        TEST_ACCOUNT_PASSWORD: ' pass word ',
      },
    );
    expect(inputs).toEqual({
      skillId: 'amzn1.ask.skill.x',
      vendorId: 'M2ABCDEFGHIJK',
      account: '123456789012',
      deviceCloudClientId: 'id',
      stage: 'prod',
      regions: ['us-west-2', 'us-east-1'],
      // A --param wins over its variable, as in serverless.yml (${param:monitoring, env:MONITORING, 'off'}).
      params: {
        alarmEmail: 'ops@example.com',
        monitoring: 'on',
        alexaClientId: 'amzn1.application-oa2-client.x',
        alexaClientSecretName: 'a=b',
      },
      manifest: { privacyPolicyUrl: 'https://example.com/p', largeIconUri: 'https://example.com/l.png' },
      // A password is taken as given, spaces and all.
      testAccount: { user: 'tester@example.com', password: ' pass word ' },
    });
    expect(inputsFrom([], { AWS_ACCOUNT_ID: '123456789012' })).toMatchObject({
      account: '123456789012',
      stage: 'dev',
      regions: ['us-east-1'],
    });
    expect(() => inputsFrom(['--param', 'monitoring'], {})).toThrow(/--param must be name=value/);
  });

  it('refuses for the stack (serverless package, build/deploy-inputs.js) exactly its own lines for what the stack reads; an absent optional input passes', () => {
    const stack = (i: DeployInputs) =>
      stackInputProblems({ ...(i.skillId !== undefined && { skillId: i.skillId }), params: i.params });
    expect(stack(COMPLETE)).toEqual([]);
    expect(
      stack(
        without((i) => {
          i.params = {};
        }),
      ),
    ).toEqual([]);
    for (const [, change] of CASES) {
      const changed = without(change);
      const read = missingLines(changed).filter((l) => /^(SKILL_ID|--param=)/.test(l));
      expect(stack(changed)).toEqual(read);
    }
    expect(stack(without((i) => delete i.params['alexaClientId']))).toEqual([
      expect.stringMatching(/^--param="alexaClientId=…": missing/),
    ]);
  });

  it("builds each redirect URL from its region's host and the vendor id", () => {
    expect(redirectUrl('FE', 'M2X')).toBe('https://alexa.amazon.co.jp/api/skill/link/M2X');
  });

  describe('as a command', () => {
    const run = (args: string[], env: Record<string, string>) =>
      spawnSync(process.execPath, [require.resolve('tsx/cli'), path.join('scripts', 'doctor.ts'), ...args], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { PATH: process.env['PATH'] ?? '', ...env },
      });

    it('exits 0 when every input is there, 1 with a line for what is missing', () => {
      const env = {
        SKILL_ID: COMPLETE.skillId!,
        ASK_VENDOR_ID: COMPLETE.vendorId!,
        GOOGLE_PROJECT_ID: COMPLETE.googleProjectId!,
        AWS_ACCOUNT_ID: COMPLETE.account!,
        DEVICE_CLOUD_CLIENT_ID: COMPLETE.deviceCloudClientId!,
        DEVICE_CLOUD_CLIENT_SECRET: SECRETS.deviceCloudClientSecret,
        PRIVACY_POLICY_URL: 'https://example.com/privacy',
        TERMS_OF_USE_URL: 'https://example.com/terms',
        SMALL_ICON_URL: 'https://example.com/s.png',
        LARGE_ICON_URL: 'https://example.com/l.png',
        TEST_ACCOUNT_USER: COMPLETE.testAccount.user!,
        TEST_ACCOUNT_PASSWORD: SECRETS.testAccountPassword,
      };
      const args = [
        '--regions',
        COMPLETE.regions.join(','),
        `--param=alexaClientId=${COMPLETE.params['alexaClientId']}`,
        `--param=alexaClientSecretName=${COMPLETE.params['alexaClientSecretName']}`,
      ];
      const complete = run(args, env);
      expect({ status: complete.status, stderr: complete.stderr }).toEqual({ status: 0, stderr: '' });
      expect(complete.stdout).not.toContain('MISSING');

      const { SKILL_ID: _skipped, ...rest } = env;
      const incomplete = run(args, rest);
      expect(incomplete.status).toBe(1);
      expect(incomplete.stdout.split('\n').filter((l) => l.startsWith('MISSING'))).toEqual([
        expect.stringMatching(/^MISSING {2}SKILL_ID: missing/),
      ]);
      for (const secret of Object.values(SECRETS)) expect(complete.stdout + incomplete.stdout).not.toContain(secret);
    });
  });
});
