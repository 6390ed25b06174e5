// Alexa.PowerController (https://developer.amazon.com/docs/device-apis/alexa-powercontroller.html): on and
// off are sent; the power state cannot be read through an IR remote, so it is neither retrievable nor
// proactively reported, and a Response carries what was just sent.
import { TV_CAPABILITIES } from '../../tv/capabilities';
import { declared, property, type AlexaInterface } from './interface';

const NAME = 'Alexa.PowerController';

export const powerController: AlexaInterface = declared(NAME, 'powerState', TV_CAPABILITIES.power, {
  // "Already on" is success: the TV is where the user wants it.
  TurnOn: async (_d, { control, now }) => {
    await control.powerOn();
    return [property(NAME, 'powerState', 'ON', now())];
  },
  TurnOff: async (_d, { control, now }) => {
    await control.powerOff();
    return [property(NAME, 'powerState', 'OFF', now())];
  },
});
