import { createServer } from 'node:net';

/** A TCP port free on 127.0.0.1 now, for a server a test starts itself (a spawned process, a stand-in). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
