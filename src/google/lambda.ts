// Composition root of the Google Home Lambda, wired like the two Alexa functions: environment read once
// at cold start, the device cloud's connection opened first so its round trips pass while the rest loads.
// Every intent reads the table (the household's TVs), so its client loads in the init phase too, which
// Lambda runs on a full vCPU whatever the memory size (entry.mjs holds the init phase until `ready`).
import { voiceLambda } from '../cold-start';
import { nextTurn } from '../cloud/connection';
import { emfLines } from '../metrics';
import type { GoogleDeps, GoogleHandler } from './app';

const { tableName, logger, deviceCloud } = voiceLambda('google');

/** The handler once the cold start's steps have loaded (a test's fresh module load waits for it too). */
export const ready: Promise<GoogleHandler> = (async () => {
  const cloud = await deviceCloud();
  const { DynamoUserStore, dynamoClient, openTableConnections, ALEXA_TABLE_BUDGET } = await import('../store');
  const { DynamoGoogleLinks } = await import('../store/families/google-links');
  const { DynamoTokenReach } = await import('../store/families/token-reach');
  await nextTurn();
  const { createGoogleHandler } = await import('./app');
  const { primeGoogle, PRIMING_TIMEOUT_MS } = await import('./priming');
  // Google waits as Alexa does: the table gets the voice functions' budget.
  const client = dynamoClient(ALEXA_TABLE_BUDGET);
  const deps: GoogleDeps = {
    directory: new DynamoUserStore({ tableName, client }).tvs,
    links: new DynamoGoogleLinks({ tableName, client }),
    reach: new DynamoTokenReach({ tableName, client }),
    cloud,
    logger,
    metrics: emfLines(),
  };
  // A priming that fails or hangs costs nothing but its own time: the requests do not need it.
  await primeGoogle(deps, client).catch(() => undefined);
  // A QUERY or EXECUTE reads two items at once (the token's reach and the customData gateway's index): two
  // connections, opened here on init's full vCPU while the device cloud's handshake is still under way.
  await openTableConnections(client, tableName, 2, PRIMING_TIMEOUT_MS);
  return createGoogleHandler(deps);
})();

export const handler: GoogleHandler = async (event) => (await ready)(event);
