import type { TScheduledJobList } from '@zaryad/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJob } from '../../platform/scheduler';
import { buildAccount, signIn } from '../../test/builders';
import { createTestContext, type TestContext } from '../../test/test-app';

// GET /api/v1/system/jobs/ (docs/product/settings.md): the scheduled jobs for superadmins, failing ones first.
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.ready();
});

afterAll(async () => {
  await ctx.close();
});

const jobsAs = async (roleKey: string) => {
  const { headers } = await signIn(ctx.app, await buildAccount(ctx.database.db, { roleKey }));
  return ctx.app.inject({ method: 'GET', url: '/api/v1/system/jobs/', headers });
};

describe('the scheduled jobs list', () => {
  it('shows a superadmin each job that ran, a failing one first with its error', async () => {
    const failing = {
      name: 'test.failing-job',
      lockKey: 0x5c4ef001,
      everyMs: 60_000,
      run: async () => {
        throw new Error('the export folder is full');
      },
    };
    await expect(runDueJob(ctx.database.db, failing)).rejects.toThrow('the export folder is full');
    // The app's own jobs ticked when it became ready.
    await expect
      .poll(async () => (await jobsAs('superadmin')).json<TScheduledJobList>().items.map((job) => job.name))
      .toContain('banners.archive');
    const response = await jobsAs('superadmin');
    expect(response.statusCode).toBe(200);
    const [first, ...rest] = response.json<TScheduledJobList>().items;
    expect(first).toMatchObject({ name: 'test.failing-job', failures: 1, last_error: 'the export folder is full' });
    expect(first?.last_failed_at).toEqual(expect.any(String));
    expect(rest.length).toBeGreaterThan(0);
    expect(rest.every((job) => job.failures === 0 && job.last_run_at !== null)).toBe(true);
  });

  it('is refused to an account that does not manage roles, and to no account', async () => {
    expect((await jobsAs('manager')).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/system/jobs/' })).statusCode).toBe(401);
  });
});
