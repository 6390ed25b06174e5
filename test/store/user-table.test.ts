import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
} from '@aws-sdk/client-dynamodb';
import { parse } from 'yaml';
import {
  createUserTable,
  readUserTableDefinition,
  SERVERLESS_YML,
  startDynalite,
  type RunningDynalite,
} from '../../src/local/dynamo';
import { startTestDynamo, type TestDynamo } from '../support/dynamo';

/** The UserTable properties as the YAML states them, read here independently of the code under test. */
function yamlTableProperties(file: string): {
  KeySchema: unknown;
  AttributeDefinitions: unknown;
  BillingMode: unknown;
  TimeToLiveSpecification: { AttributeName: string };
} {
  const doc = parse(readFileSync(file, 'utf8')) as {
    resources: { Resources: { UserTable: { Properties: ReturnType<typeof yamlTableProperties> } } };
  };
  return doc.resources.Resources.UserTable.Properties;
}

describe('the user table built from serverless.yml', () => {
  let dynamo: TestDynamo;
  beforeAll(async () => {
    dynamo = await startTestDynamo();
  });
  afterAll(() => dynamo.close());

  it('has the key schema, attributes and billing mode the YAML declares', async () => {
    const yaml = yamlTableProperties(SERVERLESS_YML);
    const { Table } = await dynamo.client.send(new DescribeTableCommand({ TableName: dynamo.tableName }));
    expect(Table?.KeySchema).toEqual(yaml.KeySchema);
    expect(Table?.AttributeDefinitions).toEqual(yaml.AttributeDefinitions);
    expect(Table?.BillingModeSummary?.BillingMode).toBe(yaml.BillingMode);
    expect(Table?.TableStatus).toBe('ACTIVE');
  });

  it('has time to live switched on for the attribute the YAML names', async () => {
    const yaml = yamlTableProperties(SERVERLESS_YML);
    const { TimeToLiveDescription } = await dynamo.client.send(
      new DescribeTimeToLiveCommand({ TableName: dynamo.tableName }),
    );
    expect(TimeToLiveDescription).toEqual({
      TimeToLiveStatus: 'ENABLED',
      AttributeName: yaml.TimeToLiveSpecification.AttributeName,
    });
  });
});

describe('building a table from a changed YAML', () => {
  let dir: string;
  let server: RunningDynalite;
  let client: DynamoDBClient;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'user-table-'));
    server = await startDynalite();
    client = new DynamoDBClient({
      endpoint: server.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    });
  });
  afterAll(async () => {
    client.destroy();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** serverless.yml with its key and TTL attribute renamed: proof that nothing is hard-coded. */
  function renamedCopy(): string {
    const text = readFileSync(SERVERLESS_YML, 'utf8')
      .replace(/AttributeName: pk\b/g, 'AttributeName: id')
      .replace(/AttributeName: expiresAt\b/, 'AttributeName: deleteAfter');
    const file = path.join(dir, 'serverless.yml');
    writeFileSync(file, text);
    return file;
  }

  it('follows the key and TTL attribute of the YAML it reads', async () => {
    const file = renamedCopy();
    await createUserTable(client, 'renamed', file);
    const { Table } = await client.send(new DescribeTableCommand({ TableName: 'renamed' }));
    expect(Table?.KeySchema).toEqual([{ AttributeName: 'id', KeyType: 'HASH' }]);
    const { TimeToLiveDescription } = await client.send(new DescribeTimeToLiveCommand({ TableName: 'renamed' }));
    expect(TimeToLiveDescription?.AttributeName).toBe('deleteAfter');
    await expect(
      client.send(new PutItemCommand({ TableName: 'renamed', Item: { id: { S: 'a' } } })),
    ).resolves.toBeDefined();
  });

  it('reports a YAML without the UserTable resource by name', () => {
    const file = path.join(dir, 'empty.yml');
    writeFileSync(file, 'service: x\nresources:\n  Resources: {}\n');
    expect(() => readUserTableDefinition(file)).toThrow(/UserTable/);
  });

  it('refuses secondary indexes it cannot reproduce rather than building a table without them', () => {
    const file = path.join(dir, 'gsi.yml');
    writeFileSync(
      file,
      readFileSync(SERVERLESS_YML, 'utf8').replace(
        '        KeySchema:',
        '        GlobalSecondaryIndexes: []\n        KeySchema:',
      ),
    );
    expect(() => readUserTableDefinition(file)).toThrow(/GlobalSecondaryIndexes/);
  });

  it('reports time to live as disabled for a table it was never set on', async () => {
    const file = renamedCopy();
    writeFileSync(file, readFileSync(file, 'utf8').replace(/\n\s+TimeToLiveSpecification:\n.*\n.*\n/, '\n'));
    expect(readUserTableDefinition(file).timeToLiveAttribute).toBeUndefined();
    await createUserTable(client, 'no-ttl', file);
    const { TimeToLiveDescription } = await client.send(new DescribeTimeToLiveCommand({ TableName: 'no-ttl' }));
    expect(TimeToLiveDescription?.TimeToLiveStatus).toBe('DISABLED');
  });
});

describe('dynalite with a data folder', () => {
  it('keeps tables and items across a restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dynalite-data-'));
    const credentials = { accessKeyId: 'x', secretAccessKey: 'x' };
    const running: RunningDynalite[] = [];
    const clients: DynamoDBClient[] = [];
    const connect = async (): Promise<DynamoDBClient> => {
      const server = await startDynalite({ path: dir });
      running.push(server);
      const client = new DynamoDBClient({ endpoint: server.endpoint, region: 'us-east-1', credentials });
      clients.push(client);
      return client;
    };
    const stopAll = async (): Promise<void> => {
      clients.splice(0).forEach((c) => c.destroy());
      for (const server of running.splice(0)) await server.close();
    };
    try {
      const writer = await connect();
      await createUserTable(writer, 'kept');
      await writer.send(new PutItemCommand({ TableName: 'kept', Item: { pk: { S: 'user#a' }, userId: { S: 'a' } } }));
      await stopAll();

      const reader = await connect();
      const { Item } = await reader.send(new GetItemCommand({ TableName: 'kept', Key: { pk: { S: 'user#a' } } }));
      expect(Item).toEqual({ pk: { S: 'user#a' }, userId: { S: 'a' } });
    } finally {
      await stopAll();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
