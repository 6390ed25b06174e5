// A household's data leaves with it: Alexa's SkillDisabled event (Amazon, "Add Events to Your Skill",
// Skill disabled event: request type AlexaSkillEvent.SkillDisabled, the user in context.System.user, a
// body with userInformationPersistenceStatus) reaches the skill, which deletes what it keeps for that
// user. Two Alexa users link one device-cloud account (each with a token of their own), both set up the
// living-room TV, the first also a bedroom TV, and the household links Google too. After the first
// disables the skill no item of the table (dynalite, scanned whole) carries their id or their token, and
// the second still reaches both TVs on Alexa and on Google.
import { randomUUID } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { RequestEnvelope } from 'ask-sdk-model';
import { createGoogleHandler } from '../../src/google/app';
import { DEFAULT_PRESETS } from '../../src/local/emulator';
import { createSkillHandler, type SkillHandler } from '../../src/skill/app';
import { createSmartHomeHandler } from '../../src/smarthome/app';
import { DynamoForgetting } from '../../src/store/families/forgetting';
import { DynamoGoogleLinks } from '../../src/store/families/google-links';
import { newToken } from '../support/emulator';
import { newAccount, setupOk, useWorld } from '../support/setup-world';
import { intent, SKILL_ID } from '../support/skill/requests';
import { discover } from '../support/smarthome/directives';

const world = useWorld();
const sharp = DEFAULT_PRESETS[0].deviceId;

const skill = (): SkillHandler =>
  createSkillHandler({
    store: world.dynamo.store,
    cloud: world.cloud,
    skillId: SKILL_ID,
    forgetting: new DynamoForgetting({ tableName: world.dynamo.tableName, client: world.dynamo.client }),
    setupTrigger: { start: () => Promise.reject(new Error('not in this test')) },
  });
const links = () => new DynamoGoogleLinks({ tableName: world.dynamo.tableName, client: world.dynamo.client });
const google = () => createGoogleHandler({ directory: world.dynamo.store.tvs, links: links(), cloud: world.cloud });

/** The event as Amazon's page shows it: no session, the user without a token, the persistence status in the body. */
function skillDisabled(userId: string): RequestEnvelope {
  return {
    version: '1.0',
    context: {
      System: {
        application: { applicationId: SKILL_ID },
        user: { userId },
        apiEndpoint: 'https://api.amazonalexa.com',
      },
    },
    request: {
      type: 'AlexaSkillEvent.SkillDisabled',
      requestId: `amzn1.echo-api.request.${randomUUID()}`,
      timestamp: new Date().toISOString(),
      eventCreationTime: new Date().toISOString(),
      eventPublishingTime: new Date().toISOString(),
      body: { userInformationPersistenceStatus: 'NOT_PERSISTED' },
    },
  } as unknown as RequestEnvelope;
}

/** Every item of the table, as text (string sets as lists). */
async function tableText(): Promise<string> {
  const { Items = [] } = await world.dynamo.client.send(new ScanCommand({ TableName: world.dynamo.tableName }));
  return JSON.stringify(
    Items.map((i) => unmarshall(i)),
    (_k, v: unknown) => (v instanceof Set ? [...(v as Set<unknown>)] : v),
  );
}

async function gatewayOf(token: string): Promise<string> {
  const [plugin] = await world.cloud.forToken(token).listCloudPlugins();
  return plugin!.gatewayId;
}

async function googleRequest(token: string, input: Record<string, unknown>): Promise<Record<string, unknown>> {
  const answer = await google()({
    requestContext: { http: { method: 'POST' } },
    headers: { authorization: `Bearer ${token}` },
    body: JSON.stringify({ requestId: randomUUID(), inputs: [input] }),
  });
  return (JSON.parse(answer.body) as { payload: Record<string, unknown> }).payload;
}

/** Two Alexa users of one device-cloud account, the first with a TV of their own, and Google linked. */
async function household() {
  const first = await newAccount(world);
  const secondToken = newToken();
  // A second link of the same account: a token of its own (the first stays valid).
  world.emulator.rotateToken(first.token, secondToken, { graceMs: 3_600_000 });
  const second = { userId: `amzn1.ask.account.${randomUUID()}`, token: secondToken };
  await world.dynamo.store.links.saveAccessToken(second.userId, second.token);
  const living = (await setupOk(world, { userId: first.userId, tvName: 'Living room TV', tvPresetId: sharp })).tv!;
  await setupOk(world, { userId: second.userId, tvName: 'Living room TV', tvPresetId: sharp });
  const bedroom = (await setupOk(world, { userId: first.userId, tvName: 'Bedroom TV', tvPresetId: sharp })).tv!;
  // The first user asked for a setup code on an Echo whose postal code the skill read.
  await world.dynamo.store.linkCodes.issueLinkCode(first.userId, undefined, '1000001');
  const gatewayId = await gatewayOf(first.token);
  await world.dynamo.store.grants.saveAlexaGrant(gatewayId, {
    region: 'FE',
    accessToken: 'Atza|grant-access',
    refreshToken: 'Atzr|grant-refresh',
    accessTokenExpiresAt: Date.now() + 3_600_000,
  });
  await googleRequest(second.token, { intent: 'action.devices.SYNC' });
  return { first, second, living, bedroom, gatewayId };
}

describe('AlexaSkillEvent.SkillDisabled', () => {
  it("leaves no item carrying the user's id or token, while the second user keeps both TVs on Alexa and Google", async () => {
    const { first, second, living, bedroom, gatewayId } = await household();
    expect(await tableText()).toContain(first.userId);
    expect(await tableText()).toContain(first.token);

    const answer = await skill()(skillDisabled(first.userId));
    expect(answer.response.outputSpeech).toBeUndefined();

    const after = await tableText();
    expect(after).not.toContain(first.userId);
    expect(after).not.toContain(first.token);
    // The second user's own things are all there: their record and token, the shared TV's entry, the grant.
    expect(after).toContain(second.userId);
    expect(after).toContain(second.token);
    expect(await world.dynamo.store.grants.alexaGrant(gatewayId)).toBeDefined();

    // Alexa: discovery lists both TVs; the custom skill turns the shared one on.
    const smartHome = createSmartHomeHandler({ directory: world.dynamo.store.tvs, cloud: world.cloud });
    const found = (await smartHome(discover()({ token: second.token, endpointId: '', cookie: {} }))) as unknown as {
      event: { payload: { endpoints: { endpointId: string }[] } };
    };
    expect(found.event.payload.endpoints.map((e) => e.endpointId).sort()).toEqual(
      [`tv:${bedroom.thingId}`, `tv:${living.thingId}`].sort(),
    );
    const on = await skill()(
      intent('TurnOnIntent', { tv: 'living room' })({ userId: second.userId, token: second.token }),
    );
    expect(JSON.stringify(on.response.outputSpeech)).not.toMatch(/link|sorry/i);
    expect(world.emulator.tvState(living.thingId)?.power).toBe('on');

    // Google: SYNC lists both; EXECUTE turns the bedroom TV on.
    const sync = await googleRequest(second.token, { intent: 'action.devices.SYNC' });
    expect((sync['devices'] as { id: string }[]).map((d) => d.id).sort()).toEqual(
      [bedroom.thingId, living.thingId].sort(),
    );
    const execute = await googleRequest(second.token, {
      intent: 'action.devices.EXECUTE',
      payload: {
        commands: [
          {
            devices: [{ id: bedroom.thingId }],
            execution: [{ command: 'action.devices.commands.OnOff', params: { on: true } }],
          },
        ],
      },
    });
    expect(execute['commands']).toEqual([expect.objectContaining({ status: 'SUCCESS' })]);

    // Again: nothing more to delete, nothing of the second user's touched.
    await skill()(skillDisabled(first.userId));
    expect(await tableText()).toBe(after);
  });

  it("of a household's only user, without Google, deletes the TVs' index entries and Alexa's grant too", async () => {
    const only = await newAccount(world);
    await setupOk(world, { userId: only.userId, tvName: 'TV', tvPresetId: sharp });
    const gatewayId = await gatewayOf(only.token);
    await world.dynamo.store.grants.saveAlexaGrant(gatewayId, {
      region: 'NA',
      accessToken: 'Atza|a',
      refreshToken: 'Atzr|only-user',
      accessTokenExpiresAt: Date.now() + 3_600_000,
    });

    await skill()(skillDisabled(only.userId));
    const after = await tableText();
    expect(after).not.toContain(only.userId);
    expect(after).not.toContain(only.token);
    expect(after).not.toContain('Atzr|only-user');
    expect(await world.dynamo.store.tvs.tvsBehindGateways([gatewayId])).toEqual([]);
  });

  it("loses nothing of another user's when their setup indexes the TV while the deletion runs", async () => {
    const first = await newAccount(world);
    const secondToken = newToken();
    world.emulator.rotateToken(first.token, secondToken, { graceMs: 3_600_000 });
    const second = `amzn1.ask.account.${randomUUID()}`;
    await world.dynamo.store.links.saveAccessToken(second, secondToken);
    const tv = (await setupOk(world, { userId: first.userId, tvName: 'TV', tvPresetId: sharp })).tv!;

    await Promise.all([
      skill()(skillDisabled(first.userId)),
      setupOk(world, { userId: second, tvName: 'TV', tvPresetId: sharp }),
    ]);
    expect(
      (await world.dynamo.store.tvs.tvsBehindGateways([await gatewayOf(first.token)])).map((t) => [
        t.thingId,
        t.userId,
      ]),
    ).toEqual([[tv.thingId, second]]);
    expect(await tableText()).not.toContain(first.userId);
  });
});
