// Starting the setup function from the conversation: one asynchronous Lambda Invoke (InvocationType Event,
// https://docs.aws.amazon.com/lambda/latest/api/API_Invoke.html), its client loaded on this path only and
// sending under the outbound policy. Why: docs/architecture.md#setup-trigger-file.
import { exchange, type Exchange } from '../../outbound';

/** One Invoke attempt's deadline: Lambda queues an Event in well under a second. */
export const INVOKE_TIMEOUT_MS = 2000;
/**
 * The whole start's, a retried refusal and its pause included: well inside the skill's 7 s budget for the
 * turn, with room to record the failure and say so.
 */
export const INVOKE_DEADLINE_MS = 3000;
/** An Event invocation is answered 202 with no body; Lambda's errors are a small JSON object. */
const INVOKE_MAX_BYTES = 64 * 1024;

/** The setup event a voice run sends (src/setup/event.ts): never a token; setup uses the stored one. */
export interface SetupRunEvent {
  userId: string;
  /** The Alexa request that started the run. */
  voiceRun: string;
  tvName?: string;
  /** The TV's prefecture (a prefecture id), for its station names. */
  area?: string;
  tvPresetId?: string;
  remoteName?: string;
  removeTv?: string;
}

export interface SetupTrigger {
  /** Resolves once Lambda has queued the run. */
  start(event: SetupRunEvent): Promise<void>;
}

export interface LambdaTriggerOptions {
  functionName: string;
  /** A stand-in's URL (src/local/lambda): the sandbox and the tests. Default: Lambda itself. */
  endpoint?: string;
  region?: string;
  /** Default INVOKE_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Default INVOKE_DEADLINE_MS. */
  deadlineMs?: number;
}

export function lambdaSetupTrigger(options: LambdaTriggerOptions): SetupTrigger {
  let client:
    Promise<{ send(event: SetupRunEvent, abortSignal: AbortSignal): Promise<number | undefined> }> | undefined;
  const connect = async () => {
    const { LambdaClient, InvokeCommand } = await import('@aws-sdk/client-lambda');
    const lambda = new LambdaClient({
      ...(options.region && { region: options.region }),
      ...(options.endpoint && {
        endpoint: options.endpoint,
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      }),
      maxAttempts: 2,
      retryStrategy: oneRetryWithin(options.deadlineMs ?? INVOKE_DEADLINE_MS),
      requestHandler: outboundHandler(options.timeoutMs ?? INVOKE_TIMEOUT_MS),
    });
    return {
      send: async (event: SetupRunEvent, abortSignal: AbortSignal) =>
        (
          await lambda.send(
            new InvokeCommand({
              FunctionName: options.functionName,
              InvocationType: 'Event',
              Payload: Buffer.from(JSON.stringify(event)),
            }),
            { abortSignal },
          )
        ).StatusCode,
    };
  };
  const deadlineMs = options.deadlineMs ?? INVOKE_DEADLINE_MS;
  return {
    async start(event) {
      client ??= connect();
      const lambda = await client;
      const deadline = new AbortController();
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => {
          // Aborts the attempt in flight; an attempt the SDK still plans is refused by the handler.
          deadline.abort();
          reject(new Error(`the setup function was not queued within ${deadlineMs} ms`));
        }, deadlineMs);
      });
      try {
        // Raced too: an SDK (the runtime's) whose retry pause ignores the signal does not hold the turn.
        const status = await Promise.race([lambda.send(event, deadline.signal), late]);
        if (status !== 202) throw new Error(`the setup function was not queued (status ${status ?? 'none'})`);
      } finally {
        clearTimeout(timer);
        deadline.abort();
      }
    },
  };
}

/** The pause before the one retry of a refused Invoke (5xx, 429). */
const RETRY_PAUSE_MS = 100;

/** The SDK's retry token (@smithy/types RetryToken). */
interface RetryToken {
  getRetryCount(): number;
  getRetryDelay(): number;
}

/**
 * The SDK's retry strategy (@smithy/types RetryStrategyV2) for the start: a refusal the SDK deems worth
 * retrying (its errorType: throttling, a server error, a transient one) is tried once more after a short
 * pause; a Retry-After longer than the start's deadline is not waited for. The SDK's standard strategy
 * would pause for up to 5 s more in a timer the abort does not end, holding the process for nothing.
 */
function oneRetryWithin(deadlineMs: number) {
  const token = (count: number): RetryToken => ({
    getRetryCount: () => count,
    getRetryDelay: () => (count === 0 ? 0 : RETRY_PAUSE_MS),
  });
  return {
    acquireInitialRetryToken: async (): Promise<RetryToken> => token(0),
    async refreshRetryTokenForRetry(
      previous: RetryToken,
      error: { errorType: string; retryAfterHint?: Date },
    ): Promise<RetryToken> {
      const waitsTooLong =
        error.retryAfterHint !== undefined && error.retryAfterHint.getTime() - Date.now() > deadlineMs;
      if (previous.getRetryCount() >= 1 || error.errorType === 'CLIENT_ERROR' || waitsTooLong)
        throw new Error('no retry');
      return token(previous.getRetryCount() + 1);
    },
    recordSuccess: (): void => undefined,
  };
}

/** The parts of the SDK's request (@smithy/types HttpRequest) a handler sends. */
interface SdkRequest {
  method: string;
  protocol: string;
  hostname: string;
  port?: number;
  /** Already escaped by the SDK's serializer. */
  path: string;
  query?: Record<string, string | (string | null)[] | null>;
  headers: Record<string, string>;
  body?: unknown;
}

const METHODS: readonly Exchange['method'][] = ['GET', 'POST', 'PUT', 'DELETE'];

/** The SDK's request handler (its HttpHandler interface), sending through `exchange`. */
function outboundHandler(timeoutMs: number) {
  return {
    metadata: { handlerProtocol: 'http/1.1' },
    async handle(request: SdkRequest, options?: { abortSignal?: AbortSignal }) {
      // Once the start's deadline passed, an attempt the SDK still makes sends nothing (exchange sees the signal).
      const signal = options?.abortSignal;
      const method = METHODS.find((m) => m === request.method.toUpperCase());
      const { body } = request;
      if (method === undefined || !(body === undefined || typeof body === 'string' || body instanceof Uint8Array)) {
        throw new Error(
          `the Lambda client sent a request this handler does not send (${request.method}, ${typeof body} body)`,
        );
      }
      const { status, headers, text } = await exchange(sdkUrl(request), {
        method,
        headers: request.headers,
        ...(body !== undefined && { body }),
        timeoutMs,
        maxBytes: INVOKE_MAX_BYTES,
        ...(signal && { signal }),
      });
      // An Event's answer is empty and an error's is JSON: text holds either exactly.
      return { response: { statusCode: status, headers, body: Buffer.from(text) } };
    },
    updateHttpClientConfig: (): void => undefined,
    httpHandlerConfigs: (): Record<string, never> => ({}),
  };
}

function sdkUrl(request: SdkRequest): string {
  const port = request.port === undefined ? '' : `:${request.port}`;
  const query = Object.entries(request.query ?? {})
    .flatMap(([key, value]) =>
      (Array.isArray(value) ? value : [value]).map((v) => (v === null ? escape(key) : `${escape(key)}=${escape(v)}`)),
    )
    .join('&');
  const protocol = request.protocol.endsWith(':') ? request.protocol : `${request.protocol}:`;
  return `${protocol}//${request.hostname}${port}${request.path}${query === '' ? '' : `?${query}`}`;
}

/** RFC 3986 escaping, as SigV4 signs the query. */
function escape(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
