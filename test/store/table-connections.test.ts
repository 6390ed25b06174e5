// openTableConnections (src/store/priming.ts): the connections a cold function's first command needs are
// open before it, and that command's reads use them. A loopback server that speaks enough of DynamoDB's
// protocol (every call answered with an empty GetItem output) counts the connections.
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openTableConnections } from '../../src/store';

let server: Server;
let connections = 0;
let calls = 0;
let endpoint: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    calls++;
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
      res.end('{}');
    });
  });
  server.on('connection', () => {
    connections++;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = (at = endpoint) =>
  new DynamoDBClient({
    endpoint: at,
    region: 'us-east-1',
    credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    maxAttempts: 1,
    requestHandler: { requestTimeout: 5000 },
  });
const twoReads = (c: DynamoDBClient) =>
  Promise.all([1, 2].map((i) => c.send(new GetItemCommand({ TableName: 't', Key: { pk: { S: `k${i}` } } }))));

it("opens two connections that the first command's two reads at once then use", async () => {
  const c = client();
  connections = 0;
  calls = 0;
  await openTableConnections(c, 't', 2, 1000);
  expect({ connections, calls }).toEqual({ connections: 2, calls: 2 });
  await twoReads(c);
  expect({ connections, calls }).toEqual({ connections: 2, calls: 4 });
  c.destroy();
});

it('gives up quietly when the table does not answer in time', async () => {
  const silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const slow = client(`http://127.0.0.1:${(silent.address() as AddressInfo).port}`);
  const started = Date.now();
  await openTableConnections(slow, 't', 2, 200);
  expect(Date.now() - started).toBeLessThan(1000);
  slow.destroy();
  silent.closeAllConnections();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});
