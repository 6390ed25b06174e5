// The Alexa interfaces a TV declares, described once for discovery and setup's AddOrUpdateReport: each
// one's capability and languages. What their directives do is the smart-home door's. Why nothing is
// proactively reported: docs/smart-home.md#interfaces.
import { TV_CAPABILITIES } from '../tv/capabilities';

export interface Capability {
  type: 'AlexaInterface';
  interface: string;
  version: '3';
  properties?: {
    supported: { name: string }[];
    proactivelyReported: boolean;
    retrievable: boolean;
  };
}

export interface AlexaInterface {
  /** Alexa.PowerController and the like. */
  name: string;
  /** The locales Alexa maps speech to it in ("List of Alexa Interfaces and Supported Languages"). */
  languages: readonly string[];
  /** Its entry in discovery; absent for an interface only kept for directives of TVs discovered before. */
  capability?: Capability;
}

/** The locales Amazon lists for PowerController, ChannelController and EndpointHealth alike. */
const EVERY_TV_LANGUAGE: readonly string[] =
  'ar-SA de-DE en-AU en-CA en-GB en-IN en-US es-ES es-MX es-US fr-CA fr-FR hi-IN it-IT ja-JP pt-BR'.split(' ');

/** An interface the TV declares in discovery, with the one property it carries. */
function declared(
  name: string,
  property: string,
  tv: { readonly readable: boolean },
  languages: readonly string[] = EVERY_TV_LANGUAGE,
): AlexaInterface {
  return {
    name,
    languages,
    capability: {
      type: 'AlexaInterface',
      interface: name,
      version: '3',
      properties: { supported: [{ name: property }], proactivelyReported: false, retrievable: tv.readable },
    },
  };
}

// Alexa.PowerController (https://developer.amazon.com/docs/device-apis/alexa-powercontroller.html): the power
// state cannot be read through an IR remote.
export const POWER_CONTROLLER = declared('Alexa.PowerController', 'powerState', TV_CAPABILITIES.power);

// Alexa.ChannelController (https://developer.amazon.com/docs/device-apis/alexa-channelcontroller.html).
export const CHANNEL_CONTROLLER = declared('Alexa.ChannelController', 'channel', TV_CAPABILITIES.channel);

// Alexa.Speaker (https://developer.amazon.com/docs/device-apis/alexa-speaker.html), not StepSpeaker: Alexa maps
// Japanese speech only to Speaker. Only `volume` is declared: Amazon asks for only the properties a device
// supports ("Alexa.Speaker Interface 3", Discovery).
export const SPEAKER = declared(
  'Alexa.Speaker',
  'volume',
  TV_CAPABILITIES.volume,
  'de-DE en-AU en-CA en-GB en-IN en-US es-ES es-MX it-IT ja-JP'.split(' '),
);

// Alexa.EndpointHealth ("Alexa.EndpointHealth Interface 3.1"): connectivity OK or UNREACHABLE, and "if you plan
// to pursue Works with Alexa certification, you must implement Alexa.EndpointHealth" (so do the Works with
// Alexa Skill Requirements, en and ja). Retrievable: Alexa.ReportState reads it when the Alexa app shows the
// TV. No utterances of its own: Alexa speaks of an unreachable device in every TV language (the interface's
// Japanese page gives 「<device name>が応答していません。…」).
export const ENDPOINT_HEALTH = declared('Alexa.EndpointHealth', 'connectivity', TV_CAPABILITIES.health);

// Alexa.StepSpeaker: not declared any more; TVs discovered before Speaker replaced it keep sending its
// directives until Alexa rediscovers them. Not Japanese: a TV that declared only this one had no voice
// volume in Japan.
export const STEP_SPEAKER: AlexaInterface = {
  name: 'Alexa.StepSpeaker',
  languages: ['de-DE', 'en-AU', 'en-CA', 'en-GB', 'en-IN', 'en-US', 'es-ES', 'it-IT'],
};

/** In discovery order, then those only still answered. */
export const INTERFACES: readonly AlexaInterface[] = [
  POWER_CONTROLLER,
  CHANNEL_CONTROLLER,
  SPEAKER,
  ENDPOINT_HEALTH,
  STEP_SPEAKER,
];

/** Every TV's capabilities: the base interface "Alexa", then each declared interface's. */
export const CAPABILITIES: readonly Capability[] = [
  { type: 'AlexaInterface', interface: 'Alexa', version: '3' },
  ...INTERFACES.flatMap((i) => (i.capability ? [i.capability] : [])),
];
