// A TV as an Alexa endpoint: the endpointId is its thingId (encoded when the thingId holds characters
// Alexa refuses), and the cookie carries the rest a directive needs, so control needs no table read.
// One description for both places Alexa learns of a TV: the smart-home door's Discover.Response and
// the AddOrUpdateReport setup sends, so the two can never describe a TV differently.
import type { IndexedTv } from '../store/types';
import { clip, normalForm, withoutXmlForbidden } from '../text';
import { readChannelNames, type ChannelNames } from '../tv/channels';
import { CAPABILITIES, type Capability } from './interfaces';
import { isVolumeStep } from '../tv/control';

export interface DiscoveredEndpoint {
  endpointId: string;
  manufacturerName: string;
  friendlyName: string;
  description: string;
  displayCategories: ['TV'];
  additionalAttributes?: { manufacturer?: string; model?: string };
  cookie: Record<string, string>;
  capabilities: Capability[];
}

/** Characters Alexa allows in an endpointId (schema model.EndpointId), and its length limit. */
const ENDPOINT_ID_SAFE = /^[A-Za-z0-9_\-=#;:?@&]+$/;
const ENDPOINT_ID_MAX = 256;
// Two prefixes keep the encoding reversible: a plain thingId after `tv:`, any other as base64url.
const PLAIN = 'tv:';
const ENCODED = 'tvb:';

export function endpointIdFor(thingId: string): string | undefined {
  const plain = PLAIN + thingId;
  if (ENDPOINT_ID_SAFE.test(thingId) && plain.length <= ENDPOINT_ID_MAX) return plain;
  const encoded = ENCODED + Buffer.from(thingId, 'utf8').toString('base64url');
  return encoded.length <= ENDPOINT_ID_MAX ? encoded : undefined;
}

/** An endpointId Alexa can send and take back: Amazon's schema pattern and length. */
export function isEndpointId(text: unknown): text is string {
  return typeof text === 'string' && text.length <= ENDPOINT_ID_MAX && ENDPOINT_ID_SAFE.test(text);
}

/** The thingId behind an endpointId we issued; undefined for any other id. */
export function thingIdOf(endpointId: string): string | undefined {
  if (!isEndpointId(endpointId)) return undefined;
  if (endpointId.startsWith(PLAIN)) return endpointId.slice(PLAIN.length) || undefined;
  if (endpointId.startsWith(ENCODED)) {
    const text = endpointId.slice(ENCODED.length);
    if (!/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
    return Buffer.from(text, 'base64url').toString('utf8') || undefined;
  }
  return undefined;
}

/**
 * What Alexa hands back with every directive for the endpoint. Values must be strings; readers ignore
 * what they do not know. The channel names (the area id, the user's own short map as JSON) let
 * ChangeChannel tune by name without a table read; src/smarthome/endpoint.ts reads them back.
 */
export type TvCookie = {
  gatewayId: string;
  deviceName: string;
  channelArea?: string;
  channelMap?: string;
  /** The TV's presses for "volume up" with no number, as digits. */
  volumeStep?: string;
};

const TEXT_MAX = 128;
const ATTRIBUTE_MAX = 256;

// What can be read and what is reported is each interface's own (interfaces.ts): an IR remote only sends,
// so power, channel and volume are neither retrievable nor proactively reported; only the TV's
// connectivity can be read.

/** The Discover entry of one TV; undefined when its thingId cannot be an endpointId at all. */
export function discoveredEndpoint(tv: IndexedTv): DiscoveredEndpoint | undefined {
  const endpointId = endpointIdFor(tv.thingId);
  if (endpointId === undefined) return undefined;
  const cookie: TvCookie = {
    gatewayId: tv.gatewayId,
    deviceName: tv.deviceName,
    ...channelNamesToCookie(readChannelNames(tv.channels)),
  };
  if (isVolumeStep(tv.volumeStep)) cookie.volumeStep = String(tv.volumeStep);
  const model = tvModel(tv);
  const endpoint: DiscoveredEndpoint = {
    endpointId,
    manufacturerName: clip(tv.manufacturer ?? 'TV voice remote', TEXT_MAX),
    friendlyName: clip(tv.deviceName, TEXT_MAX),
    description: clip(`${withoutRepeats([tv.manufacturer, model, 'TV'])} through the IR learning remote`, TEXT_MAX),
    displayCategories: ['TV'],
    cookie,
    capabilities: [...CAPABILITIES],
  };
  // Works with Alexa asks for the maker and the model on every endpoint ("Works with Alexa Skill
  // Requirements"): the model is always there, the maker where the device cloud named it.
  endpoint.additionalAttributes = {};
  if (tv.manufacturer) endpoint.additionalAttributes.manufacturer = clip(tv.manufacturer, ATTRIBUTE_MAX);
  endpoint.additionalAttributes.model = clip(model, ATTRIBUTE_MAX);
  return endpoint;
}

/** Words a preset may carry as its type label ("TV", the interface's `typeName`), which name no model. */
const DEVICE_TYPE_WORDS = new Set(['tv', 'television', 'テレビ']);

/** What is known of a TV's model: its own name, or what a model is built from. */
export interface ModelFacts {
  /** The model's own name, as the device cloud names the preset; or the model a setup stored. */
  model?: string;
  manufacturer?: string;
  /** The preset's type label (the interface's `typeName`, "device type label"). */
  typeName?: string;
  /** The preset's `deviceId`, which POST /device/v2/device took. */
  presetId?: string;
  /** The TV's entry on the remote, for a TV whose preset no run recorded. */
  serviceId: string;
}

/**
 * The TV's model for Alexa: its own name where the device cloud gives one, else one built from what is
 * always known: the maker and type label where known, and the preset's `deviceId` (the preset is the model
 * as the remote knows it, so two presets of one maker give two models), or, for a TV no run recorded the
 * preset of, its entry on the remote. Never a bare device-type word: TVs set up before the preset's own
 * name was read stored the type label ("TV") as the model, and get a built one at their next discovery.
 * Setup stores what this returns, so discovery returns it unchanged.
 */
export function tvModel(facts: ModelFacts): string {
  // A name with nothing Alexa can show (only characters XML forbids) names nothing.
  const own = withoutXmlForbidden(facts.model ?? '').trim();
  if (own && !isTypeWord(own)) return own;
  const label = [facts.typeName, own].map((w) => w?.trim()).find((w): w is string => !!w) ?? 'TV';
  const id = facts.presetId?.trim() ? `(preset ${facts.presetId.trim()})` : `(remote entry ${facts.serviceId})`;
  return withoutRepeats([facts.manufacturer, label, id]);
}

function isTypeWord(text: string): boolean {
  return DEVICE_TYPE_WORDS.has(normalForm(text));
}

/** The words of the parts, each once ("SHARP" "SHARP AQUOS", "AQUOS TV" "TV", "SHARP" "SHARP TV (preset 01)" "TV"). */
function withoutRepeats(parts: (string | undefined)[]): string {
  const words = parts.flatMap((p) => p?.trim().split(/\s+/) ?? []).filter((w) => w !== '');
  const said = new Set<string>();
  return words.filter((w) => !said.has(normalForm(w)) && said.add(normalForm(w))).join(' ');
}

/**
 * ChannelNames as string values for a smart-home endpoint cookie (values must be strings; the whole
 * discovery response is limited, so only the prefecture id and the user's own short map travel).
 */
export function channelNamesToCookie(names: ChannelNames | undefined): Record<string, string> {
  const cookie: Record<string, string> = {};
  if (names?.area) cookie.channelArea = names.area;
  if (names?.map) cookie.channelMap = JSON.stringify(names.map);
  return cookie;
}
