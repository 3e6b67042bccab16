import { bishkekNow } from '@zaryad/contracts/bishkek-time';
import { useEffect, useState } from 'react';

const two = (value: number) => String(value).padStart(2, '0');

/** A duration in seconds as a clock: `5:09`, `1:05:09`. */
export const clock = (seconds: number) => {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  return hours > 0 ? `${hours}:${two(minutes)}:${two(rest)}` : `${minutes}:${two(rest)}`;
};

/** A moment on the network's clock (Bishkek): `30.11.2026 10:15`, in English `2026-11-30 10:15`. */
export const bishkekDateTime = (iso: string, language: string) => {
  const wall = bishkekNow(new Date(iso));
  const [date = '', time = ''] = wall.split('T');
  if (language === 'en') {
    return `${date} ${time}`;
  }
  const [year, month, day] = date.split('-');
  return `${day}.${month}.${year} ${time}`;
};

/** Now, again every second while `isTicking`: a running charge's clock goes on between the server's updates. */
export const useNow = (isTicking: boolean) => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isTicking) {
      return undefined;
    }
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [isTicking]);
  return now;
};
