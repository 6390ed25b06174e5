// action.devices.traits.OnOff (https://developers.home.google.com/cloud-to-cloud/traits/onoff): on and off
// are sent, never read, so the trait is command-only and "already on" is success: the TV is where the
// person wants it.
import { TV_CAPABILITIES } from '../../tv/capabilities';
import { GoogleError } from '../errors';
import type { Trait } from './trait';

export const onOff: Trait = {
  name: 'action.devices.traits.OnOff',
  // queryOnlyOnOff is said too: Google's attribute schema reads an absent one as query-only, and a
  // command-only device "can't be query-only" (onoff.attributes.schema.json, allOf).
  attributes: () => ({ commandOnlyOnOff: !TV_CAPABILITIES.power.readable, queryOnlyOnOff: false }),
  commands: {
    'action.devices.commands.OnOff': async (params, { control }) => {
      const on = params['on'];
      if (typeof on !== 'boolean') throw new GoogleError('protocolError', 'OnOff needs params.on, true or false');
      await (on ? control.powerOn() : control.powerOff());
    },
  },
};
