import { Report } from './report';
import { ObjectReader } from './script';

const nothing: ObjectReader = { get: async () => null, filter: async () => [] };

class Checks extends Report {
  test_b() {
    this.log_success({ display: 'Site 1', url: '/api/dcim/sites/1/' });
    this.log_warning('rack 7', 'no power');
  }
  async test_a() {
    this.log_info(null, 'starting');
    this.log_success(null, 'fine');
  }
  helper() {
    this.log('not a test');
  }
}

class Failing extends Checks {
  test_c() {
    this.log_failure({ name: 'Site 2' }, 'no racks');
  }
}

class Throwing extends Report {
  test_x() {
    throw new TypeError('boom');
  }
}

describe('reports', () => {
  it('run their test_ methods in name order, inherited ones too, and tally each level', async () => {
    expect(Failing.testMethods()).toEqual(['test_a', 'test_b', 'test_c']);
    const { results, failed, error } = await new Checks().runTests(nothing);
    expect(failed).toBe(false);
    expect(error).toBeNull();
    expect(Object.keys(results)).toEqual(['test_a', 'test_b']);
    expect(results.test_a).toMatchObject({ success: 1, info: 1, warning: 0, failure: 0 });
    expect(results.test_a.log.map((e) => e.slice(1))).toEqual([
      ['info', null, null, 'starting'],
      ['success', null, null, 'fine'],
    ]);
    // A success without a message is counted, not logged.
    expect(results.test_b.log.map((e) => e.slice(1))).toEqual([['warning', 'rack 7', null, 'no power']]);
    expect(results.test_b.log[0][0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/);
  });

  it('fail when a test logs a failure, and end with the exception logged when one throws', async () => {
    const failing = await new Failing().runTests(nothing);
    expect(failing.failed).toBe(true);
    expect(failing.results.test_c.log.map((e) => e.slice(1))).toEqual([['failure', 'Site 2', null, 'no racks']]);
    const thrown = await new Throwing().runTests(nothing);
    expect(thrown.error).toBeInstanceOf(TypeError);
    expect(thrown.results.test_x.failure).toBe(1);
    expect(thrown.results.test_x.log[0][4]).toMatch(/^An exception occurred: TypeError: boom <pre>TypeError: boom/);
  });
});
