import { expect, test } from 'vitest';
import { describeDevice } from '@/features/users/devices/describeDevice';

test.each([
  ['ZaryadApp/2.4.1 (Android 14)', 'Android 14'],
  ['ZaryadApp/2.4.1 (iPhone; iOS 17.2)', 'iOS 17'],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
    'Safari 17, iOS 17',
  ],
  [
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
    'Chrome 120, Android 10',
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    'Chrome 120, Windows',
  ],
  ['okhttp/4.12.0', 'okhttp'],
  ['', ''],
])('%s reads as «%s»', (userAgent, described) => {
  expect(describeDevice(userAgent)).toBe(described);
});
