/**
 * A User-Agent header as a person tells devices apart ("Chrome 120, Android 14", "iOS 17" for the app): browser and
 * system, not a full parser; the server's sessions say it the same way (apps/server/src/modules/accounts/user-agent.ts).
 */
const BROWSERS: ReadonlyArray<[name: string, pattern: RegExp]> = [
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Yandex Browser', /YaBrowser\/(\d+)/],
  ['Opera', /(?:OPR|Opera)\/(\d+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//],
];
/** A phone's system with its major version when the header says it (`Android 14`, `iPhone OS 17_2`, `iOS 17.2`). */
const SYSTEMS: ReadonlyArray<[name: string, pattern: RegExp]> = [
  ['iOS', /(?:iPhone|iPad|iPod|iOS)(?:[^)]*?OS[ /]?(\d+))?/],
  ['Android', /Android(?:[ /](\d+))?/],
  ['Windows', /Windows()/],
  ['macOS', /Mac OS X()|Macintosh()/],
  ['ChromeOS', /CrOS()/],
  ['Linux', /Linux()/],
];

export const describeDevice = (userAgent: string): string => {
  const browser = BROWSERS.map(([name, pattern]) => {
    const version = pattern.exec(userAgent)?.[1];
    return version ? `${name} ${version}` : undefined;
  }).find(Boolean);
  const system = SYSTEMS.map(([name, pattern]) => {
    const found = pattern.exec(userAgent);
    return found ? [name, found[1]].filter(Boolean).join(' ') : undefined;
  }).find(Boolean);
  const described = [browser, system].filter(Boolean).join(', ');
  // Scripts and tools (curl, okhttp) are named by their first word.
  return described || userAgent.split(/[\s/]/, 1)[0]?.slice(0, 60) || '';
};
