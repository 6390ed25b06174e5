import { parseSetupEvent, SetupInputError } from '../../src/setup';

const long = 'x'.repeat(65);

interface BadEvent {
  why: string;
  event: unknown;
  field: string;
  says: string;
}

const bad: BadEvent[] = [
  { why: 'no user at all', event: {}, field: 'code', says: 'code is required' },
  { why: 'a five-digit code', event: { code: '12345' }, field: 'code', says: 'code must be six digits' },
  { why: 'a seven-digit code', event: { code: '1234567' }, field: 'code', says: 'code must be six digits' },
  { why: 'a code with a letter', event: { code: '12a456' }, field: 'code', says: 'code must be six digits' },
  {
    why: 'a number that lost its leading zero',
    event: { code: 12345 },
    field: 'code',
    says: 'code must be six digits (write it as a string',
  },
  { why: 'a fractional number', event: { code: 123456.5 }, field: 'code', says: 'code must be six digits' },
  { why: 'a boolean code', event: { code: true }, field: 'code', says: 'code must be six digits' },
  {
    why: 'both code and userId',
    event: { code: '123456', userId: 'u' },
    field: 'code',
    says: 'either code or userId, not both',
  },
  { why: 'an empty userId', event: { userId: '  ' }, field: 'userId', says: 'userId must not be empty' },
  { why: 'a numeric userId', event: { userId: 5 }, field: 'userId', says: 'userId must be a string' },
  {
    why: 'a numeric tvPresetId',
    event: { userId: 'u', tvPresetId: 7 },
    field: 'tvPresetId',
    says: 'tvPresetId must be a string',
  },
  {
    why: 'a blank tvPresetId',
    event: { userId: 'u', tvPresetId: ' ' },
    field: 'tvPresetId',
    says: 'tvPresetId must not be empty',
  },
  { why: 'an empty tvName', event: { userId: 'u', tvName: '' }, field: 'tvName', says: 'tvName must not be empty' },
  {
    why: 'a tvName over 64 characters',
    event: { userId: 'u', tvName: long },
    field: 'tvName',
    says: 'tvName must be at most 64 characters',
  },
  {
    why: 'a remoteName that is a list',
    event: { userId: 'u', remoteName: ['Hall'] },
    field: 'remoteName',
    says: 'remoteName must be a string',
  },
  {
    why: 'a remoteName with a line break',
    event: { userId: 'u', remoteName: 'Hall\nremote' },
    field: 'remoteName',
    says: 'remoteName must not contain control characters',
  },
  {
    why: 'an empty accessToken',
    event: { userId: 'u', accessToken: '' },
    field: 'accessToken',
    says: 'accessToken must be a non-empty string',
  },
  {
    why: 'a numeric accessToken',
    event: { userId: 'u', accessToken: 42 },
    field: 'accessToken',
    says: 'accessToken must be a non-empty string',
  },
  {
    why: 'an empty removeTv',
    event: { userId: 'u', removeTv: ' ' },
    field: 'removeTv',
    says: 'removeTv must not be empty',
  },
  {
    why: 'a numeric removeTv',
    event: { userId: 'u', removeTv: 2 },
    field: 'removeTv',
    says: 'removeTv must be a string',
  },
  {
    why: 'a removeTv over 64 characters',
    event: { userId: 'u', removeTv: long },
    field: 'removeTv',
    says: 'removeTv must be at most 64 characters',
  },
  {
    why: 'removeTv with a tvName',
    event: { userId: 'u', removeTv: 'Den', tvName: 'Den' },
    field: 'removeTv',
    says: 'removeTv cannot go with tvName',
  },
  {
    why: 'removeTv with an area',
    event: { userId: 'u', removeTv: 'Den', area: 'tokyo' },
    field: 'removeTv',
    says: 'removeTv cannot go with area',
  },
  {
    why: 'removeTv with a tvPresetId',
    event: { code: '123456', removeTv: 'Den', tvPresetId: 'TV-1' },
    field: 'removeTv',
    says: 'removeTv cannot go with tvPresetId',
  },
  {
    why: 'a misspelt removeTv',
    event: { userId: 'u', removeTV: 'Den' },
    field: 'removeTV',
    says: "unknown field 'removeTV' (did you mean 'removeTv'?)",
  },
  {
    why: 'a misspelt field',
    event: { userId: 'u', tvname: 'Den' },
    field: 'tvname',
    says: "unknown field 'tvname' (did you mean 'tvName'?)",
  },
  {
    why: 'a field nobody knows',
    event: { userId: 'u', colour: 'red' },
    field: 'colour',
    says: "unknown field 'colour'",
  },
  {
    why: 'a volumeStep of 0',
    event: { userId: 'u', volumeStep: 0 },
    field: 'volumeStep',
    says: 'volumeStep must be a whole number from 1 to 5',
  },
  {
    why: 'a volumeStep of 6',
    event: { userId: 'u', volumeStep: 6 },
    field: 'volumeStep',
    says: 'volumeStep must be a whole number from 1 to 5',
  },
  {
    why: 'a volumeStep of 2.5',
    event: { userId: 'u', volumeStep: 2.5 },
    field: 'volumeStep',
    says: 'volumeStep must be a whole number',
  },
  {
    why: 'a volumeStep as text',
    event: { userId: 'u', volumeStep: '3' },
    field: 'volumeStep',
    says: 'volumeStep must be a whole number',
  },
  {
    why: 'removeTv with a volumeStep',
    event: { userId: 'u', removeTv: 'Den', volumeStep: 2 },
    field: 'removeTv',
    says: 'removeTv cannot go with volumeStep',
  },
  {
    why: 'an unknown area',
    event: { userId: 'u', area: 'atlantis' },
    field: 'area',
    says: 'area \'atlantis\' is not a Japanese prefecture; write a prefecture such as "北海道"',
  },
  {
    why: 'an area that is a number',
    event: { userId: 'u', area: 13 },
    field: 'area',
    says: 'area must be a prefecture such as',
  },
  {
    why: 'channels as a list',
    event: { userId: 'u', channels: ['NHK'] },
    field: 'channels',
    says: 'channels must be an object',
  },
  {
    why: 'no channels in the map',
    event: { userId: 'u', channels: {} },
    field: 'channels',
    says: 'at least one channel',
  },
  {
    why: 'a channel button out of range',
    event: { userId: 'u', channels: { 'BBC One': 13 } },
    field: 'channels',
    says: "'BBC One' must be a button from 1 to 12",
  },
  {
    why: 'a channel button as text',
    event: { userId: 'u', channels: { ITV: '3' } },
    field: 'channels',
    says: "'ITV' must be a button",
  },
  {
    why: 'a name given twice',
    event: { userId: 'u', channels: { ITV: 3, ' itv ': 4 } },
    field: 'channels',
    says: 'given twice',
  },
  {
    why: 'too many channel names',
    event: { userId: 'u', channels: Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`c${i}`, 1])) },
    field: 'channels',
    says: 'at most 24',
  },
  { why: 'text that is not JSON', event: '{"code": ', field: 'event', says: 'event must be a JSON object' },
  { why: 'JSON text of a list', event: '["123456"]', field: 'event', says: 'event must be a JSON object' },
  { why: 'a list', event: ['123456'], field: 'event', says: 'event must be a JSON object' },
  { why: 'null', event: null, field: 'event', says: 'event must be a JSON object' },
  { why: 'nothing', event: undefined, field: 'event', says: 'event must be a JSON object' },
];

describe.each(bad)('an event with $why', ({ event, field, says }) => {
  it('is refused with an error naming the field', () => {
    let error: unknown;
    try {
      parseSetupEvent(event);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SetupInputError);
    expect(error).toMatchObject({ field });
    expect((error as Error).message).toContain(says);
  });
});

describe('a valid event', () => {
  it('may be JSON text, and a code keeps its leading zero', () => {
    expect(parseSetupEvent('{"code": "012345"}')).toEqual({ code: '012345' });
  });

  it('accepts a code given as a number that prints as six digits', () => {
    expect(parseSetupEvent({ code: 654321 })).toEqual({ code: '654321' });
  });

  it('has its strings trimmed and its null options dropped', () => {
    expect(
      parseSetupEvent({
        userId: ' u1 ',
        tvName: '  Living room TV ',
        remoteName: null,
        tvPresetId: ' TV-1 ',
        accessToken: ' abc ',
      }),
    ).toEqual({ userId: 'u1', tvName: 'Living room TV', tvPresetId: 'TV-1', accessToken: 'abc' });
  });

  it("takes an area by any of its names or a postal code, and the user's own channel names", () => {
    expect(parseSetupEvent({ code: '123456', area: 'Tokyo' }).channels).toEqual({ area: 'tokyo' });
    expect(parseSetupEvent({ code: '123456', area: '関西' }).channels).toEqual({ area: 'osaka' });
    expect(parseSetupEvent({ code: '123456', area: '〒060-0001' }).channels).toEqual({ area: 'hokkaido' });
    expect(parseSetupEvent({ code: '123456', area: 'nagoya', channels: { ' My movies ': 12 } }).channels).toEqual({
      area: 'aichi',
      map: { 'My movies': 12 },
    });
  });

  it('takes the presses "volume up" with no number sends on the TV', () => {
    expect(parseSetupEvent({ code: '123456', volumeStep: 3 }).volumeStep).toBe(3);
  });

  it('may name a TV to remove, alone or with the token', () => {
    expect(parseSetupEvent({ userId: 'u', removeTv: ' Bedroom TV ', accessToken: 't', tvName: null })).toEqual({
      userId: 'u',
      removeTv: 'Bedroom TV',
      accessToken: 't',
    });
  });

  it('accepts names of exactly 64 characters', () => {
    const name = 'n'.repeat(64);
    expect(parseSetupEvent({ code: '123456', remoteName: name }).remoteName).toBe(name);
  });
});

describe('an access token in the event', () => {
  it('is never quoted back, even when the event is refused', () => {
    const secret = 'Bearer very-secret-token-value';
    const messages: string[] = [];
    for (const event of [{ userId: 'u', accessToken: secret }, `{"userId": "u", "accessToken": "${secret}"`]) {
      try {
        parseSetupEvent(event);
      } catch (e) {
        messages.push((e as Error).message);
      }
    }
    expect(messages).toHaveLength(2);
    expect(messages.join('\n')).not.toContain('very-secret-token-value');
  });
});
