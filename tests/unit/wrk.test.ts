import { describe, expect, it } from 'vitest';
import { durationMs, parseWrkReport } from '../../bench/wrk';

/** What wrk 4.1 (Debian) printed for a search run on this machine, with a failure line added. */
const report = `Running 8s test @ http://127.0.0.1:3111
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     2.41ms  512.30us  31.02ms   95.10%
    Req/Sec    20.45k     1.02k   21.88k    88.75%
  Latency Distribution
     50%    2.32ms
     75%    2.45ms
     90%    2.94ms
     99%    4.53ms
  162741 requests in 8.00s, 81.37MB read
  Socket errors: connect 0, read 2, write 0, timeout 1
  Non-2xx or 3xx responses: 4
Requests/sec:  20344.05
Transfer/sec:     10.17MB
`;

describe("wrk's report", () => {
  it('gives the median, the 99th percentile, the rate and the failures', () => {
    expect(parseWrkReport(report)).toEqual({ p50: 2.32, p99: 4.53, requestsPerSecond: 20344.05, failed: 7 });
  });

  it('reads every unit wrk prints durations in', () => {
    expect(durationMs('450.12us')).toBeCloseTo(0.45012, 6);
    expect(durationMs('2.26ms')).toBe(2.26);
    expect(durationMs('1.02s')).toBe(1020);
    expect(durationMs('3.00m')).toBe(180_000);
    expect(() => durationMs('fast')).toThrow('not a wrk duration: fast');
  });

  it('refuses a report without the latency distribution', () => {
    const withoutDistribution = report.replace(/ {5}\d+%.*\n/g, '');
    expect(() => parseWrkReport(withoutDistribution)).toThrow('no 50th percentile');
  });
});
