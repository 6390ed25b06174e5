// Setup in the sandbox: the real setup function registers the TVs the settings name at start and those the
// console's :setup names later, and forgets one on :remove; each of its steps can be shown as a line.
import { runSetup } from '../../setup/setup';
import type { SetupDeps, SetupResult } from '../../setup/types';
import type { DynamoUserStore, RegisteredTv } from '../../store';
import { SANDBOX_USER_ID, type Say, type SetUp } from './parts';
import type { SandboxSettings } from './settings';

/** Setup of one TV for the sandbox's user, in its area, its steps as lines to `out`. */
export function tvSetup(deps: SetupDeps, area: string | undefined, tvPresetId: string | undefined): SetUp {
  return (tvName, out) =>
    setUpTv({ ...deps, onStep: (st) => out(stepLine(st)) }, { userId: SANDBOX_USER_ID, area, tvName }, tvPresetId, out);
}

/** The setup function forgetting the sandbox user's TV of that name, its steps as lines to `out`. */
export function removeTv(deps: SetupDeps, name: string, out: Say): Promise<SetupResult> {
  return runSetup({ ...deps, onStep: (st) => out(stepLine(st)) }, { userId: SANDBOX_USER_ID, removeTv: name });
}

/**
 * The TVs SANDBOX_TVS names (or one TV, named by setup) set up at start: a line each, their steps only with
 * SANDBOX_VERBOSE=1. A TV setup does not register stops the sandbox.
 */
export async function setUpAtStart(
  setUp: SetUp,
  settings: SandboxSettings,
  { openPhrase, areaLabel }: { openPhrase: string; areaLabel: string | undefined },
  say: Say,
  detail: Say,
): Promise<void> {
  const names = settings.tvNames ?? [undefined];
  if (names.length === 0) say(`- Setup: no TV (SANDBOX_TVS=none); say "${openPhrase}" to set one up by voice`);
  else {
    detail(
      `- Setup: registering the remote and ${names.length === 1 ? 'the TV' : `${names.length} TVs`} (the real setup function)` +
        `${areaLabel ? `, channel names of ${areaLabel}` : ''}`,
    );
  }
  for (const tvName of names) {
    const result = await setUp(tvName, detail);
    if (!result.tv)
      throw new Error(`setup did not register ${tvName === undefined ? 'a TV' : `TV "${tvName}"`} (${result.status})`);
    say(
      settings.verbose
        ? `- Ready: TV "${result.tv.deviceName}" (${result.tv.thingId})`
        : `- Setup: TV "${result.tv.deviceName}" set up by the real setup function${areaLabel ? `, channel names of ${areaLabel}` : ''} (SANDBOX_VERBOSE=1 shows its steps)`,
    );
  }
}

/** Every TV the user has, including any a persisted sandbox set up under other names before. */
export async function userTvs(store: DynamoUserStore): Promise<RegisteredTv[]> {
  return (await store.links.get(SANDBOX_USER_ID))?.tvs ?? [];
}

/** A stored TV of another preset than TV_PRESET_ID is kept: says so, and how to register that preset instead. */
export function warnOfOtherPreset(tvPresetId: string | undefined, tvs: RegisteredTv[], say: Say): void {
  const other = tvPresetId ? tvs.find((tv) => tv.presetId !== undefined && tv.presetId !== tvPresetId) : undefined;
  if (tvPresetId && other) {
    say(`    TV_PRESET_ID is ${tvPresetId}, but the stored TV uses preset ${other.presetId}; keeping the stored TV.`);
    say(`    To register ${tvPresetId} instead, start with an empty SANDBOX_DATA_DIR.`);
  }
}

/** Setup of one TV, taking the first preset the cloud offers unless TV_PRESET_ID names one. */
async function setUpTv(
  deps: SetupDeps,
  event: { userId: string; area?: string; tvName?: string },
  tvPresetId: string | undefined,
  say: Say,
): Promise<SetupResult> {
  const result = await runSetup(deps, { ...event, tvPresetId });
  if (result.status !== 'choose_preset' || !result.presets?.length) return result;
  const first = result.presets[0]!;
  say(`    ${result.presets.length} TV presets offered; using ${first.deviceId} (set TV_PRESET_ID to choose another)`);
  return runSetup(deps, { ...event, tvPresetId: first.deviceId });
}

function stepLine(step: { step: string; outcome: string; detail?: string }): string {
  return `    ${step.outcome.padEnd(7)} ${step.step}${step.detail ? `: ${step.detail}` : ''}`;
}
