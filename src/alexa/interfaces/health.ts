// Alexa.EndpointHealth ("Alexa.EndpointHealth Interface 3.1"): connectivity OK or UNREACHABLE, and "if you
// plan to pursue Works with Alexa certification, you must implement Alexa.EndpointHealth" (so do the Works
// with Alexa Skill Requirements, en and ja). Retrievable: Alexa.ReportState reads it (src/smarthome/
// report-state.ts, which needs the device cloud's search) when the Alexa app shows the TV. Not proactively
// reported: the device cloud sends no events, so only polling could notice a change, and none runs.
import { TV_CAPABILITIES } from '../../tv/capabilities';
import { declared, type AlexaInterface } from './interface';

// No utterances of its own: Alexa reads it and speaks of an unreachable device in every TV language (the
// interface's Japanese page gives the Japanese answer 「<device name>が応答していません。…」).
export const endpointHealth: AlexaInterface = declared('Alexa.EndpointHealth', 'connectivity', TV_CAPABILITIES.health, {});
