// Every metric dimension takes its values from a closed set: each new value is a CloudWatch metric of its
// own, paid for. Out-of-set names from outside (an intent the models lack, a made-up directive, a request
// type Alexa never sends, an id) go through each door's metric path and come out as `other`.
import { randomUUID } from 'node:crypto';
import type { RequestEnvelope } from 'ask-sdk-model';
import { DeviceCloud } from '../../src/cloud/client';
import type { CommandRecord } from '../../src/metrics';
import { MODEL_INTENTS } from '../../src/skill/request/intents';
import { createSmartHomeHandler } from '../../src/smarthome/app';
import { useLoopback } from '../support/loopback';
import { intent, launch, SKILL_ID } from '../support/skill/requests';
import { control } from '../support/smarthome/directives';
import { useDeployedSkill } from '../support/skill/deployed';

const loopback = useLoopback();
const deployed = useDeployedSkill(loopback);

const OUTSIDE = ['amzn1.ask.account.AF3XYZ', 'MakeCoffeeIntent', `x${'y'.repeat(60)}`, '名前', 'A.B.C', ''];

describe('the skill door', () => {
  const records: CommandRecord[] = [];
  const handler = () =>
    deployed.with({
      store: loopback.dynamo.store,
      cloud: new DeviceCloud({ baseUrl: loopback.emulator.url }),
      skillId: SKILL_ID,
      metrics: (r) => records.push(r),
    });
  const who = { userId: `amzn1.ask.account.${randomUUID()}`, token: 'token-not-known' };

  it.each(OUTSIDE)('names an intent outside the models (%p) `other`', async (name) => {
    records.length = 0;
    await handler()(intent(name)(who));
    expect(records.map((r) => r.command)).toEqual(['other']);
  });

  it('names a request type the skill does not answer `other`, and keeps every model intent as itself', async () => {
    records.length = 0;
    const odd = {
      ...launch()(who),
      request: { ...launch()(who).request, type: 'Messaging.MessageReceived' },
    } as unknown as RequestEnvelope;
    await handler()(odd);
    for (const name of MODEL_INTENTS) await handler()(intent(name)(who));
    expect(records.map((r) => r.command)).toEqual(['other', ...MODEL_INTENTS]);
  });
});

describe('the smart-home door', () => {
  it.each(OUTSIDE)('names a directive it does not serve (namespace %p) `other`', async (namespace) => {
    const records: CommandRecord[] = [];
    const smartHome = createSmartHomeHandler({
      directory: loopback.dynamo.store.tvs,
      cloud: new DeviceCloud({ baseUrl: loopback.emulator.url }),
      metrics: (r) => records.push(r),
    });
    await smartHome(control(namespace, 'TurnOn')({ token: 'token', endpointId: 'tv:thing', cookie: {} }));
    expect(records.map((r) => r.command)).toEqual(['other']);
  });
});
