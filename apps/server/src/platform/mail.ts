/** What a domain may ask of the mail (modules/mail implements it; the app builds one mailer for every domain). */

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Queues a mail: it is stored in the outbox at once and delivered in the background. */
  send(mail: Mail): Promise<void>;
  /**
   * Runs work after the request has been answered (a recovery mail for an account that may not exist: the answer must
   * not wait for it, or its time tells). Failures are logged; `flush` waits for it too.
   */
  later(work: () => Promise<void>): void;
  /** Waits for the mails being delivered and the work run `later` (graceful shutdown, tests). */
  flush(): Promise<void>;
  close(): Promise<void>;
}
