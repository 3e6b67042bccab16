/**
 * A prerendered screen that shows one record (build/prerender.ts, prerender/frameFill.ts) has its page's script ask
 * for that record as the page is parsed, write its texts into the frame, and leave the answer here: the app's first
 * read of the same path takes it instead of asking again.
 */

/** The attribute of a frame's element that a record's text replaces (PendingValue). */
export const FRAME_FIELD_ATTRIBUTE = 'data-frame-field';

/** Where the page's script leaves the record: a global, since the script and the app are separate bundles. */
export const FRAME_RECORD_GLOBAL = '__zaryadFrameRecord';

export type TFrameRecord = {
  /** The API path asked, as the app's client writes it (`/merchants/9/`, under /api/v1). */
  path: string;
  /** The record, or undefined when the call failed or was refused: the app then asks itself. */
  answer: Promise<unknown>;
};

/** The record as left: `arrived` once its answer is in, so the app's first frame can be drawn with it. */
type TLeftRecord = TFrameRecord & { arrived?: { record: unknown } };

type TFrameWindow = Window & { [FRAME_RECORD_GLOBAL]?: TLeftRecord };

const take = (path: string, isArrivedOnly: boolean): TLeftRecord | undefined => {
  const frameWindow = window as TFrameWindow;
  const left = frameWindow[FRAME_RECORD_GLOBAL];
  if (left?.path !== path || (isArrivedOnly && left.arrived === undefined)) {
    return undefined;
  }
  delete frameWindow[FRAME_RECORD_GLOBAL];
  return left;
};

/**
 * The record the page's script asked for `path` when it has already arrived, once: the screen's first frame is drawn
 * with it (as the frame was), not with its loading state, which would move what lies below when the record came.
 */
export const takeArrivedFrameRecord = (path: string): unknown => take(path, true)?.arrived?.record;

/** The answer the page's script is waiting for at `path`, once: a later read (a refresh, another visit) asks the server. */
export const takeFrameRecord = (path: string): Promise<unknown> | undefined => take(path, false)?.answer;

/** For the page's script: leaves the answer for the app. */
export const leaveFrameRecord = ({ path, answer }: TFrameRecord) => {
  const left: TLeftRecord = { path, answer };
  void answer.then((record) => {
    if (record !== undefined) {
      left.arrived = { record };
    }
  });
  (window as TFrameWindow)[FRAME_RECORD_GLOBAL] = left;
};
