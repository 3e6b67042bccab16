/** Browser and system of a User-Agent header, enough to tell one's devices apart ("Chrome 120, Windows"); not a full parser. */
const BROWSERS: ReadonlyArray<[name: string, pattern: RegExp]> = [
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Yandex Browser', /YaBrowser\/(\d+)/],
  ['Opera', /(?:OPR|Opera)\/(\d+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//],
];
const SYSTEMS: ReadonlyArray<[name: string, pattern: RegExp]> = [
  ['iOS', /iPhone|iPad|iPod/],
  ['Android', /Android/],
  ['Windows', /Windows/],
  ['macOS', /Mac OS X|Macintosh/],
  ['ChromeOS', /CrOS/],
  ['Linux', /Linux/],
];

export const describeDevice = (userAgent: string): string => {
  const browser = BROWSERS.map(([name, pattern]) => {
    const version = pattern.exec(userAgent)?.[1];
    return version ? `${name} ${version}` : undefined;
  }).find(Boolean);
  const system = SYSTEMS.find(([, pattern]) => pattern.test(userAgent))?.[0];
  const described = [browser, system].filter(Boolean).join(', ');
  // Scripts and tools (curl, node) are named by their first word.
  return described || userAgent.split(/[\s/]/, 1)[0]?.slice(0, 60) || '';
};
