import { sql } from 'drizzle-orm';
import { affectedRows, type Database } from '../../db/client';
import { otpSmsText } from './drivers.sign-in';

/**
 * The demo network's drivers' app (npm run seed:demo, after the charges): each driver with an app token signed in on
 * one device, its platform and app version those of their newest charge (so that the dashboard's devices card and the
 * charges list agree), last seen at that charge; and the outbox's sign-in SMS of the newest registrations. Tokens are
 * random hashes nobody holds. Idempotent: drivers with a device and an outbox with rows are left as they are.
 */
export const seedDriverDevices = async (db: Database): Promise<string> => {
  const devices = await db.execute(sql`
    insert into app_sessions (id, user_id, refresh_hash, platform, app_version, user_agent, ip, created_at, last_seen_at, expires_at, ended_at)
    select gen_random_uuid(), u.id, md5(random()::text) || md5(random()::text),
      case when coalesce(c.platform, 1 + u.id % 2) = 1 then 'ios' else 'android' end,
      coalesce(nullif(c.app_version, ''), '2.4.1'),
      case when coalesce(c.platform, 1 + u.id % 2) = 1
        then 'Zaryad/' || coalesce(nullif(c.app_version, ''), '2.4.1') || ' (iPhone; iOS 18.1)'
        else 'Zaryad/' || coalesce(nullif(c.app_version, ''), '2.4.1') || ' (Android 14)' end,
      '',
      u.registered_at,
      greatest(u.registered_at, coalesce(c.started_at, u.registered_at)),
      greatest(u.registered_at, coalesce(c.started_at, u.registered_at)) + interval '60 days',
      case when greatest(u.registered_at, coalesce(c.started_at, u.registered_at)) < now() - interval '60 days'
        then greatest(u.registered_at, coalesce(c.started_at, u.registered_at)) + interval '60 days' end
    from app_users u
    left join lateral (
      select ch.platform, ch.app_version, ch.started_at from charges ch
      where ch.user_id = u.id order by ch.started_at desc limit 1
    ) c on true
    where exists (select 1 from user_id_tags t where t.user_id = u.id and t.kind = 'app')
      and not exists (select 1 from app_sessions s where s.user_id = u.id)
  `);
  const sms = await db.execute(sql`
    insert into sms_outbox (created_at, phone, kind, text, status)
    select u.registered_at, u.phone, 'otp',
      replace(${otpSmsText('{code}', 'ru')}::text, '{code}', lpad(((u.id * 7919) % 1000000)::text, 6, '0')),
      'kept'
    from app_users u
    where not exists (select 1 from sms_outbox)
    order by u.registered_at desc
    limit 40
  `);
  return `${affectedRows(devices)} drivers' devices, ${affectedRows(sms)} sign-in SMS`;
};
