// The sandbox's settings, read from the environment (SANDBOX_*, DEVICE_CLOUD_*, TABLE_NAME): each checked
// at start, so a mistyped value stops the sandbox with what it takes rather than surprising later.
import { tvNameKey } from '../../store';
import { AREA_EXAMPLES, findArea } from '../../tv/areas';
import { LOCALES, type ModelLocale } from '../../../models/locales';
import { readPlatform, type Platform } from '../google/sandbox-door';
import type { MetricsDisplay } from './metrics';

export interface SandboxSettings {
  /** A real device cloud; with it, `deviceCloudToken` is required. Default: the embedded emulator. */
  deviceCloudBaseUrl?: string;
  deviceCloudToken?: string;
  /** An existing table (real DynamoDB, or AWS_ENDPOINT_URL_DYNAMODB). Default: embedded dynalite. */
  tableName?: string;
  /** Keep the embedded DynamoDB's data in this folder. Default: memory only. */
  dataDir?: string;
  /** The TV preset to register when the cloud offers several. Default: the first. */
  tvPresetId?: string;
  /** The language Alexa hears and speaks: a locale of models/. Default en-US. */
  locale?: ModelLocale;
  /**
   * The TV's prefecture (as setup's `area` takes it) or a postal code, which is also the sandbox Echo's
   * address for the Device Address stand-in. Default: 東京都 for ja-JP, none for English.
   */
  area?: string;
  /** The TVs to set up, by name (SANDBOX_TVS, comma-separated). Default: one TV, named by setup. */
  tvNames?: string[];
  /** Show each answer's metric line from the start (SANDBOX_METRICS: on, json or off). Default off. */
  metrics?: MetricsDisplay;
  /** Show every part's address and setup's every step at start (SANDBOX_VERBOSE=1). Default: a few lines. */
  verbose?: boolean;
  /** Who hears lines without a wake word (SANDBOX_PLATFORM: alexa or google). Default alexa. */
  platform?: Platform;
}

export function settingsFromEnv(env: NodeJS.ProcessEnv): SandboxSettings {
  const pick = (name: string) => env[name]?.trim() || undefined;
  const settings: SandboxSettings = {
    deviceCloudBaseUrl: pick('DEVICE_CLOUD_BASE_URL'),
    deviceCloudToken: pick('DEVICE_CLOUD_TOKEN'),
    tableName: pick('TABLE_NAME'),
    dataDir: pick('SANDBOX_DATA_DIR'),
    tvPresetId: pick('TV_PRESET_ID'),
    locale: readLocale(pick('SANDBOX_LOCALE')),
    area: pick('SANDBOX_AREA'),
    tvNames: tvNamesFrom(pick('SANDBOX_TVS')),
    metrics: readMetricsDisplay(pick('SANDBOX_METRICS')),
    verbose: pick('SANDBOX_VERBOSE') === '1' ? true : undefined,
    platform: readPlatform(pick('SANDBOX_PLATFORM')),
  };
  for (const key of ['locale', 'area', 'tvNames', 'metrics', 'verbose', 'platform'] as const)
    if (settings[key] === undefined) delete settings[key];
  if (settings.area !== undefined && !findArea(settings.area).found) {
    throw new Error(`SANDBOX_AREA must be ${AREA_EXAMPLES}; got '${settings.area}'`);
  }
  if (settings.deviceCloudBaseUrl && !settings.deviceCloudToken) {
    throw new Error('DEVICE_CLOUD_TOKEN must be set when DEVICE_CLOUD_BASE_URL points at a real device cloud');
  }
  return settings;
}

function readLocale(value: string | undefined): ModelLocale | undefined {
  if (value === undefined) return undefined;
  const locale = LOCALES.find((l) => l.toLowerCase() === value.toLowerCase().replace('_', '-'));
  if (!locale) throw new Error(`SANDBOX_LOCALE must be one of ${LOCALES.join(', ')}; got '${value}'`);
  return locale;
}

function readMetricsDisplay(value: string | undefined): MetricsDisplay | undefined {
  if (value === undefined) return undefined;
  const display = (['on', 'off', 'json'] as const).find((d) => d === value.toLowerCase());
  if (!display) throw new Error(`SANDBOX_METRICS must be on, json or off; got '${value}'`);
  return display;
}

/** "Living room TV, Bedroom TV" -> both names; names must differ in their normal form (setup then refuses names that sound alike). */
function tvNamesFrom(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  // No TV at all: the whole setup conversation can be tried ("open tv remote").
  if (value.trim().toLowerCase() === 'none') return [];
  const names = value
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '');
  if (names.length === 0)
    throw new Error('SANDBOX_TVS must name at least one TV, e.g. SANDBOX_TVS="Living room TV,Bedroom TV"');
  const twice = names.find((n, i) => names.findIndex((m) => tvNameKey(m) === tvNameKey(n)) !== i);
  if (twice !== undefined) throw new Error(`SANDBOX_TVS names '${twice}' twice; every TV needs its own name`);
  return names;
}
