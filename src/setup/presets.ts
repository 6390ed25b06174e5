// Choosing the TV model among the remote's presets, and telling the person how to name one.
import type { Preset } from '../cloud/types';
import { setupInvokeCommand, type Deployment } from '../deployment';
import { SetupInputError, SetupStepError } from './errors';
import type { SetupEvent } from './event';

export function presetLabel(preset: Preset): string {
  const words = [preset.manufacturer, preset.typeName].filter((w): w is string => w !== undefined);
  const label = words.length > 0 ? words.join(' ') : preset.deviceName;
  return label === undefined ? preset.deviceId : `${preset.deviceId} (${label})`;
}

export function listPresets(presets: Preset[]): string {
  return presets.map(presetLabel).join(', ');
}

/**
 * The preset to register: the one named (which must be offered), else the only one offered.
 * Undefined when several are offered and none was named: the caller asks the person to choose.
 */
export function pickPreset(presets: Preset[], requested: string | undefined): Preset | undefined {
  if (presets.length === 0) {
    throw new SetupStepError(
      'read-presets',
      'the IR remote offers no TV presets; check the remote in the device cloud app',
    );
  }
  if (requested !== undefined) {
    const preset = presets.find((p) => p.deviceId === requested);
    if (!preset) {
      throw new SetupInputError(
        'tvPresetId',
        `tvPresetId '${requested}' is not offered by the IR remote; valid ids: ${listPresets(presets)}`,
      );
    }
    return preset;
  }
  return presets.length === 1 ? presets[0] : undefined;
}

/** The words and the exact event for a rerun that names a preset; the access token is never repeated. */
export function choosePresetHint(input: SetupEvent, presets: Preset[], deployment?: Deployment): string {
  const event: Record<string, string> = input.code !== undefined ? { code: input.code } : { userId: input.userId };
  event.tvPresetId = presets[0].deviceId;
  if (input.tvName !== undefined) event.tvName = input.tvName;
  if (input.remoteName !== undefined) event.remoteName = input.remoteName;
  const token = input.accessToken !== undefined ? ' and your "accessToken" as before' : '';
  return (
    `The IR remote offers ${presets.length} TV models: ${listPresets(presets)}. ` +
    `Run setup again naming yours as tvPresetId${token}, e.g. ` +
    setupInvokeCommand(event, deployment)
  );
}
