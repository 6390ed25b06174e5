// One dynalite per test file (started on first use, stopped when the last user closes) and a fresh
// table per call, built from serverless.yml. The SDK finds dynalite through AWS_ENDPOINT_URL_DYNAMODB,
// the same standard variable a deployed or sandboxed process would use.
import { randomBytes } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createUserTable, startDynalite, useLocalAwsDefaults, type RunningDynalite } from '../../src/local/dynamo';
import { DynamoUserStore } from '../../src/store';

export interface TestDynamo {
  tableName: string;
  client: DynamoDBClient;
  store: DynamoUserStore;
  close(): Promise<void>;
}

let server: Promise<RunningDynalite> | undefined;
let users = 0;

export async function startTestDynamo(): Promise<TestDynamo> {
  users++;
  try {
    server ??= startDynalite();
    const { endpoint } = await server;
    process.env['AWS_ENDPOINT_URL_DYNAMODB'] = endpoint;
    useLocalAwsDefaults();

    const tableName = `users-test-${randomBytes(6).toString('hex')}`;
    const client = new DynamoDBClient({});
    await createUserTable(client, tableName);
    const store = new DynamoUserStore({ tableName, client });
    let closed = false;
    return {
      tableName,
      client,
      store,
      close: async () => {
        if (closed) return;
        closed = true;
        client.destroy();
        await release();
      },
    };
  } catch (err) {
    await release();
    throw err;
  }
}

async function release(): Promise<void> {
  users--;
  if (users > 0 || !server) return;
  const running = server;
  server = undefined;
  // A server that never started has nothing to stop; its error already reached the caller.
  await running.then(
    (s) => s.close(),
    () => undefined,
  );
}
