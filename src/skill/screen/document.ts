// The touch keypad as an APL document and the datasource `keypad` it shows: one document for every device,
// the layout chosen by the viewport inside the document, built-in components only (no `import`). Each
// button sends SendEvent with [command, thingId, channel]. Why, with Amazon's pages: docs/screen.md#document.
import type { JsonObject } from '../../json';
import type { RegisteredTv } from '../../store/types';
import { readChannelNames, stationsOf } from '../../tv/channels';
import { nameCore } from '../../tv/names';
import { CHANNEL_MAX, CHANNEL_MIN } from '../../tv/control';
import { CHOOSE_TV_INTENT, TV_INTENTS } from '../request/intents';
import type { Words } from '../words/types';

/**
 * APL 1.4: every feature used here is in it, every Echo Show and Echo Spot in use runs a newer one, and
 * it is the version the renderer of `npm run screens` (apl-viewhost-web 1.4.0) draws. A device whose
 * maxVersion is older gets no document (device.ts).
 */
export const APL_VERSION = '1.4';

/** The presentation token: names this document in UserEvent requests (Amazon, APL Interface Reference). */
export const KEYPAD_TOKEN = 'tvKeypad';

/**
 * The token this document had before it was named the keypad. A keypad already on a screen when the
 * new version is deployed sends it with its touches, so arguments.ts still reads it; remove it in the
 * version after.
 */
export const PREVIOUS_KEYPAD_TOKEN = 'tvRemote';

/** What a button asks for: the voice intent it stands for (ChooseTvIntent: the TV the buttons press). */
export const TOUCH_COMMANDS = [...TV_INTENTS, CHOOSE_TV_INTENT] as const;
export type TouchCommand = (typeof TOUCH_COMMANDS)[number];

/** The datasource: everything the document shows for one answer. */
export interface KeypadData {
  title: string;
  /** What the last touch did, or what can be done; `failed` shows it as a failure. */
  status: string;
  failed: boolean;
  /** The thingId of the TV the buttons press. */
  tv: string;
  /** The selector, shown when there are several TVs. */
  tvs: Array<{ label: string; tv: string; selected: boolean }>;
  /** Buttons 1..12, in order. */
  channels: Array<{ label: string; channel: number }>;
  /** Each key's label, as `w.screen` words it. */
  keys: Record<Key, string>;
}

/** The keys beside the channel grid, in order, and what each sends. */
const KEY_COMMANDS = [
  ['powerOn', 'TurnOnIntent'],
  ['powerOff', 'TurnOffIntent'],
  ['channelUp', 'NextChannelIntent'],
  ['channelDown', 'PreviousChannelIntent'],
  ['volumeUp', 'VolumeUpIntent'],
  ['volumeDown', 'VolumeDownIntent'],
] as const satisfies ReadonlyArray<readonly [keyof Words['screen'], TouchCommand]>;
type Key = (typeof KEY_COMMANDS)[number][0];

/** The keypad for `tv`, one of the user's `tvs`, with `status` (words, as said) on its status line. */
export function keypadData(
  w: Words,
  tvs: readonly RegisteredTv[],
  tv: RegisteredTv,
  status: string,
  failed: boolean,
): KeypadData {
  const several = tvs.length > 1;
  const text = (speech: string): string => aplText(plain(speech));
  return {
    title: text(w.screen.title(nameCore(tv.deviceName) === '' ? '' : tv.deviceName)),
    status: text(status),
    failed,
    tv: tv.thingId,
    tvs: several
      ? tvs.map((t) => ({ label: aplText(t.deviceName), tv: t.thingId, selected: t.thingId === tv.thingId }))
      : [],
    channels: channelLabels(tv).map(({ label, channel }) => ({ label: aplText(label), channel })),
    keys: Object.fromEntries(KEY_COMMANDS.map(([key]) => [key, text(w.screen[key])])) as Record<Key, string>,
  };
}

/**
 * "4 日本テレビ": each button's number and the name the user gave it at setup, else its station in the
 * TV's prefecture (src/tv/broadcasters.ts), else the number alone.
 */
function channelLabels(tv: RegisteredTv): Array<{ label: string; channel: number }> {
  const names = readChannelNames(tv.channels);
  const stations = stationsOf(names?.area);
  const own = new Map<number, string>();
  for (const [name, channel] of Object.entries(names?.map ?? {})) if (!own.has(channel)) own.set(channel, name);
  const buttons: Array<{ label: string; channel: number }> = [];
  for (let channel = CHANNEL_MIN; channel <= CHANNEL_MAX; channel += 1) {
    const name = own.get(channel) ?? stations.find((s) => s.channel === channel)?.name;
    buttons.push({ label: name === undefined ? `${channel}` : `${channel} ${name}`, channel });
  }
  return buttons;
}

/** Words are written for speech (names escaped for SSML): the screen shows their text. */
function plain(speech: string): string {
  return speech
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * A Text component reads a few markup tags in its text (<br>, <b>, <i>, …) and character entities
 * (Amazon, "Text" component, "Markup"): a name the user gave ("Tom & Jerry <3") is shown as written.
 */
export function aplText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

// --- The document ---

const COLORS = {
  background: '#101820',
  key: '#263238',
  pressed: '#546e7a',
  selected: '#1565c0',
  text: '#eceff1',
  status: '#b0bec5',
  failure: '#ff8a80',
};

/** One key: a TouchWrapper that sends its command, the TV and the channel (Amazon, "TouchWrapper", "SendEvent Command"). */
const KEYPAD_KEY_LAYOUT = {
  description: 'A key of the keypad: presses `command` on the TV `tv` (with `channel` for SetChannelIntent).',
  parameters: [
    { name: 'label', type: 'string' },
    { name: 'command', type: 'string' },
    { name: 'tv', type: 'string' },
    { name: 'channel', type: 'number', default: 0 },
    { name: 'selected', type: 'boolean', default: false },
    { name: 'textSize', type: 'dimension', default: '4vh' },
  ],
  items: [
    {
      type: 'TouchWrapper',
      // The key's size comes from where it is used (a share of a row); its face fills it.
      width: '100%',
      height: '100%',
      onPress: [{ type: 'SendEvent', arguments: ['${command}', '${tv}', '${channel}'] }],
      item: {
        type: 'Frame',
        // Styles, not properties, follow the TouchWrapper's pressed state (Amazon, "APL Style Definition and Evaluation").
        style: "${selected ? 'keypadKeySelected' : 'keypadKey'}",
        inheritParentState: true,
        width: '100%',
        height: '100%',
        item: {
          type: 'Text',
          text: '${label}',
          width: '100%',
          height: '100%',
          fontSize: '${textSize}',
          color: COLORS.text,
          textAlign: 'center',
          textAlignVertical: 'center',
          maxLines: 2,
        },
      },
    },
  ],
};

/** A key that grows to share its row: `width` 0 and `grow` 1 give every key of a row the same width. */
function key(
  label: string,
  command: TouchCommand,
  size: { textSize: string; gap: string },
  channel?: number,
): JsonObject {
  return {
    type: 'KeypadKey',
    label,
    command,
    tv: '${keypad.tv}',
    ...(channel === undefined ? {} : { channel }),
    textSize: size.textSize,
    width: 0,
    grow: 1,
    paddingLeft: size.gap,
    paddingRight: size.gap,
  };
}

/** A row of a column: it spans the column's width (alignItems stretch, the default) and stretches its keys to its height. */
function row(items: JsonObject[], extra: JsonObject): JsonObject {
  return { type: 'Container', direction: 'row', items, ...extra };
}

const controlKeys = (pairs: number[][], size: { textSize: string; gap: string }, extra: JsonObject): JsonObject[] =>
  pairs.map((pair) =>
    row(
      pair.map((i) => {
        const [name, command] = KEY_COMMANDS[i]!;
        return key(`\${keypad.keys.${name}}`, command, size, undefined);
      }),
      extra,
    ),
  );

const channelKey = (channel: number, size: { textSize: string; gap: string }): JsonObject =>
  key(`\${keypad.channels[${channel - 1}].label}`, 'SetChannelIntent', size, channel);

/** Buttons 1..12 in rows of `perRow`. */
function channelRows(perRow: number, size: { textSize: string; gap: string }, extra: JsonObject): JsonObject[] {
  const rows: JsonObject[] = [];
  for (let first = CHANNEL_MIN; first <= CHANNEL_MAX; first += perRow) {
    rows.push(
      row(
        Array.from({ length: perRow }, (_, i) => channelKey(first + i, size)),
        extra,
      ),
    );
  }
  return rows;
}

/** The TVs, when there are several: touching one sends ChooseTvIntent, and the answer shows its keypad. */
function selector(height: string, textSize: string): JsonObject {
  return {
    type: 'Sequence',
    when: '${keypad.tvs.length > 1}',
    scrollDirection: 'horizontal',
    width: '100%',
    height,
    data: '${keypad.tvs}',
    item: {
      type: 'Container',
      width: '24vw',
      height,
      paddingRight: '1vw',
      items: [
        {
          type: 'KeypadKey',
          label: '${data.label}',
          command: 'ChooseTvIntent',
          tv: '${data.tv}',
          selected: '${data.selected}',
          textSize,
          grow: 1,
        },
      ],
    },
  };
}

const statusText = (textSize: string, extra: JsonObject = {}): JsonObject => ({
  type: 'Text',
  text: '${keypad.status}',
  fontSize: textSize,
  maxLines: 2,
  color: `\${keypad.failed ? '${COLORS.failure}' : '${COLORS.status}'}`,
  ...extra,
});

const wholeScreen = (type: string, sides: string, ends: string): JsonObject => ({
  type,
  width: '100vw',
  height: '100vh',
  paddingLeft: sides,
  paddingRight: sides,
  paddingTop: ends,
  paddingBottom: ends,
});

const titleText = (textSize: string, extra: JsonObject): JsonObject => ({
  type: 'Text',
  text: '${keypad.title}',
  fontSize: textSize,
  fontWeight: 'bold',
  color: COLORS.text,
  maxLines: 1,
  ...extra,
});

/**
 * Rectangular hubs, landscape: heading and status, the selector, then the channel grid beside the keys.
 * Heights in vh add up to the screen: padding 3 + heading 12 + (selector 10) + 2 + three rows + padding 3;
 * a row's height is definite, so its keys can fill it.
 */
function landscape(): JsonObject {
  const size = { textSize: '3.6vh', gap: '0.6vw' };
  const keyRow = { height: "${keypad.tvs.length > 1 ? '23vh' : '26vh'}", paddingBottom: '1.2vh' };
  return {
    ...wholeScreen('Container', '3vw', '3vh'),
    items: [
      row([titleText('4.6vh', { width: 0, grow: 1 }), statusText('3.4vh', { width: '42vw', textAlign: 'right' })], {
        height: '12vh',
      }),
      selector('10vh', '3.6vh'),
      row(
        [
          { type: 'Container', width: 0, grow: 1, items: channelRows(4, size, keyRow) },
          {
            type: 'Container',
            width: '30vw',
            paddingLeft: '2vw',
            items: controlKeys(
              [
                [0, 1],
                [2, 3],
                [4, 5],
              ],
              size,
              keyRow,
            ),
          },
        ],
        { paddingTop: '2vh' },
      ),
    ],
  };
}

/** The round Echo Spot: one column that scrolls, inside the circle. */
function round(): JsonObject {
  const size = { textSize: '4vh', gap: '1vw' };
  const keyRow = { height: '15vh', paddingBottom: '1.5vh' };
  return {
    ...wholeScreen('Sequence', '15vw', '14vh'),
    when: "${viewport.shape == 'round'}",
    items: [
      titleText('5vh', { textAlign: 'center', width: '100%' }),
      statusText('4vh', { textAlign: 'center', width: '100%', paddingBottom: '1.5vh' }),
      selector('14vh', '4vh'),
      ...controlKeys(
        [
          [0, 1],
          [2, 3],
          [4, 5],
        ],
        size,
        keyRow,
      ),
      ...channelRows(3, size, keyRow),
    ],
  };
}

/** The document; the same for every request (what differs is in the datasource). */
export function keypadDocument(): JsonObject {
  return {
    type: 'APL',
    version: APL_VERSION,
    description:
      'The keypad of the TV remote skill: power, channels 1 to 12 by station, channel and volume steps, and the TV selector.',
    theme: 'dark',
    styles: {
      keypadKey: {
        values: [
          { borderRadius: '2vh', backgroundColor: COLORS.key },
          { when: '${state.pressed}', backgroundColor: COLORS.pressed },
        ],
      },
      keypadKeySelected: { values: [{ borderRadius: '2vh', backgroundColor: COLORS.selected }] },
    },
    layouts: { KeypadKey: KEYPAD_KEY_LAYOUT },
    mainTemplate: {
      parameters: ['keypad'],
      items: [
        {
          type: 'Frame',
          width: '100vw',
          height: '100vh',
          backgroundColor: COLORS.background,
          // The first child whose `when` holds is inflated: the round column, else the landscape grid.
          item: [round(), landscape()],
        },
      ],
    },
  };
}

/** The RenderDocument directive (Amazon, "Alexa.Presentation.APL Interface Reference", RenderDocument). */
export function renderDirective(data: KeypadData): {
  type: 'Alexa.Presentation.APL.RenderDocument';
  token: string;
  document: JsonObject;
  datasources: { keypad: KeypadData };
} {
  return {
    type: 'Alexa.Presentation.APL.RenderDocument',
    token: KEYPAD_TOKEN,
    document: keypadDocument(),
    datasources: { keypad: data },
  };
}
