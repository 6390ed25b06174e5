// Composition root of the setup Lambda: environment read once at cold start, parts shared across
// invocations, wired like the skill's and the smart-home's.
import { EventGateway } from '../alexa/events';
import { LoginWithAmazon, lwaCredentialsFromEnv } from '../alexa/lwa';
import { DiscoveryReporter } from '../alexa/reporter';
import { DeviceCloud } from '../cloud/client';
import { optionalEnv, optionalIntEnv, requireEnv } from '../config';
import { deploymentFromEnv } from '../deployment';
import { HomeGraph, keyFromSecret, RequestSync } from '../homegraph';
import { jsonLogger, type Logger } from '../log';
import { emfLines } from '../metrics';
import { DynamoUserStore, dynamoClient, SETUP_TABLE_BUDGET } from '../store';
import { DynamoGoogleLinks } from '../store/families/google-links';
import { runSetupEvent } from './voice';
import type { SetupDeps, SetupResult } from './types';

/** Setup runs outside Alexa's 8 s budget, so a slow gateway gets longer than on voice requests. */
export const SETUP_TIMEOUT_MS = 10000;

/**
 * The parts, or why they could not be wired. Setup is run by a person from a terminal, so a missing
 * variable is kept and answered to every invocation by name rather than failing the import, which
 * Lambda would report only as an init error.
 */
const wired: SetupDeps | Error = wire();

function wire(): SetupDeps | Error {
  try {
    const tableName = requireEnv('TABLE_NAME');
    const client = dynamoClient(SETUP_TABLE_BUDGET);
    const store = new DynamoUserStore({ tableName, client });
    const logger = jsonLogger(undefined, { fn: 'setup' });
    const reporter = alexaReporter(store, logger);
    const google = googleSync(new DynamoGoogleLinks({ tableName, client }));
    return {
      store,
      ...(reporter && { reporter }),
      ...(google && { google }),
      cloud: new DeviceCloud({
        baseUrl: requireEnv('DEVICE_CLOUD_BASE_URL'),
        timeoutMs: optionalIntEnv('DEVICE_CLOUD_TIMEOUT_MS', SETUP_TIMEOUT_MS),
      }),
      logger,
      deployment: deploymentFromEnv(),
      metrics: emfLines(),
    };
  } catch (e) {
    return e instanceof Error ? e : new Error(String(e));
  }
}

/**
 * With the skill's messaging client, each TV added or forgotten is reported to Alexa. A half-configured
 * client is logged and turns the reports off: setup itself works without them.
 */
function alexaReporter(store: DynamoUserStore, logger: Logger): DiscoveryReporter | undefined {
  try {
    const credentials = lwaCredentialsFromEnv();
    return (
      credentials &&
      new DiscoveryReporter({
        grants: store.grants,
        lwa: new LoginWithAmazon(credentials),
        gateway: new EventGateway(),
      })
    );
  } catch (e) {
    logger.error('Alexa events are off', { error: e instanceof Error ? e.message : String(e) });
    return undefined;
  }
}

/**
 * With a service-account key (GOOGLE_SERVICE_ACCOUNT_SECRET: the Secrets Manager secret holding its JSON
 * file, by name or ARN), each change is followed by a Request Sync; without one, Request Sync is off and
 * nothing says so. The secret is read at the first sync, not here: a run that syncs nothing never reads it.
 * HOMEGRAPH_BASE_URL points HomeGraph elsewhere (a stand-in); the token endpoint is the key's token_uri.
 */
function googleSync(links: DynamoGoogleLinks): RequestSync | undefined {
  const secret = optionalEnv('GOOGLE_SERVICE_ACCOUNT_SECRET');
  if (secret === undefined) return undefined;
  const baseUrl = optionalEnv('HOMEGRAPH_BASE_URL');
  return new RequestSync({
    links,
    homegraph: new HomeGraph({ key: keyFromSecret(secret), ...(baseUrl !== undefined && { baseUrl }) }),
  });
}

export async function handler(event: unknown): Promise<SetupResult> {
  if (wired instanceof Error) throw wired;
  return runSetupEvent(wired, event);
}
