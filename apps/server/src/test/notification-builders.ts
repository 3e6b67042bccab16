import type { IncidentEventFeed, IncidentEventInput } from '../modules/notifications';

let nextEventId = 1;

/** An incident event as the alerts domain's incident_events would give it (a fresh event id each call). */
export const incidentEvent = (overrides: Partial<IncidentEventInput> = {}): IncidentEventInput => {
  const eventId = overrides.eventId ?? nextEventId++;
  return {
    eventId,
    incidentId: eventId,
    event: 'opened',
    rule: 'station_offline',
    severity: 'critical',
    stationId: null,
    stationName: { ru: 'Ала-Тоо 1', en: 'Ala-Too 1', ky: 'Ала-Тоо 1' },
    connectorId: null,
    chargeId: null,
    merchantId: null,
    assignedTo: null,
    details: { minutes: 12 },
    ...overrides,
  };
};

/**
 * The fan-out's input as a list a test appends to, read after the cursor as incident_events is: until the alerts
 * domain's table exists, and to drive exact cases (quiet hours, merchants, several processes).
 */
export const createArrayFeed = () => {
  const events: IncidentEventInput[] = [];
  const feed: IncidentEventFeed = async (_tx, after, limit) =>
    events
      .filter((event) => event.eventId > after)
      .sort((a, b) => a.eventId - b.eventId)
      .slice(0, limit);
  return {
    feed,
    events,
    push(...more: IncidentEventInput[]) {
      events.push(...more);
      return more;
    },
  };
};
