// The interfaces whose directives the door answers, and every control directive by its route.
import { channel } from './channel';
import type { DirectiveHandler, InterfaceModule } from './interface';
import { power } from './power';
import { speaker, stepSpeaker } from './speaker';

const MODULES: readonly InterfaceModule[] = [power, channel, speaker, stepSpeaker];

/** `<namespace>.<name>` to its handler. */
export const CONTROL_DIRECTIVES: ReadonlyMap<string, DirectiveHandler> = new Map(
  MODULES.flatMap((m) =>
    Object.entries(m.directives).map(([name, handler]) => [`${m.interface.name}.${name}`, handler] as const),
  ),
);

export type { DirectiveHandler, InterfaceModule } from './interface';
