import { useEffect, useState } from 'react';

export type TPoint = { lat: number; lon: number };
/** Where the driver is: the phone's position, or Bishkek's centre when it is not known. */
export type TDriverPosition = { point: TPoint; isDevice: boolean };

/** Bishkek's centre: the list and the map start there without the phone's position. */
export const BISHKEK_CENTRE: TPoint = { lat: 42.87, lon: 74.59 };
/** A prompt left unanswered this long does not keep the list waiting: it starts from Bishkek's centre. */
export const POSITION_WAIT_MS = 5_000;

const fallback: TDriverPosition = { point: BISHKEK_CENTRE, isDevice: false };
/** The last position found, so that coming back to the stations does not wait for the phone again. */
let lastKnown: TDriverPosition | null = null;

/**
 * The driver's position from the browser when they allow it; Bishkek's centre when they refuse, the browser has no
 * geolocation, or nothing comes within POSITION_WAIT_MS (a later answer still moves the list to the driver).
 * Null while the first answer is awaited.
 */
export const useDriverPosition = (): TDriverPosition | null => {
  const hasGeolocation = typeof navigator !== 'undefined' && 'geolocation' in navigator;
  const [position, setPosition] = useState<TDriverPosition | null>(
    () => lastKnown ?? (hasGeolocation ? null : fallback),
  );

  useEffect(() => {
    if (!hasGeolocation) {
      return undefined;
    }
    let isCurrent = true;
    const startFromCentre = () => {
      if (isCurrent) {
        setPosition((current) => current ?? fallback);
      }
    };
    const timer = setTimeout(startFromCentre, POSITION_WAIT_MS);
    navigator.geolocation.getCurrentPosition(
      (found) => {
        clearTimeout(timer);
        lastKnown = { point: { lat: found.coords.latitude, lon: found.coords.longitude }, isDevice: true };
        if (isCurrent) {
          setPosition(lastKnown);
        }
      },
      () => {
        clearTimeout(timer);
        startFromCentre();
      },
      { enableHighAccuracy: false, maximumAge: 5 * 60_000, timeout: 15_000 },
    );
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [hasGeolocation]);

  return position;
};

/** For tests: forget the last position found. */
export const forgetDriverPosition = () => {
  lastKnown = null;
};
