// Priming at cold start (src/skill/cold-start/priming.ts over src/store/priming.ts): one launch runs through every
// layer with the table answered here. Nothing reaches the table or any other service, nothing is logged
// or counted, the next command is still the process's cold one, and afterwards the table is the table.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeviceCloud } from '../../src/cloud/client';
import type { Logger } from '../../src/log';
import type { CommandRecord } from '../../src/metrics';
import { primeSkill } from '../../src/skill/cold-start/priming';
import { lambdaSetupTrigger } from '../../src/skill/services/setup-trigger';
import { DynamoUserStore, withLocalAnswers } from '../../src/store';
import { startTestDynamo, type TestDynamo } from '../support/dynamo';

/** A table endpoint where nothing listens: a call that went out would fail, not hang. */
const NOWHERE = 'http://127.0.0.1:9';

let dynamo: TestDynamo;
beforeAll(async () => {
  dynamo = await startTestDynamo();
});
afterAll(() => dynamo.close());

function recordingLogger(lines: string[]): Logger {
  const keep = (level: string) => (message: string) => void lines.push(`${level} ${message}`);
  return { info: keep('info'), warn: keep('warn'), error: keep('error') };
}

it('answers the launch a linked user with one TV hears, with nothing sent, logged or counted', async () => {
  const client = new DynamoDBClient({ endpoint: NOWHERE, maxAttempts: 1 });
  const lines: string[] = [];
  const records: CommandRecord[] = [];
  try {
    const answer = await primeSkill(
      {
        store: new DynamoUserStore({ tableName: 'priming', client }),
        cloud: new DeviceCloud({ baseUrl: 'https://127.0.0.1:9' }),
        setupTrigger: lambdaSetupTrigger({ functionName: 'setup', endpoint: NOWHERE, region: 'us-east-1' }),
        logger: recordingLogger(lines),
        metrics: (r) => records.push(r),
      },
      client,
    );
    expect(answer.response.outputSpeech).toEqual({
      type: 'SSML',
      ssml: expect.stringMatching(/^<speak>テレビリモコンです。/),
    });
    expect(answer.response.shouldEndSession).toBe(false);
    expect({ lines, records }).toEqual({ lines: [], records: [] });
  } finally {
    client.destroy();
  }
});

it('leaves the table answering again once it is done', async () => {
  await dynamo.store.links.saveAccessToken('amzn1.ask.account.after-priming', 'token-after-priming');
  await primeSkill(
    {
      store: dynamo.store,
      cloud: new DeviceCloud({ baseUrl: NOWHERE }),
      setupTrigger: lambdaSetupTrigger({ functionName: 'setup', endpoint: NOWHERE }),
    },
    dynamo.client,
  );
  expect(await dynamo.store.links.get('amzn1.ask.account.after-priming')).toEqual({
    userId: 'amzn1.ask.account.after-priming',
    accessToken: 'token-after-priming',
  });
});

it('stops answering here when the work outlasts its time, so a hung priming never hides the table', async () => {
  await dynamo.store.links.saveAccessToken('amzn1.ask.account.hung-priming', 'token-hung');
  const hung = withLocalAnswers(
    dynamo.client,
    () => ({}),
    50,
    () => new Promise<never>(() => undefined),
  );
  await expect(hung).rejects.toThrow('priming took over 50 ms');
  expect(await dynamo.store.links.get('amzn1.ask.account.hung-priming')).toMatchObject({ accessToken: 'token-hung' });
});

it('keeps the next command the cold one: work outside commands does not warm the process', async () => {
  await jest.isolateModulesAsync(async () => {
    const { meterCommand, outsideCommands } = await import('../../src/metrics');
    const cold: boolean[] = [];
    const run = () =>
      meterCommand(
        'skill',
        'LaunchRequest',
        async () => undefined,
        (r) => cold.push(r.coldStart),
      );
    await outsideCommands(run);
    await run();
    await run();
    expect(cold).toEqual([true, true, false]);
  });
});
