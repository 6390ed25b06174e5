// The user table as serverless.yml declares it (resources.Resources.UserTable), turned into the
// CreateTable and UpdateTimeToLive calls that build the same table locally. One definition: the tests,
// the sandbox and the deployed stack cannot drift apart. Encryption and point-in-time recovery are
// cloud-only settings and have no local counterpart.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  UpdateTimeToLiveCommand,
  type AttributeDefinition,
  type CreateTableCommandInput,
  type DynamoDBClient,
  type KeySchemaElement,
} from '@aws-sdk/client-dynamodb';
import { parse } from 'yaml';
import { asRecord } from '../../json';

export const SERVERLESS_YML = path.resolve(__dirname, '../../../serverless.yml');
export const USER_TABLE_RESOURCE = 'UserTable';

export interface UserTableDefinition {
  /** CreateTable input for the resource, without a table name (each caller picks one). */
  createTable: Omit<CreateTableCommandInput, 'TableName'>;
  /** The TTL attribute when TimeToLiveSpecification is enabled. */
  timeToLiveAttribute?: string;
}

export function readUserTableDefinition(serverlessYmlPath: string = SERVERLESS_YML): UserTableDefinition {
  const doc: unknown = parse(readFileSync(serverlessYmlPath, 'utf8'));
  const where = `${serverlessYmlPath}: resources.Resources.${USER_TABLE_RESOURCE}`;
  const resource = asRecord(asRecord(asRecord(asRecord(doc)?.['resources'])?.['Resources'])?.[USER_TABLE_RESOURCE]);
  if (resource?.['Type'] !== 'AWS::DynamoDB::Table') throw new Error(`${where} is not an AWS::DynamoDB::Table`);
  const props = asRecord(resource['Properties']);
  if (!props) throw new Error(`${where} has no Properties`);

  const keySchema = list(props['KeySchema']).map((k): KeySchemaElement => {
    const e = asRecord(k);
    const keyType = e?.['KeyType'];
    if (typeof e?.['AttributeName'] !== 'string' || (keyType !== 'HASH' && keyType !== 'RANGE'))
      throw new Error(`${where}: malformed KeySchema`);
    return { AttributeName: e['AttributeName'], KeyType: keyType };
  });
  const attributes = list(props['AttributeDefinitions']).map((a): AttributeDefinition => {
    const e = asRecord(a);
    const type = e?.['AttributeType'];
    if (typeof e?.['AttributeName'] !== 'string' || (type !== 'S' && type !== 'N' && type !== 'B'))
      throw new Error(`${where}: malformed AttributeDefinitions`);
    return { AttributeName: e['AttributeName'], AttributeType: type };
  });
  if (keySchema.length === 0 || attributes.length === 0)
    throw new Error(`${where}: KeySchema and AttributeDefinitions are required`);
  // A secondary index here would silently be missing locally: refuse instead of guessing its shape.
  for (const unsupported of ['GlobalSecondaryIndexes', 'LocalSecondaryIndexes']) {
    if (props[unsupported] !== undefined)
      throw new Error(`${where}: ${unsupported} is not supported by the local table builder`);
  }

  const billing = props['BillingMode'] ?? 'PROVISIONED';
  if (billing !== 'PAY_PER_REQUEST' && billing !== 'PROVISIONED') throw new Error(`${where}: unknown BillingMode`);
  const createTable: UserTableDefinition['createTable'] = {
    KeySchema: keySchema,
    AttributeDefinitions: attributes,
    BillingMode: billing,
  };
  if (billing === 'PROVISIONED') {
    const throughput = asRecord(props['ProvisionedThroughput']);
    const read = Number(throughput?.['ReadCapacityUnits']);
    const write = Number(throughput?.['WriteCapacityUnits']);
    if (!(read >= 1 && write >= 1)) throw new Error(`${where}: PROVISIONED needs ProvisionedThroughput`);
    createTable.ProvisionedThroughput = { ReadCapacityUnits: read, WriteCapacityUnits: write };
  }

  const ttl = asRecord(props['TimeToLiveSpecification']);
  const ttlAttribute =
    ttl?.['Enabled'] === true && typeof ttl['AttributeName'] === 'string' ? ttl['AttributeName'] : undefined;
  return ttlAttribute ? { createTable, timeToLiveAttribute: ttlAttribute } : { createTable };
}

/** Creates the table, waits until it is ACTIVE, then switches on TTL as the YAML says. */
export async function createUserTable(
  client: DynamoDBClient,
  tableName: string,
  serverlessYmlPath?: string,
): Promise<void> {
  const definition = readUserTableDefinition(serverlessYmlPath);
  await client.send(new CreateTableCommand({ ...definition.createTable, TableName: tableName }));
  await waitUntilActive(client, tableName);
  if (definition.timeToLiveAttribute) {
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: definition.timeToLiveAttribute, Enabled: true },
      }),
    );
  }
}

async function waitUntilActive(client: DynamoDBClient, tableName: string, deadlineMs = 60_000): Promise<void> {
  const giveUpAt = Date.now() + deadlineMs;
  for (;;) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (Table?.TableStatus === 'ACTIVE') return;
    if (Date.now() > giveUpAt)
      throw new Error(`table ${tableName} is still ${Table?.TableStatus ?? 'unknown'} after ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
