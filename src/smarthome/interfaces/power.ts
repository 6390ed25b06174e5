// Alexa.PowerController's directives: on and off are sent; the power state cannot be read through an IR
// remote, so a Response carries what was just sent.
import { POWER_CONTROLLER } from '../../alexa/interfaces';
import { property } from '../respond';
import type { InterfaceModule } from './interface';

const NAME = POWER_CONTROLLER.name;

export const power: InterfaceModule = {
  interface: POWER_CONTROLLER,
  directives: {
    // "Already on" is success: the TV is where the user wants it.
    TurnOn: async (_d, { control, now }) => {
      await control.powerOn();
      return [property(NAME, 'powerState', 'ON', now())];
    },
    TurnOff: async (_d, { control, now }) => {
      await control.powerOff();
      return [property(NAME, 'powerState', 'OFF', now())];
    },
  },
};
