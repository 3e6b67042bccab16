// The demo network's accounts (npm run seed:demo), for the scripts that sign in through the login form as them.
export const DEMO_PASSWORD = 'zaryad-demo-2026';

/** `a@x,b@y:password`: accounts by e-mail, each with the demo password unless it names its own after a colon. */
export const parseAccounts = (list: string) =>
  list
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const at = item.indexOf(':');
      return at < 0
        ? { email: item, password: DEMO_PASSWORD }
        : { email: item.slice(0, at), password: item.slice(at + 1) };
    });
