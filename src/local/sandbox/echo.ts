// The sandbox's Echo: where it stands (its address, for the Device Address API) and the custom skill as
// Alexa runs it there, with the skill's own model and manifest and Alexa's rules for every response.
import path from 'node:path';
import { promises as fs } from 'node:fs';
import type { DeviceCloud } from '../../cloud/client';
import { silentLogger } from '../../log';
import type { MetricsSink } from '../../metrics';
import { createSkillHandler } from '../../skill/app';
import { lambdaSetupTrigger } from '../../skill/services/setup-trigger';
import type { DynamoUserStore } from '../../store';
import { findArea, postalCodeDigits } from '../../tv/areas';
import { writtenPostalCode } from '../../text';
import type { ModelLocale } from '../../../models/locales';
import { alexaRefusal } from '../alexa/rules';
import { startDeviceAddressStandIn, type DeviceAddressStandIn } from '../device-address';
import { customSkillStandIn, type CustomSkillStandIn } from './custom-skill';
import { SANDBOX_USER_ID, type Closer, type Say } from './parts';
import { ECHO_SHOW_8 } from './screen';

const SANDBOX_SKILL_ID = 'amzn1.ask.skill.sandbox-tv-remote';
const SANDBOX_ECHO_ID = 'amzn1.ask.device.SANDBOX-ECHO';
const SANDBOX_API_TOKEN = 'sandbox-alexa-api-token';
const MODELS_DIR = path.join(__dirname, '..', '..', '..', 'models');

export interface EchoAddress {
  addresses: DeviceAddressStandIn;
  /** The Echo's postal code, when the area is given as one: then the skill may read it. */
  postalCode: string | undefined;
  /** The prefecture as a person reads it: "東京都 (postal code 100-0001)", or the area as given. */
  areaLabel: string | undefined;
}

/** The Device Address API's stand-in, with the Echo's address and the permission to read it where the area is a postal code. */
export async function startEchoAddress(area: string | undefined, closers: Closer[], detail: Say): Promise<EchoAddress> {
  const addresses = await startDeviceAddressStandIn();
  closers.push(() => addresses.close());
  const digits = area === undefined ? undefined : postalCodeDigits(area);
  const found = area === undefined ? undefined : findArea(area);
  const areaLabel =
    found?.found && found.postalCode ? `${found.prefecture.name} (postal code ${found.postalCode})` : area;
  const postalCode = digits === undefined ? undefined : writtenPostalCode(digits);
  if (postalCode !== undefined) {
    addresses.consent(SANDBOX_API_TOKEN);
    addresses.setAddress(SANDBOX_ECHO_ID, { countryCode: 'JP', postalCode });
  }
  detail(
    `- Device Address API: stand-in at ${addresses.url}, ` +
      (postalCode
        ? `the Echo's postal code ${postalCode}, permission granted`
        : 'permission not granted (SANDBOX_AREA as a postal code grants it)'),
  );
  return { addresses, postalCode, areaLabel };
}

export interface CustomSkillParts {
  store: DynamoUserStore;
  cloud: DeviceCloud;
  metrics: MetricsSink;
  token: string;
  locale: ModelLocale;
  echo: EchoAddress;
  /** The Lambda stand-in the skill starts setup by voice through. */
  lambdaUrl: string;
  /** The household's TV names now. */
  tvNames: () => readonly string[];
}

/** The real skill handler behind Alexa's stand-in, on an Echo Show 8 with the sandbox's address. */
export async function startCustomSkill(parts: CustomSkillParts, say: Say): Promise<CustomSkillStandIn> {
  const {
    locale,
    token,
    echo: { addresses, postalCode },
  } = parts;
  const handler = createSkillHandler({
    store: parts.store,
    cloud: parts.cloud,
    skillId: SANDBOX_SKILL_ID,
    logger: silentLogger,
    metrics: parts.metrics,
    setupTrigger: lambdaSetupTrigger({ functionName: 'setup', endpoint: parts.lambdaUrl, region: 'us-east-1' }),
  });
  const modelFile = path.join(MODELS_DIR, `${locale}.json`);
  const model: unknown = JSON.parse(await fs.readFile(modelFile, 'utf8'));
  const manifest: unknown = JSON.parse(await fs.readFile(path.join(MODELS_DIR, '..', 'skill', 'skill.json'), 'utf8'));
  const alexa = customSkillStandIn({
    model,
    locale,
    skillId: SANDBOX_SKILL_ID,
    manifest,
    tvNames: parts.tvNames,
    // Alexa's turn: progressive responses are taken only while the skill works on this request.
    handler: (request) => addresses.turn(request, () => handler(request)),
    echo: {
      userId: SANDBOX_USER_ID,
      accessToken: token,
      deviceId: SANDBOX_ECHO_ID,
      apiEndpoint: addresses.url,
      apiAccessToken: SANDBOX_API_TOKEN,
      // The permission is granted only where the sandbox's Echo has an address (SANDBOX_AREA as a postal code).
      ...(postalCode !== undefined && { consentToken: 'sandbox-consent' }),
      // An Echo Show 8: opening the skill shows the keypad, and :touch presses its keys (screen.ts).
      screen: ECHO_SHOW_8,
    },
    check: (request, response) => {
      const refusal = alexaRefusal(model, request, response);
      return refusal && `${refusal.detail} (${refusal.source})`;
    },
  });
  say(`- Alexa: ${locale}, custom skill model ${path.relative(process.cwd(), modelFile)}`);
  return alexa;
}
