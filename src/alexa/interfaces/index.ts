// The interfaces a TV declares, in discovery order, and those whose directives are still answered.
import { channelController } from './channel';
import { endpointHealth } from './health';
import type { AlexaInterface, Capability, ControlHandler } from './interface';
import { powerController } from './power';
import { speaker, stepSpeaker } from './speaker';

export const INTERFACES: readonly AlexaInterface[] = [powerController, channelController, speaker, endpointHealth, stepSpeaker];

/** Every TV's capabilities: the base interface "Alexa", then each declared interface's. */
export const CAPABILITIES: readonly Capability[] = [
  { type: 'AlexaInterface', interface: 'Alexa', version: '3' },
  ...INTERFACES.flatMap((i) => (i.capability ? [i.capability] : [])),
];

/** `<namespace>.<name>` to its handler: the smart-home door's dispatch. */
export const DIRECTIVES: ReadonlyMap<string, ControlHandler> = new Map(
  INTERFACES.flatMap((i) => Object.entries(i.directives).map(([name, handler]) => [`${i.name}.${name}`, handler] as const)));

export { SmartHomeError, property, type AlexaInterface, type Capability, type ControlContext, type ControlHandler } from './interface';
