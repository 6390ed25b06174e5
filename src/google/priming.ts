// The Google function's priming at cold start (lambda.ts), as the skill's: one EXECUTE from a household
// with one TV runs through the door (the HTTP edge, the household, the trait, the errors' place) and the
// table's client, the table answered here and the device cloud by a stand-in that sends nothing, nothing
// logged or counted. Lambda runs init on a full vCPU; the first real request then finds that code compiled
// and the table client's caches filled, instead of doing it at the memory size's share of one.
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DeviceCloudApi, DeviceCloudConnector } from '../cloud/api';
import { silentLogger } from '../log';
import { outsideCommands } from '../metrics';
import { isRecord } from '../json';
import { withLocalAnswers } from '../store';
import { tokenReachKey, TOKEN_REACH_TTL_MS } from '../store/families/token-reach';
import { createGoogleHandler, type GoogleDeps } from './app';
import type { HttpAnswer } from './respond';

/** Priming is local work of a few ms; past this it is abandoned, so init stays bounded. */
export const PRIMING_TIMEOUT_MS = 1000;
const GATEWAY = 'priming-gateway';
const TV = 'priming-tv';
const TOKEN = 'priming';

export function primeGoogle(deps: GoogleDeps, client: DynamoDBClient): Promise<HttpAnswer> {
  const door = createGoogleHandler({
    ...deps,
    cloud: localCloud(deps.cloud.timeoutMs),
    logger: silentLogger,
    metrics: undefined,
  });
  return withLocalAnswers(client, tableAnswer, PRIMING_TIMEOUT_MS, () => outsideCommands(() => door(execute())));
}

/**
 * The priming token's reach (its gateway and TV, so the EXECUTE takes a cold command's usual path, without
 * the listing), the priming gateway's index item with one TV, an empty success for anything else.
 */
function tableAnswer(commandName: string, input: unknown): Record<string, unknown> {
  if (commandName !== 'GetItemCommand') return {};
  const s = (value: string) => ({ S: value });
  const key =
    isRecord(input) && isRecord(input['Key']) && isRecord(input['Key']['pk']) ? input['Key']['pk']['S'] : undefined;
  if (key === tokenReachKey(TOKEN).pk) {
    const expiresAt = Math.floor((Date.now() + TOKEN_REACH_TTL_MS) / 1000);
    return { Item: { pk: s(key), reach: { M: { [GATEWAY]: { L: [s(TV)] } } }, expiresAt: { N: String(expiresAt) } } };
  }
  const tv = {
    M: {
      thingId: s(TV),
      serviceId: s(TV),
      deviceName: s('TV'),
      gatewayId: s(GATEWAY),
      userId: s('priming'),
      channels: { M: { area: s('tokyo') } },
    },
  };
  return { Item: { pk: s(`gw#${GATEWAY}`), gatewayId: s(GATEWAY), tvs: { M: { [TV]: tv } } } };
}

/** The calls an EXECUTE makes (the listing only when no entry vouches), answered here; any other is a bug of the priming and fails it. */
function localCloud(timeoutMs: number): DeviceCloudConnector {
  const refuse = async (): Promise<never> => {
    throw new Error('not called while priming');
  };
  const api: DeviceCloudApi = {
    listCloudPlugins: async () => [
      {
        cloudPluginId: 'priming',
        cloudPluginName: '',
        providerName: '',
        summary: '',
        availableProfile: '',
        icon: '',
        version: '',
        gatewayId: GATEWAY,
        thingId: GATEWAY,
        serviceId: GATEWAY,
        enabled: true,
        expirationDate: null,
        authorizeUri: '',
      },
    ],
    tvChannel: async () => ({ result: 0 }),
    searchAvailableDevices: refuse,
    registerDevice: refuse,
    getPresets: refuse,
    registerTv: refuse,
    tvPowerOn: refuse,
    tvVolume: refuse,
    tvPowerOff: refuse,
  };
  return { timeoutMs, forToken: () => api };
}

/** 「OK Google、フジテレビにして」: the channel by name, through the TV's stations. */
function execute(): unknown {
  const body = {
    requestId: 'priming',
    inputs: [
      {
        intent: 'action.devices.EXECUTE',
        payload: {
          commands: [
            {
              devices: [{ id: TV, customData: { gatewayId: GATEWAY } }],
              execution: [{ command: 'action.devices.commands.selectChannel', params: { channelCode: 'フジテレビ' } }],
            },
          ],
        },
      },
    ],
  };
  return {
    version: '2.0',
    headers: { authorization: `Bearer ${TOKEN}` },
    requestContext: { http: { method: 'POST' } },
    body: JSON.stringify(body),
    isBase64Encoded: false,
  };
}
