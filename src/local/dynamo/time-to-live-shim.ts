// dynalite answers UpdateTimeToLive with UnknownOperationException and always reports TTL as DISABLED.
// This shim answers both TTL calls in front of it, so createUserTable configures the local table through
// the same call as the cloud, and DescribeTimeToLive shows what was set. It records the setting only:
// expired items are not deleted (DynamoDB deletes lazily too; the store checks expiresAt itself).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { asRecord, parseJsonObject } from '../../json';

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

const TARGET_PREFIX = 'DynamoDB_20120810.';

export function withTimeToLive(dynalite: RequestListener): RequestListener {
  const attributeByTable = new Map<string, string>();

  return (req, res) => {
    const target = String(req.headers['x-amz-target'] ?? '');
    if (target === `${TARGET_PREFIX}UpdateTimeToLive`) {
      readJson(req).then(
        (body) => {
          const tableName = stringField(body, 'TableName');
          const spec = asRecord(body['TimeToLiveSpecification']);
          const attributeName = spec && stringField(spec, 'AttributeName');
          if (!tableName || !spec || !attributeName || typeof spec['Enabled'] !== 'boolean') {
            return send(res, 400, {
              __type: 'com.amazonaws.dynamodb.v20120810#ValidationException',
              message: 'TableName and TimeToLiveSpecification {AttributeName, Enabled} are required',
            });
          }
          if (spec['Enabled']) attributeByTable.set(tableName, attributeName);
          else attributeByTable.delete(tableName);
          send(res, 200, { TimeToLiveSpecification: { AttributeName: attributeName, Enabled: spec['Enabled'] } });
        },
        () => send(res, 400, { __type: 'com.amazon.coral.service#SerializationException' }),
      );
      return;
    }
    if (target === `${TARGET_PREFIX}DescribeTimeToLive`) {
      // Peek at the table name without consuming the stream dynalite may still need: buffer, then replay.
      readRaw(req).then(
        (raw) => {
          const tableName = stringField(parseJsonObject(raw.toString('utf8')), 'TableName');
          const attributeName = tableName ? attributeByTable.get(tableName) : undefined;
          if (attributeName)
            return send(res, 200, {
              TimeToLiveDescription: { TimeToLiveStatus: 'ENABLED', AttributeName: attributeName },
            });
          dynalite(replay(req, raw), res);
        },
        () => send(res, 400, { __type: 'com.amazon.coral.service#SerializationException' }),
      );
      return;
    }
    dynalite(req, res);
  };
}

function readRaw(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const onData = (chunk: Buffer): void => void chunks.push(chunk);
    const onEnd = (): void => {
      // Detach, so a replay to dynalite is not collected here again.
      req.off('data', onData).off('end', onEnd).off('error', reject);
      resolve(Buffer.concat(chunks));
    };
    req.on('data', onData).on('end', onEnd).on('error', reject);
  });
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const parsed = parseJsonObject((await readRaw(req)).toString('utf8'));
  if (!parsed) throw new Error('body is not a JSON object');
  return parsed;
}

/** The same request with its body pushed back, for a listener that reads 'data' and 'end' events. */
function replay(req: IncomingMessage, raw: Buffer): IncomingMessage {
  process.nextTick(() => {
    if (raw.length > 0) req.emit('data', raw);
    req.emit('end');
  });
  return req;
}

function stringField(obj: Record<string, unknown> | undefined, key: string): string | undefined {
  const value = obj?.[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function send(res: ServerResponse, status: number, body: object): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/x-amz-json-1.0');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}
