// Every keypad the skill can send, checked by Amazon's validator (apl-suggester: zero findings, warnings
// included) and by what it does not check: that only built-in components and standard commands are used,
// nothing is imported or fetched, sizes follow the viewport, and every key's SendEvent arguments are a
// touch the skill reads as the command the key is labelled with. The document does not depend on the
// device (screen.test.ts shows the same document to every screen), so "each viewport" is the document's
// own viewport conditions; what varies is the datasource: each locale, one TV and several, no area, the
// largest station data, each status line.
import { PREFECTURES } from '../../src/tv/broadcasters';
import { CHANNEL_NAME_MAX, stationsOf } from '../../src/tv/channels';
import { NAME_MAX } from '../../src/tv/names';
import { keysOf } from '../../src/local/alexa/apl-touch';
import { readTouch } from '../../src/skill/screen/arguments';
import { USER_EVENT } from '../../src/skill/screen/device';
import {
  APL_VERSION,
  KEYPAD_TOKEN,
  PREVIOUS_KEYPAD_TOKEN,
  aplText,
  TOUCH_COMMANDS,
  keypadData,
  keypadDocument,
  renderDirective,
  type KeypadData,
} from '../../src/skill/screen/document';
import { WORDS } from '../../src/skill/words';
import type { Words } from '../../src/skill/words/types';
import type { RegisteredTv } from '../../src/store/types';
import { aplFindings } from '../support/screen/apl';

const tv = (n: number, deviceName: string, channels?: RegisteredTv['channels']): RegisteredTv =>
  ({ thingId: `thing-${n}`, deviceName, gatewayId: 'gateway-1', ...(channels ? { channels } : {}) }) as RegisteredTv;

/** The prefecture whose button labels are longest in all: the most and the longest station names. */
const LONGEST_AREA = [...PREFECTURES].sort((a, b) => labelLength(b.id) - labelLength(a.id))[0]!.id;
function labelLength(area: string): number {
  return stationsOf(area).reduce((n, s) => n + s.name.length, 0);
}

/** Own names on all twelve buttons, each as long as setup takes (src/tv/channels.ts). */
const LONGEST_OWN = Object.fromEntries(
  Array.from({ length: 12 }, (_, i) => [
    `${'長い名前のチャンネル'.repeat(4).slice(0, CHANNEL_NAME_MAX - 2)}${String(i + 1).padStart(2, '0')}`,
    i + 1,
  ]),
);

const HOUSEHOLDS: Array<[what: string, tvs: RegisteredTv[]]> = [
  ['one TV in Tokyo', [tv(1, 'Living room TV', { area: 'tokyo' })]],
  ['one TV without an area', [tv(1, 'TV')]],
  [
    `one TV with the longest station names (${LONGEST_AREA}) and the longest own names`,
    [tv(1, 'TV', { area: LONGEST_AREA, map: LONGEST_OWN })],
  ],
  [
    'two TVs whose names are markup',
    [tv(1, 'Tom & Jerry <b>TV</b>', { map: { '<i>News</i> & more': 3 } }), tv(2, '<br>TV')],
  ],
  [
    'eight TVs with the longest names',
    Array.from({ length: 8 }, (_, i) =>
      tv(i + 1, `${'とても長い名前の寝室のテレビ'.repeat(5).slice(0, NAME_MAX - 1)}${i}`, { area: 'osaka' }),
    ),
  ],
];

const LOCALES: Array<[locale: string, w: Words]> = [
  ['en', WORDS.en],
  ['ja', WORDS.ja],
];

/** Each status line a keypad can show: the first one, and the longest failure of each language. */
const statuses = (w: Words): Array<[string, boolean]> => [
  [w.screen.ready, false],
  [Object.values(w.failure).sort((a, b) => b.length - a.length)[0]!, true],
];

const KEYPADS: Array<[string, KeypadData]> = LOCALES.flatMap(([locale, w]) =>
  HOUSEHOLDS.flatMap(([what, tvs]) =>
    statuses(w).map(([status, failed]): [string, KeypadData] => [
      `${locale}, ${what}, ${failed ? 'a failure' : 'ready'}`,
      keypadData(w, tvs, tvs[tvs.length - 1]!, status, failed),
    ]),
  ),
);

describe("Amazon's validator", () => {
  it.each(KEYPADS)('finds nothing in the keypad: %s', async (_what, data) => {
    const directive = renderDirective(data);
    expect(await aplFindings(directive.document, directive.datasources)).toEqual([]);
  });
});

/** Every component of the document, with where it is. */
function components(node: unknown, at = ''): Array<{ at: string; node: Record<string, unknown> }> {
  if (Array.isArray(node)) return node.flatMap((n, i) => components(n, `${at}[${i}]`));
  if (typeof node !== 'object' || node === null) return [];
  const n = node as Record<string, unknown>;
  return [{ at, node: n }, ...components(n['items'], `${at}.items`), ...components(n['item'], `${at}.item`)];
}

const document = keypadDocument();
const layouts = document['layouts'] as Record<string, { items: unknown[] }>;
const all = [
  ...components((document['mainTemplate'] as { items: unknown }).items, 'mainTemplate'),
  ...Object.entries(layouts).flatMap(([name, layout]) => components(layout.items, `layouts.${name}`)),
];

describe('what the validator does not check', () => {
  // The components of APL 1.4 (Amazon, "APL Component" reference, by version).
  const BUILT_IN = [
    'Container',
    'EditText',
    'Frame',
    'GridSequence',
    'Image',
    'Pager',
    'ScrollView',
    'Sequence',
    'Text',
    'TouchWrapper',
    'VectorGraphic',
    'Video',
  ];

  it('is APL 1.4 and uses only built-in components and its own layouts', () => {
    expect(document['version']).toBe(APL_VERSION);
    for (const { at, node } of all)
      expect([at, [...BUILT_IN, ...Object.keys(layouts)].includes(String(node['type']))]).toEqual([at, true]);
  });

  it('imports nothing and names no address to fetch (no packages, images, fonts or sounds from the network)', () => {
    expect(document).not.toHaveProperty('import');
    expect(JSON.stringify(document)).not.toMatch(/https?:|\/\//);
    expect(all.filter(({ node }) => ['Image', 'Video', 'VectorGraphic'].includes(String(node['type'])))).toEqual([]);
  });

  it('runs only SendEvent, with the three arguments touch.ts reads', () => {
    const commands = all.flatMap(({ node }) =>
      Array.isArray(node['onPress']) ? node['onPress'] : node['onPress'] ? [node['onPress']] : [],
    );
    expect(commands).toEqual([{ type: 'SendEvent', arguments: ['${command}', '${tv}', '${channel}'] }]);
  });

  it('sizes everything by the viewport (vw, vh, %) or by sharing a row, never in fixed dp', () => {
    const SIZES = [
      'width',
      'height',
      'fontSize',
      'textSize',
      'paddingLeft',
      'paddingRight',
      'paddingTop',
      'paddingBottom',
      'borderRadius',
    ];
    for (const { node } of all) {
      for (const key of SIZES) {
        const v = node[key];
        if (v === undefined) continue;
        // A size, a layout parameter, or a choice between sizes ("\${keypad.tvs.length > 1 ? '23vh' : '26vh'}").
        const sizes = String(v)
          .match(/'[^']*'/g)
          ?.map((q) => q.slice(1, -1)) ?? [String(v)];
        for (const size of /^\$\{\w+\}$/.test(String(v)) ? [] : sizes)
          expect([key, size]).toEqual([key, expect.stringMatching(/^\d+(\.\d+)?(vw|vh|%)$|^0$/)]);
      }
    }
  });

  it('lays out a round screen as its own column, and every other screen as the landscape grid', () => {
    const root = (document['mainTemplate'] as { items: Array<{ item: Array<Record<string, unknown>> }> }).items[0]!
      .item;
    expect(root.map((alternative) => alternative['when'])).toEqual(["${viewport.shape == 'round'}", undefined]);
  });
});

describe('every key, as the device sends it', () => {
  it.each(KEYPADS)('is a touch the skill reads as the command on its label: %s', (_what, data) => {
    const keys = keysOf(renderDirective(data));
    const read = keys.map((key) => ({
      label: key.label,
      touch: readTouch({ request: { type: USER_EVENT, token: KEYPAD_TOKEN, arguments: key.arguments } }),
    }));
    for (const { label, touch } of read) {
      expect([label, touch?.tv]).toEqual([
        label,
        touch?.command === 'ChooseTvIntent' ? data.tvs.find((t) => t.label === aplText(label))?.tv : data.tv,
      ]);
      if (touch?.command === 'SetChannelIntent') expect(label.split(' ')[0]).toBe(String(touch.channel));
    }
    const w = data.keys;
    const byLabel = Object.fromEntries(read.map(({ label, touch }) => [label, touch?.command]));
    expect(byLabel).toMatchObject({
      [w.powerOn]: 'TurnOnIntent',
      [w.powerOff]: 'TurnOffIntent',
      [w.channelUp]: 'NextChannelIntent',
      [w.channelDown]: 'PreviousChannelIntent',
      [w.volumeUp]: 'VolumeUpIntent',
      [w.volumeDown]: 'VolumeDownIntent',
    });
    expect(
      read
        .filter(({ touch }) => touch?.command === 'SetChannelIntent')
        .map(({ touch }) => (touch as { channel: number }).channel),
    ).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(read.filter(({ touch }) => touch?.command === 'ChooseTvIntent')).toHaveLength(data.tvs.length);
    expect(keys).toHaveLength(18 + data.tvs.length);
    const commands = new Set(read.map(({ touch }) => touch?.command));
    expect([...TOUCH_COMMANDS].filter((c) => !commands.has(c))).toEqual(data.tvs.length > 1 ? [] : ['ChooseTvIntent']);
  });

  it('reads a touch carrying the previous token (a keypad shown before a deploy) as the same touch with the token', () => {
    const [, data] = KEYPADS.find(([what]) => what.includes('two TVs'))!;
    const keys = keysOf(renderDirective(data));
    const read = (token: unknown) =>
      keys.map((key) => readTouch({ request: { type: USER_EVENT, token, arguments: key.arguments } }));
    expect(read(KEYPAD_TOKEN)).not.toContain(undefined);
    expect(read(PREVIOUS_KEYPAD_TOKEN)).toEqual(read(KEYPAD_TOKEN));
  });

  it('shows names as the user wrote them, markup and all, not as markup', () => {
    const tvs = HOUSEHOLDS.find(([what]) => what.includes('markup'))![1];
    const labels = keysOf(renderDirective(keypadData(WORDS.en, tvs, tvs[0]!, '', false))).map((k) => k.label);
    expect(labels).toEqual(expect.arrayContaining(['3 <i>News</i> & more', 'Tom & Jerry <b>TV</b>', '<br>TV']));
  });

  it('shows 1 NHK総合 … 8 フジテレビ for a TV in Tokyo', () => {
    const keys = keysOf(renderDirective(keypadData(WORDS.ja, HOUSEHOLDS[0]![1], HOUSEHOLDS[0]![1][0]!, '', false)));
    expect(keys.map((k) => k.label)).toEqual(
      expect.arrayContaining([
        '1 NHK総合',
        '2 NHK Eテレ',
        '4 日本テレビ',
        '5 テレビ朝日',
        '6 TBS',
        '7 テレビ東京',
        '8 フジテレビ',
        '9 TOKYO MX',
        '3',
      ]),
    );
  });
});

describe('touch arguments forged at random', () => {
  // A fixed seed: the same 2,000 forgeries every run (mulberry32).
  let seed = 44;
  const random = (): number => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const VALUES: unknown[] = [
    ...TOUCH_COMMANDS,
    'thing-1',
    '',
    'x'.repeat(200),
    0,
    8,
    12,
    13,
    -1,
    8.5,
    1e308,
    Number.MAX_SAFE_INTEGER + 2,
    '8',
    null,
    true,
    {},
    [],
    { toString: 'x' },
    '__proto__',
  ];

  it('never throws, and reads only what a key could send', () => {
    for (let i = 0; i < 2000; i += 1) {
      const args = random() < 0.1 ? pick(VALUES) : Array.from({ length: Math.floor(random() * 5) }, () => pick(VALUES));
      const touch = readTouch({
        request: { type: USER_EVENT, token: random() < 0.9 ? KEYPAD_TOKEN : pick(VALUES), arguments: args },
      });
      if (touch === undefined) continue;
      expect(TOUCH_COMMANDS).toContain(touch.command);
      expect(typeof touch.tv === 'string' && touch.tv.length > 0 && touch.tv.length <= 128).toBe(true);
      if (touch.command === 'SetChannelIntent') expect(Number.isSafeInteger(touch.channel)).toBe(true);
      else expect((args as unknown[])[2]).toBe(0);
    }
  });
});
