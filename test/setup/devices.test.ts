import type { Device } from '../../src/cloud/types';
import { findTvDevice, isIrRemote, tvServiceStem, tvsOnRemote } from '../../src/setup/devices';

const device = (thingId: string, serviceId: string, deviceName: string, scopes: string[] = ['tv']): Device => ({
  thingId,
  serviceId,
  deviceName,
  scopes,
  type: 'Cloud',
  isOnline: true,
  config: null,
});

const remote = device('r1', 'irc-base-1', 'IR remote', ['hello', 'remotecontroller']);
const listing = [
  remote,
  device('r12', 'irc-base-12', 'Other remote', ['remotecontroller']),
  device('t12', 'irc-remote-12-1', 'TV on the other remote'),
  device('t1a', 'irc-remote-1-1', 'Kitchen TV'),
  device('t1b', 'irc-remote-1-2', 'Den TV'),
];

describe('reading an availability search', () => {
  it('recognises the IR learning remote by its remotecontroller scope', () => {
    expect(listing.filter(isIrRemote).map((d) => d.thingId)).toEqual(['r1', 'r12']);
  });

  it("derives the serviceId stem of a remote's TVs from the remote's own serviceId", () => {
    expect(tvServiceStem('irc-base-1')).toBe('irc-remote-1-');
    expect(tvServiceStem('dsym-x-base-7f3a')).toBe('dsym-x-remote-7f3a-');
    expect(tvServiceStem('not-a-remote')).toBeUndefined();
    expect(tvServiceStem('irc-base-')).toBeUndefined();
  });

  it("counts as the remote's TVs only those of that remote, not of a remote whose id starts the same", () => {
    expect(tvsOnRemote(listing, 'irc-base-1').map((d) => d.thingId)).toEqual(['t1a', 't1b']);
    expect(tvsOnRemote(listing, 'irc-base-12').map((d) => d.thingId)).toEqual(['t12']);
  });

  it("finds the TV device by serviceId first, then by name among the remote's TVs", () => {
    expect(
      findTvDevice(listing, 'irc-base-1', { serviceId: 'irc-remote-1-2', deviceName: 'Kitchen TV' })?.thingId,
    ).toBe('t1b');
    expect(findTvDevice(listing, 'irc-base-1', { deviceName: 'Den TV' })?.thingId).toBe('t1b');
    // Another TV of the remote is never taken for the one sought.
    expect(findTvDevice(listing, 'irc-base-1', { serviceId: 'irc-remote-1-9', deviceName: 'Gone' })).toBeUndefined();
    expect(findTvDevice([remote], 'irc-base-1', { deviceName: 'TV' })).toBeUndefined();
  });
});
