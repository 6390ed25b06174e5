// The one way a Lambda builds its DynamoDB client: budgets that hold whatever the table does.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { sdkBudgetConfig, type SdkBudget } from '../sdk-budget';

export type TableBudget = SdkBudget;

/** Alexa waits 8 s in all (custom skill and smart home): a hung table must fail fast enough to still answer. */
export const ALEXA_TABLE_BUDGET: TableBudget = { connectTimeoutMs: 500, requestTimeoutMs: 1000, maxAttempts: 2 };

/** Setup has 90 s; a slow table gets more room, a hung one still fails within about 7 s a call. */
export const SETUP_TABLE_BUDGET: TableBudget = { connectTimeoutMs: 1000, requestTimeoutMs: 2000, maxAttempts: 3 };

/** Endpoint, region and credentials come from the environment (AWS_ENDPOINT_URL_DYNAMODB and the rest). */
export function dynamoClient(budget: TableBudget): DynamoDBClient {
  return new DynamoDBClient(sdkBudgetConfig(budget));
}

/** The longest one store call can take under a budget: every attempt timing out, plus retry pauses. */
export function worstCallMs(budget: TableBudget): number {
  // The SDK's standard retry waits at most 100 ms * 2^attempt (with jitter) between attempts.
  let pauses = 0;
  for (let attempt = 1; attempt < budget.maxAttempts; attempt++) pauses += 100 * 2 ** (attempt - 1);
  return budget.maxAttempts * budget.requestTimeoutMs + pauses;
}
