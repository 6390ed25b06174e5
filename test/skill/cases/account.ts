// Linking, the setup offer and the setup code, the token kept fresh in the store, and the skill-id check.
import { powerOn } from '../../support/device-calls';
import type { SkillCase } from '../../support/skill/case';
import { storedToken } from '../../support/skill/given';
import { SKILL_ID, intent, launch } from '../../support/skill/requests';

const SPOKEN_CODE = /<say-as interpret-as="digits">(\d{6})<\/say-as>/;
const SETUP_CODE = /your setup code is <say-as interpret-as="digits">(\d{6})<\/say-as>\./;

export const accountCases: SkillCase[] = [
  {
    description: 'with no token in the request or the store, it asks to link the account and sends a LinkAccount card',
    ja: { speech: 'テレビを操作するには、Alexaアプリでテレビリモコンのアカウントをリンクしてください。' },
    user: 'unknown',
    request: intent('TurnOnIntent', {}, { withToken: false }),
    expected: {
      calls: [],
      speech: 'To control your TV, link your TV remote account in the Alexa app.',
      card: { type: 'LinkAccount' },
      shouldEndSession: true,
      store: { get: 1, saveAccessToken: 0 },
      record: (record) => expect(record).toBeUndefined(),
    },
  },
  {
    description: 'opening the skill without a linked account also asks to link it',
    ja: { speech: 'アカウントをリンクしてください' },
    user: 'unknown',
    request: launch({ withToken: false }),
    expected: {
      calls: [],
      speech: 'link your TV remote account',
      card: { type: 'LinkAccount' },
      shouldEndSession: true,
    },
  },
  {
    description:
      'a linked user without a TV who opens the skill is offered setup by voice, and no setup code is issued',
    ja: { speech: 'まだテレビが設定されていません。今テレビを探しましょうか?', reprompt: 'テレビを探しましょうか?' },
    user: 'linked-no-tv',
    request: launch(),
    expected: {
      calls: [],
      speech: "You don't have a TV set up yet. I can look for your TV now. Shall I?",
      reprompt: 'Shall I look for your TV?',
      shouldEndSession: false,
      sessionAttributes: () => ({ question: { ask: 'offer' } }),
      store: { get: 1, saveAccessToken: 1, issueLinkCode: 0 },
    },
  },
  {
    description: 'a user with a TV who asks to set up another gets a setup code, and how to set it up by voice',
    request: intent('AddTvIntent'),
    expected: {
      calls: [],
      speech: /To set up another TV, your setup code is <say-as interpret-as="digits">\d{6}<\/say-as>\./,
      shouldEndSession: true,
      card: {
        type: 'Simple',
        title: 'Set up another TV',
        content: /\nOr set the TV up by voice: Alexa, ask TV remote to set up the bedroom TV\.\n/,
      },
      store: { get: 1, issueLinkCode: 1 },
      check: async (ctx, response) => {
        const r = response.response;
        const code = r.card?.type === 'Simple' ? /Your setup code: (\d{6})/.exec(r.card.content ?? '')?.[1] : undefined;
        await expect(ctx.store.linkCodes.findLinkCode(code ?? '')).resolves.toBe(ctx.userId);
      },
    },
  },
  {
    description: 'a linked user without a TV who asks for a setup code gets one, the same as a user with TVs',
    ja: {
      speech: /コードは<say-as interpret-as="digits">\d{6}<\/say-as>です。/,
      card: { title: '別のテレビのセットアップ', content: /^セットアップコード: \d{6}\n/ },
    },
    user: 'linked-no-tv',
    request: intent('AddTvIntent'),
    expected: {
      calls: [],
      speech: SETUP_CODE,
      card: { type: 'Simple', title: 'Set up another TV', content: /^Your setup code: \d{6}\n/ },
      shouldEndSession: true,
      store: { get: 1, issueLinkCode: 1 },
      check: async (ctx, response) => {
        const r = response.response;
        const spokenCode = r.outputSpeech?.type === 'SSML' ? SPOKEN_CODE.exec(r.outputSpeech.ssml)?.[1] : undefined;
        const content = r.card?.type === 'Simple' ? (r.card.content ?? '') : '';
        expect(spokenCode).toMatch(/^\d{6}$/);
        expect(content).toContain(`${spokenCode}\n`);
        expect(content).not.toMatch(/serverless|--data/);
        // The code is real: the setup function will find this user by it.
        await expect(ctx.store.linkCodes.findLinkCode(spokenCode ?? '')).resolves.toBe(ctx.userId);
      },
    },
  },
  {
    description: 'a request token that differs from the stored one is saved, and drives the TV',
    ja: { speech: 'テレビをつけます。' },
    given: [storedToken('an-older-token')],
    request: intent('TurnOnIntent'),
    expected: {
      calls: (tv) => [powerOn(tv)],
      speech: 'Turning the TV on.',
      shouldEndSession: true,
      tv: { power: 'on' },
      store: { get: 1, saveAccessToken: 1 },
      record: (record, ctx) => expect(record?.accessToken).toBe(ctx.token),
    },
  },
  {
    description:
      'a late request with an older token keeps the newer stored token, and still drives the TV with its own',
    // The store's token came with a request made a minute after this one (Alexa rotated it meanwhile).
    given: [(ctx) => ctx.store.links.saveAccessToken(ctx.userId, 'a-newer-token', Date.now() + 60_000)],
    request: intent('TurnOnIntent'),
    expected: {
      calls: (tv) => [powerOn(tv)],
      speech: 'Turning the TV on.',
      shouldEndSession: true,
      tv: { power: 'on' },
      store: { get: 1, saveAccessToken: 1 },
      record: (record) => expect(record?.accessToken).toBe('a-newer-token'),
      logs: [/"message":"kept the stored access token: it came with a newer request"/],
    },
  },
  {
    description: 'a request token equal to the stored one is not written again',
    ja: { speech: '音量を上げました。' },
    request: intent('VolumeUpIntent'),
    expected: {
      calls: (tv) => [{ method: 'PUT', path: '/device/v2/tv/volume/', body: { thingId: tv, control: 'up' } }],
      speech: 'OK, volume up.',
      shouldEndSession: true,
      store: { get: 1, saveAccessToken: 0 },
      record: (record, ctx) => expect(record?.accessToken).toBe(ctx.token),
    },
  },
  {
    description: 'without a token in the request, the stored token still drives the TV',
    ja: { speech: 'テレビをつけます。' },
    request: intent('TurnOnIntent', {}, { withToken: false }),
    expected: {
      calls: (tv) => [powerOn(tv)],
      speech: 'Turning the TV on.',
      shouldEndSession: true,
      tv: { power: 'on' },
      store: { get: 1, saveAccessToken: 0 },
    },
  },
  ...(
    [
      ['a line break', (token: string) => `${token}\r\nx-injected: 1`],
      ['100 KB', () => 'x'.repeat(100_000)],
    ] as const
  ).map(([what, malformed]): SkillCase => ({
    description: `a request token with ${what} is no token: the stored one drives the TV and is not overwritten`,
    ja: { speech: 'テレビをつけます。' },
    request: (who) => intent('TurnOnIntent')({ ...who, token: malformed(who.token) }),
    expected: {
      calls: (tv) => [powerOn(tv)],
      speech: 'Turning the TV on.',
      shouldEndSession: true,
      tv: { power: 'on' },
      store: { get: 1, saveAccessToken: 0 },
      record: (record, ctx) => expect(record?.accessToken).toBe(ctx.token),
      logs: [/"level":"warn","message":"the request carries a malformed access token"/],
    },
  })),
  {
    description: 'a malformed request token with none stored asks to link the account',
    user: 'linked-no-tv',
    request: (who) => intent('TurnOnIntent')({ ...who, token: `${who.token}\n` }),
    expected: {
      calls: [],
      speech: 'link your TV remote account',
      card: { type: 'LinkAccount' },
      shouldEndSession: true,
      store: { saveAccessToken: 0 },
    },
  },
  {
    description: 'a request for another skill is refused and reaches neither the store nor the device cloud',
    skill: { skillId: SKILL_ID },
    request: intent('TurnOnIntent', {}, { applicationId: 'amzn1.ask.skill.someone-else' }),
    expected: {
      outcome: 'refused',
      calls: [],
      rejects: /verification failed/,
      shouldEndSession: undefined,
      tv: { power: 'off' },
      store: { get: 0, saveAccessToken: 0 },
    },
  },
  {
    description: 'a request for this skill passes the skill-id check',
    ja: { speech: 'テレビをつけます。' },
    skill: { skillId: SKILL_ID },
    request: intent('TurnOnIntent'),
    expected: {
      calls: (tv) => [powerOn(tv)],
      speech: 'Turning the TV on.',
      shouldEndSession: true,
      tv: { power: 'on' },
    },
  },
];
