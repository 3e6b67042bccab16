import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

/** A named step of the breadcrumbs: a record (merchant, station, role) and where its own page is. */
export type TRecordCrumb = { title: string; path?: string };

/** What the page at `pathname` said about the records it shows, outermost first (merchant, then station). */
type TTrail = { pathname: string; crumbs: readonly TRecordCrumb[] };

let current: TTrail | null = null;
const listeners = new Set<() => void>();

const publish = (trail: TTrail | null) => {
  current = trail;
  for (const listener of listeners) {
    listener();
  }
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

const sameCrumbs = (a: readonly TRecordCrumb[], b: readonly TRecordCrumb[]) =>
  a.length === b.length && a.every((crumb, index) => crumb.title === b[index]?.title && crumb.path === b[index]?.path);

/**
 * Names the records of a detail, create or edit screen in the header (issue 33, item 3; docs/product/common.md#2-screens):
 * `useRecordTrail([merchantCrumb, { title: stationName, path }])` makes the breadcrumbs read
 * Merchants → <merchant> → <station> → Edit and the title and browser tab "<station> — editing the station".
 * The last crumb is the page's own record (for a create form, the parent it is created under). Until every name
 * is known (an entry is undefined or its title empty) the header keeps the route's generic words, so a half-loaded
 * trail never puts a station where its merchant belongs.
 */
export const useRecordTrail = (crumbs: ReadonlyArray<TRecordCrumb | null | undefined>) => {
  const { pathname } = useLocation();
  const isComplete = crumbs.every((crumb) => Boolean(crumb?.title));
  const known = isComplete ? (crumbs as readonly TRecordCrumb[]) : null;
  // The dependency is the trail's text, so a new array of the same names does not publish again.
  const key = known ? JSON.stringify(known) : '';
  useEffect(() => {
    if (!key) {
      return undefined;
    }
    const trail = { pathname, crumbs: JSON.parse(key) as TRecordCrumb[] };
    if (current?.pathname !== pathname || !sameCrumbs(current.crumbs, trail.crumbs)) {
      publish(trail);
    }
    return () => {
      if (current?.pathname === pathname) {
        publish(null);
      }
    };
  }, [key, pathname]);
};

/** The trail the page at `pathname` published; empty for any other page (a stale one is never shown). */
export const useCurrentRecordTrail = (pathname: string): readonly TRecordCrumb[] => {
  const trail = useSyncExternalStore(subscribe, () => current);
  return trail?.pathname === pathname ? trail.crumbs : EMPTY;
};

const EMPTY: readonly TRecordCrumb[] = [];

/** Tests start from no trail. */
export const resetRecordTrail = () => {
  publish(null);
};
