// Priming at cold start: the table's client runs its whole stack once (endpoint, credentials, signing,
// serialisation, parsing) with every answer made here and nothing sent, so the first real read finds that
// code compiled and its caches filled. Lambda runs init on a full vCPU; the same work inside the first
// command runs at the memory size's share of one (docs/cold-start.md).
import { GetItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';

const MIDDLEWARE = 'answerHereWhilePriming';

/** An operation's output in DynamoDB's JSON, by the SDK command's name (`GetItemCommand`) and its input (DynamoDB's JSON). */
export type LocalAnswer = (commandName: string, input: unknown) => Record<string, unknown>;

/**
 * Runs `work` while every call of `client` is answered by `answer` instead of the table. The answers
 * stop when `work` settles or after `timeoutMs`, whichever comes first, so a priming that hangs never
 * keeps real calls from the table; what `work` does after that is its own affair.
 */
export async function withLocalAnswers<T>(
  client: DynamoDBClient,
  answer: LocalAnswer,
  timeoutMs: number,
  work: () => Promise<T>,
): Promise<T> {
  // Innermost in the deserialize step: the request has been built and signed, and the SDK's own
  // deserializer reads this answer as it would read the table's.
  client.middlewareStack.add(
    (_next, context) => async (args) => ({
      response: {
        statusCode: 200,
        headers: { 'content-type': 'application/x-amz-json-1.0' },
        body: new TextEncoder().encode(JSON.stringify(answer(context.commandName ?? '', args.input))),
      },
    }),
    { step: 'deserialize', priority: 'low', name: MIDDLEWARE },
  );
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work(),
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`priming took over ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
    client.middlewareStack.remove(MIDDLEWARE);
  }
}

/**
 * Opens `count` connections to the table with real reads of a key no item has, for a function whose first
 * command reads the table at once: priming answers inside the SDK, so the connection, its TLS and node's
 * HTTP client would otherwise all be first used in that command, at the memory size's share of a vCPU.
 * Run after priming (whose answers would take these reads too); bounded like it, and a failure is ignored:
 * the command opens its own connection then.
 */
export async function openTableConnections(
  client: DynamoDBClient,
  tableName: string,
  count: number,
  timeoutMs: number,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const read = () => client.send(new GetItemCommand({ TableName: tableName, Key: { pk: { S: WARM_UP_KEY } } }));
  try {
    await Promise.race([
      Promise.all(Array.from({ length: count }, read)),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      }),
    ]);
  } catch {
    // Nothing opened: the first command connects as it would have.
  } finally {
    clearTimeout(timer);
  }
}

/** No item family uses this key. */
const WARM_UP_KEY = 'warm-up';

/** A user item as the store keeps it, in DynamoDB's JSON: one TV, the token the request carries. */
export function userItemWithOneTv(userId: string, accessToken: string): Record<string, unknown> {
  const s = (value: string) => ({ S: value });
  return {
    pk: s(`user#${userId}`),
    userId: s(userId),
    accessToken: s(accessToken),
    tvs: {
      M: {
        tv: {
          M: {
            thingId: s('priming-tv'),
            serviceId: s('priming-tv'),
            deviceName: s('TV'),
            gatewayId: s('priming-gateway'),
            addedAt: s(''),
          },
        },
      },
    },
  };
}
