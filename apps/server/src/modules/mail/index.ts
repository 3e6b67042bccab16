// Mail: SMTP when SMTP_URL is set, otherwise the log and the outbox table. The app builds one mailer for all domains.
import { defineDomain } from '../../platform/domain';
import * as mailTables from './mail.tables';

export { outbox } from './mail.tables';
export { createMailer, MAIL_FROM } from './mail.service';
export type { Mail, Mailer } from '../../platform/mail';

export const mailDomain = defineDomain({ name: 'mail', prefix: null, tables: mailTables });
