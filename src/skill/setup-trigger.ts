// Starting the setup function from the conversation: one asynchronous Lambda Invoke (InvocationType
// Event, https://docs.aws.amazon.com/lambda/latest/api/API_Invoke.html). Lambda queues the event and
// answers 202 at once; the run records its outcome on the user's record (src/setup/voice.ts), where the
// conversation reads it. Chosen over a DynamoDB stream: no stream to provision, one permission
// (lambda:InvokeFunction on the setup function alone), and the request ids already make it at most once.
// The Lambda client is loaded on this path only, from the runtime's own AWS SDK (not bundled: the voice
// path's cold start does not grow).

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
}

export function lambdaSetupTrigger(options: LambdaTriggerOptions): SetupTrigger {
  let client: Promise<{ send(event: SetupRunEvent): Promise<number | undefined> }> | undefined;
  const connect = async () => {
    const { LambdaClient, InvokeCommand } = await import('@aws-sdk/client-lambda');
    const lambda = new LambdaClient({
      ...(options.region && { region: options.region }),
      ...(options.endpoint && { endpoint: options.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
      maxAttempts: 2,
    });
    return {
      send: async (event: SetupRunEvent) => (await lambda.send(new InvokeCommand({
        FunctionName: options.functionName,
        InvocationType: 'Event',
        Payload: Buffer.from(JSON.stringify(event)),
      }))).StatusCode,
    };
  };
  return {
    async start(event) {
      client ??= connect();
      const status = await (await client).send(event);
      if (status !== 202) throw new Error(`the setup function was not queued (status ${status ?? 'none'})`);
    },
  };
}
