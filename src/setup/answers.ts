// Every English sentence a setup run answers with, for whoever runs it from a terminal (docs/setup.md):
// what was done, what to do next, and why a run was refused. setup.ts decides; this module says it.
import type { RegisteredTv } from '../store/types';
import { prefectureById } from '../tv/areas';
import type { ChannelNames } from '../tv/channels';
import type { DeviceRef } from './types';

/** The TVs by name, quoted: "'Living room TV', 'Bedroom TV'". */
export function names(tvs: RegisteredTv[]): string {
  return tvs.map((t) => `'${t.deviceName}'`).join(', ');
}

export function describeVolumeStep(presses: number): string {
  return `"volume up" with no number presses ${presses === 1 ? 'once' : `${presses} times`}`;
}

export function describeChannelNames(channelNames: ChannelNames): string {
  const parts: string[] = [];
  const prefecture = channelNames.area === undefined ? undefined : prefectureById(channelNames.area);
  if (prefecture) parts.push(`the stations of ${prefecture.name} (${prefecture.romaji})`);
  if (channelNames.map) parts.push(`own names ${Object.keys(channelNames.map).join(', ')}`);
  return parts.join(' and ');
}

/** Which prefecture's channel names the TV got, and where that came from, for the answer. */
export function areaNote(channels: ChannelNames | undefined, fromEcho: { postalCode: string } | undefined): string {
  const prefecture = channels?.area === undefined ? undefined : prefectureById(channels.area);
  if (prefecture === undefined) return '';
  const named = `${prefecture.name} (${prefecture.romaji})`;
  return fromEcho
    ? ` Channels by name: the stations of ${named}, from your Echo's postal code ${fromEcho.postalCode}. ` +
        // The code of this run is used up: a used code only reports.
        'If the TV is elsewhere, ask Alexa for a new link code ("Alexa, tell TV remote to give me a setup code") and run setup with it ' +
        'and "area" (a prefecture such as "東京都" or a postal code).'
    : ` Channels by name: the stations of ${named}.`;
}

export const refusals = {
  userLeaseTaken: (minutes: number): string =>
    'another setup for this Alexa user is running right now; nothing was changed. ' +
    `Wait for it to finish (at most ${minutes} minutes), then run setup again to see the result`,
  gatewayLeaseTaken: (gatewayId: string, minutes: number): string =>
    `another setup for this device-cloud account (home gateway ${gatewayId}) is running right now, ` +
    `perhaps by another Alexa user of the household; nothing was changed. Wait for it to finish (at most ${minutes} minutes), ` +
    'then run setup again to see the result',
  soundsAlike: (setupName: string, alike: string): string =>
    `tvName '${setupName}' sounds the same as your TV '${alike}' to Alexa; choose a name that differs in more than "TV"`,
  usedCode: (doing: string): string =>
    `the link code given was already used${doing}; ask Alexa for a new one ` +
    '(say "tell TV remote to give me a setup code"). Nothing was changed',
  whichTvToChange: (tvs: RegisteredTv[], what: 'channel names' | 'volume step'): string =>
    `${tvs.length} TVs are set up (${names(tvs)}); give tvName to say which TV's ${what} to change`,
  notATv: (name: string, tvs: RegisteredTv[]): string =>
    tvs.length === 0
      ? `removeTv '${name}': this user has no TV set up`
      : `removeTv '${name}' is not a TV of this user; the TVs are: ${names(tvs)}`,
  nameTakenMeanwhile: (deviceName: string): string =>
    `another TV named '${deviceName}' was saved meanwhile; run setup again with another tvName`,
};

export function chooseRemoteNext(remotes: DeviceRef[]): string {
  return `Several IR remotes are online (${remotes.map((r) => `'${r.deviceName}'`).join(', ')}): run setup again with "remoteName", the one that faces the TV.`;
}

export function registeredNext(all: RegisteredTv[], tv: RegisteredTv): string {
  return all.length === 1
    ? `Setup is complete: ask Alexa to turn on '${tv.deviceName}'.`
    : `Setup is complete: you have ${all.length} TVs (${names(all)}); ask Alexa to turn on '${tv.deviceName}'.`;
}

/** A rerun for a TV already set up: what it changed (channel names, the volume step), or that nothing was to do. */
export function alreadySetUpNext(
  tv: RegisteredTv,
  tvs: RegisteredTv[],
  named: boolean,
  changed: { channels?: ChannelNames; volumeStep?: number },
): string {
  const { channels, volumeStep } = changed;
  const more = 'To add another TV, run setup again with a new "tvName"; to forget one, with "removeTv" and its name.';
  if (channels) {
    return (
      `The TV '${tv.deviceName}' was already set up; its channel names are updated${volumeStep === undefined ? '' : ', and its volume step'}. ` +
      `Ask Alexa for a channel by name.${areaNote(channels, undefined)}`
    );
  }
  if (volumeStep !== undefined)
    return `The TV '${tv.deviceName}' was already set up; ${describeVolumeStep(volumeStep)} now.`;
  return named
    ? `Nothing to do: the TV '${tv.deviceName}' is set up. Ask Alexa to turn it on. ${more}`
    : `Nothing to do: ${tvs.length === 1 ? `the TV '${tv.deviceName}' is` : `your TVs ${names(tvs)} are`} set up. ${more}`;
}

export function removedNext(gone: RegisteredTv, left: RegisteredTv[]): string {
  return (
    `Alexa no longer controls '${gone.deviceName}'. Its registration stays in the device cloud, which offers no way to ` +
    "delete one here; remove it in the device cloud's app if you want it gone there too. " +
    (left.length === 0 ? 'No TV is set up now.' : `TVs still set up: ${names(left)}.`)
  );
}
