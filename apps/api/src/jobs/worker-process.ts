// A process that only runs jobs, for jobs.test.ts and messages/delivery.test.ts: it is killed in
// the middle of one. Usage: tsx worker-process.ts <database url> <smtp url> [sms gateway url]
import { startJobs } from './queue';

const [url, smtpUrl, smsGatewayUrl] = process.argv.slice(2);
const log = { info: () => {}, warn: (m: unknown) => console.warn(m), error: (m: unknown) => console.error(m) };
await startJobs({
  connectionString: url,
  smtpUrl: smtpUrl || undefined,
  log,
  expireInSeconds: 2,
  maintenanceIntervalSeconds: 1,
  retryDelaySeconds: 1,
  gateways: smsGatewayUrl ? { sms: { url: smsGatewayUrl, apiKey: 'test-api-key-1234', style: 'bulksmsbd' } } : {},
});
console.log('ready');
