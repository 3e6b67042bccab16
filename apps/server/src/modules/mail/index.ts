// Mail: SMTP when SMTP_URL is set, otherwise the log and the outbox table. The app builds one mailer for all domains.
import { defineDomain } from '../../platform/domain';
import * as mailTables from './mail.tables';

export { outbox } from './mail.tables';
export { createMailer, type Mail, MAIL_FROM, type Mailer } from './mail.service';

export const mailDomain = defineDomain({ name: 'mail', prefix: null, tables: mailTables });
