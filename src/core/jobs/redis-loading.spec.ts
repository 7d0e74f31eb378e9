import type { AppConfig } from '../config/config';

// Which of the Redis libraries a module loads: each factory runs once, when the library is first required.
const mockLoaded: string[] = [];
jest.mock('bullmq', () => (mockLoaded.push('bullmq'), jest.requireActual('bullmq')));
jest.mock('ioredis', () => (mockLoaded.push('ioredis'), jest.requireActual('ioredis')));

describe('the Redis libraries', () => {
  beforeEach(() => {
    jest.resetModules();
    mockLoaded.length = 0;
  });

  it('are not loaded by a process without REDIS_URL', async () => {
    const { Jobs, JobHandlers } = await import('./queue');
    const { Shutdown } = await import('../lifecycle/shutdown');
    await import('../redis');
    await import('../observability/health');
    const config = { redisUrl: undefined, shutdownTimeout: 1, jobs: { queueMappings: {}, workerQueues: ['default'], workersInProcess: false, retryMax: 0, retryIntervalSeconds: 60, timeoutSeconds: 30, workerHealthPort: 0, outboxCheckSeconds: 30 } } as unknown as AppConfig;
    const jobs = new Jobs(new JobHandlers(), config, new Shutdown(config));
    await jobs.queue.close();
    expect(mockLoaded).toEqual([]);
  });

  it('are loaded by the first connection', async () => {
    const { redisClient } = await import('../redis');
    expect(typeof redisClient()).toBe('function');
    expect(mockLoaded).toEqual(['ioredis']);
  });
});
