// The one way a Lambda builds its DynamoDB client: budgets that hold whatever the table does. The
// locked @smithy/node-http-handler only logs a warning when requestTimeout passes unless it is told to
// throw, and a socket that never answers would otherwise keep a call open until the Lambda dies.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';

export interface TableBudget {
  /** Time to open the TCP (and TLS) connection. */
  connectTimeoutMs: number;
  /** Time for one attempt from sending to the last byte of the answer, connection included. */
  requestTimeoutMs: number;
  /** Attempts per call, the first included; a timed-out attempt is retried like a throttled one. */
  maxAttempts: number;
}

/** Alexa waits 8 s in all (custom skill and smart home): a hung table must fail fast enough to still answer. */
export const ALEXA_TABLE_BUDGET: TableBudget = { connectTimeoutMs: 500, requestTimeoutMs: 1000, maxAttempts: 2 };

/** Setup has 90 s; a slow table gets more room, a hung one still fails within about 7 s a call. */
export const SETUP_TABLE_BUDGET: TableBudget = { connectTimeoutMs: 1000, requestTimeoutMs: 2000, maxAttempts: 3 };

/** Endpoint, region and credentials come from the environment (AWS_ENDPOINT_URL_DYNAMODB and the rest). */
export function dynamoClient(budget: TableBudget): DynamoDBClient {
  return new DynamoDBClient({
    maxAttempts: budget.maxAttempts,
    requestHandler: {
      connectionTimeout: budget.connectTimeoutMs,
      requestTimeout: budget.requestTimeoutMs,
      throwOnRequestTimeout: true,
      socketTimeout: budget.requestTimeoutMs,
    },
  });
}

/** The longest one store call can take under a budget: every attempt timing out, plus retry pauses. */
export function worstCallMs(budget: TableBudget): number {
  // The SDK's standard retry waits at most 100 ms * 2^attempt (with jitter) between attempts.
  let pauses = 0;
  for (let attempt = 1; attempt < budget.maxAttempts; attempt++) pauses += 100 * 2 ** (attempt - 1);
  return budget.maxAttempts * budget.requestTimeoutMs + pauses;
}
