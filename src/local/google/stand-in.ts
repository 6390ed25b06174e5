// A local stand-in for Google's side of a Cloud-to-cloud integration, for the sandbox and tests: it SYNCs
// and keeps what SYNC said, then sends the fulfillment an EXECUTE for each line it hears, checking every
// request and response against Google's schemas (schema.ts), as Google refuses what they reject.
import { randomUUID } from 'node:crypto';
import { syncedDevice, type Execution, type ExecuteResult, type SyncedDevice } from './devices';
import { answeredDevice } from '../frames/frame';
import { afterInvocation, executeOn, frameDevices, lineLanguage, readGoogleLine, type Heard } from './reader';
import { googleRequestErrors, googleResponseErrors } from './schema';
import { heardSpeech, resultSpeech } from './speech';

const SYNC = 'action.devices.SYNC';
const EXECUTE = 'action.devices.EXECUTE';

/** A Function URL's answer, as the fulfillment gives it. */
export interface HttpAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

/** The fulfillment as Google reaches it: an HTTPS POST, here the Lambda event of a Function URL (payload format 2.0). */
export type Fulfillment = (event: unknown) => Promise<HttpAnswer>;

/** The response failed Google's checks; Google would not act on it (the sandbox shows why). */
export class GoogleRefusal extends Error {
  constructor(
    readonly intent: string,
    readonly detail: string,
  ) {
    super(`Google refused the fulfillment's ${intent} response: ${detail}`);
    this.name = 'GoogleRefusal';
  }
}

export interface GoogleAnswer {
  heard: Heard;
  /** The EXECUTE's outcome for the device, when one was sent. */
  result?: ExecuteResult;
  /** What Google says back, in the line's language. */
  speech: string;
}

export interface GoogleStandIn {
  /** SYNC, as on linking and on Request Sync: the devices Google keeps from now on. */
  sync(): Promise<readonly SyncedDevice[]>;
  devices(): readonly SyncedDevice[];
  /** SYNC's agentUserId; undefined before the first SYNC, or when SYNC answered an error. */
  agentUserId(): string | undefined;
  /** The errorCode the last SYNC answered instead of devices, if it did. */
  syncError(): string | undefined;
  /** One EXECUTE of one command for one synced device, checked both ways. */
  execute(device: SyncedDevice, execution: Execution): Promise<ExecuteResult>;
  /** Whether Google asked "which one?" and listens for the answer. */
  awaiting(): boolean;
  /** A spoken line: SYNC first if none was, then the EXECUTE it maps to, and Google's words. */
  hear(line: string): Promise<GoogleAnswer>;
}

export interface GoogleStandInOptions {
  fulfillment: Fulfillment;
  /** The access token account linking gave Google. */
  token: string;
}

/**
 * What Google Assistant does with "Hey Google, channel 8 on the TV": as Google does, it first SYNCs and
 * keeps what SYNC said (the agentUserId, each device's id, names, traits, availableChannels and
 * levelStepSize); then it reads a spoken line as one of the TV's trait commands (reader.ts) and sends an
 * EXECUTE for that device. A response the schemas refuse, or one naming a device it did not ask about, is refused.
 */
export function googleStandIn({ fulfillment, token }: GoogleStandInOptions): GoogleStandIn {
  let synced: SyncedDevice[] | undefined;
  let agentUserId: string | undefined;
  let syncError: string | undefined;
  /** The command Google asked "which one?" about, until the next line. */
  let asked: Extract<Heard, { kind: 'which' }> | undefined;

  /** The body Google POSTs, sent the way a Function URL hands it to the Lambda; the answer parsed and checked. */
  async function send(intent: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const wrong = googleRequestErrors(body);
    // The stand-in's own request: a mistake here is the sandbox's, never the door's.
    if (wrong.length > 0)
      throw new Error(`the Google stand-in built an invalid ${intent} request: ${wrong.join('; ')}`);
    const answer = await fulfillment({
      version: '2.0',
      routeKey: '$default',
      rawPath: '/',
      // "POST /fulfillment … Content-Type: application/json Authorization: Bearer ACCESS_TOKEN"
      // (https://developers.google.com/assistant/smarthome/develop/process-intents); a Function URL lower-cases header names.
      requestContext: { http: { method: 'POST', path: '/' } },
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
      isBase64Encoded: false,
    });
    // An invalid token is answered "HTTP 401 Unauthorized" (process-intents): Google would refresh it; here there is no refresh.
    if (answer.statusCode !== 200)
      throw new GoogleRefusal(intent, `HTTP ${answer.statusCode} ${answer.body.slice(0, 200)}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.body);
    } catch {
      throw new GoogleRefusal(intent, 'the body is not JSON');
    }
    // "If the response contains incorrect formatting or errorCode, Google Assistant gives users a generic
    // error message" (https://developers.home.google.com/cloud-to-cloud/intents/errors-exceptions).
    const errors = googleResponseErrors(intent, parsed);
    if (errors.length > 0)
      throw new GoogleRefusal(intent, `not valid against Google's schema: ${errors.slice(0, 5).join('; ')}`);
    const response = parsed as Record<string, unknown>;
    if (response['requestId'] !== body['requestId'])
      throw new GoogleRefusal(intent, "the requestId is not the request's");
    return response;
  }

  async function sync(): Promise<readonly SyncedDevice[]> {
    const response = await send(SYNC, { requestId: randomUUID(), inputs: [{ intent: SYNC }] });
    const payload = response['payload'] as Record<string, unknown>;
    // "For systematic errors on SYNC" (intents/sync): no devices to address until a later SYNC lists some.
    if (typeof payload['errorCode'] === 'string') {
      syncError = payload['errorCode'];
      agentUserId = undefined;
      synced = [];
      return synced;
    }
    syncError = undefined;
    if (typeof payload['agentUserId'] !== 'string' || !Array.isArray(payload['devices'])) {
      throw new GoogleRefusal(SYNC, 'SYNC answered neither devices with an agentUserId nor an errorCode');
    }
    const devices = payload['devices'].map(syncedDevice);
    // "The ID of the device … must be unique for the user" (https://developers.home.google.com/cloud-to-cloud/intents/sync).
    const twice = devices.find((d, i) => devices.findIndex((e) => e.id === d.id) !== i);
    if (twice) throw new GoogleRefusal(SYNC, `the device id ${twice.id} is given twice`);
    agentUserId = payload['agentUserId'];
    synced = devices;
    return synced;
  }

  async function execute(device: SyncedDevice, execution: Execution): Promise<ExecuteResult> {
    // Google addresses only devices SYNC gave it.
    if (!(synced ?? []).some((d) => d.id === device.id))
      throw new Error(`the Google stand-in has no synced device ${device.id}`);
    const body = {
      requestId: randomUUID(),
      inputs: [{ intent: EXECUTE, payload: { commands: [{ devices: [{ id: device.id }], execution: [execution] }] } }],
    };
    const response = await send(EXECUTE, body);
    const payload = response['payload'] as {
      commands?: { ids: string[]; status: string; errorCode?: string }[];
      errorCode?: string;
    };
    // A global error: "all the devices in the response have the same error" (errors-exceptions).
    if (payload.commands === undefined)
      return { command: execution.command, status: 'ERROR', errorCode: payload.errorCode ?? 'unknownError' };
    const stranger = payload.commands.flatMap((c) => c.ids).find((id) => id !== device.id);
    if (stranger !== undefined)
      throw new GoogleRefusal(EXECUTE, `the response names device ${stranger}, which the request did not`);
    const result = payload.commands.find((c) => c.ids.includes(device.id));
    if (result === undefined) throw new GoogleRefusal(EXECUTE, `the response has no result for device ${device.id}`);
    return {
      command: execution.command,
      status: result.status,
      ...(result.errorCode !== undefined && { errorCode: result.errorCode }),
    };
  }

  return {
    sync,
    devices: () => synced ?? [],
    agentUserId: () => agentUserId,
    syncError: () => syncError,
    awaiting: () => asked !== undefined,
    execute,
    async hear(line) {
      const devices = synced ?? (await sync());
      const question = asked;
      asked = undefined;
      // Google takes the answer to its own "which one?": a name, a part of one ("We recognize subsets of
      // strings", https://developers.home.google.com/cloud-to-cloud/support/faq), 「寝室の方」; any other
      // line is heard as a new one.
      const said = afterInvocation(line) ?? line;
      const answer = question && answeredDevice(said, frameDevices(question.devices), lineLanguage(said) === 'ja');
      const heard =
        question && answer !== undefined
          ? executeOn(question.devices[answer]!, question.execution)
          : readGoogleLine(line, devices);
      if (heard.kind === 'which') asked = heard;
      const language = lineLanguage(line);
      if (heard.kind !== 'execute') return { heard, speech: heardSpeech(heard, language) };
      const result = await execute(heard.device, heard.execution);
      return { heard, result, speech: resultSpeech(result, heard, language) };
    },
  };
}
