// Priming at cold start (src/google/priming.ts over src/store/priming.ts): one EXECUTE runs through the door
// with the table answered here and the device cloud answered by the priming's stand-in. Nothing reaches the
// table or any service, nothing is logged or counted.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeviceCloud } from '../../src/cloud/client';
import { primeGoogle } from '../../src/google/priming';
import type { CommandRecord } from '../../src/metrics';
import { DynamoUserStore } from '../../src/store';
import { DynamoGoogleLinks } from '../../src/store/families/google-links';
import { DynamoTokenReach } from '../../src/store/families/token-reach';

/** Endpoints where nothing listens: a call that went out would fail, not hang. */
const NOWHERE = 'http://127.0.0.1:9';

it('tunes フジテレビ by name for a household with one TV, with nothing sent, logged or counted', async () => {
  const client = new DynamoDBClient({
    endpoint: NOWHERE,
    maxAttempts: 1,
    region: 'us-east-1',
    credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
  });
  const lines: string[] = [];
  const records: CommandRecord[] = [];
  const keep = (message: string) => void lines.push(message);
  try {
    const answer = await primeGoogle(
      {
        directory: new DynamoUserStore({ tableName: 'priming', client }).tvs,
        links: new DynamoGoogleLinks({ tableName: 'priming', client }),
        reach: new DynamoTokenReach({ tableName: 'priming', client }),
        cloud: new DeviceCloud({ baseUrl: 'https://127.0.0.1:9' }),
        logger: { info: keep, warn: keep, error: keep },
        metrics: (r) => records.push(r),
      },
      client,
    );
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({
      requestId: 'priming',
      payload: { commands: [{ ids: ['priming-tv'], status: 'SUCCESS', states: { online: true } }] },
    });
    expect({ lines, records }).toEqual({ lines: [], records: [] });
  } finally {
    client.destroy();
  }
});
