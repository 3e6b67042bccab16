import type { TLanguage } from '@zaryad/contracts';
import { NOTIFICATION_TEXTS } from '@zaryad/contracts/notifications';
import type { IncidentEventInput } from './notifications.feed';

/** What a notification row and a delivery keep of the event: enough to render it in any language later. */
export type NotificationPayload = Omit<IncidentEventInput, 'eventId'>;

export const toPayload = (input: IncidentEventInput): NotificationPayload => {
  const { eventId: _eventId, ...payload } = input;
  return payload;
};

/** The web app's incidents screen with this incident open. */
export const incidentUrl = (publicUrl: string, incidentId: number) => `${publicUrl}/incidents?id=${incidentId}`;

/** Title and body of a notification in a language: "Station offline: opened", "Station «Ala-Too 1», connector 2". */
export const renderNotification = (payload: NotificationPayload, language: TLanguage) => {
  const texts = NOTIFICATION_TEXTS[language];
  const title = `${texts.rules[payload.rule] ?? payload.rule}: ${texts.events[payload.event] ?? payload.event}`;
  const parts: string[] = [];
  if (payload.stationName) {
    parts.push(`${texts.station} «${payload.stationName[language]}»`);
  }
  if (payload.connectorId !== null && payload.connectorId > 0) {
    parts.push(`${texts.connector} ${payload.connectorId}`);
  }
  if (payload.chargeId !== null) {
    parts.push(`${texts.charge} #${payload.chargeId}`);
  }
  return { title, body: parts.join(', ') };
};

/** An e-mail or a Telegram message: severity, title, body, the incident's link and where to change the settings. */
export const renderMessage = (payload: NotificationPayload, language: TLanguage, publicUrl: string) => {
  const texts = NOTIFICATION_TEXTS[language];
  const { title, body } = renderNotification(payload, language);
  const subject = `[${texts.severities[payload.severity] ?? payload.severity}] ${title}`;
  const lines = [
    subject,
    ...(body ? [body] : []),
    `${texts.incident} #${payload.incidentId}`,
    '',
    `${texts.open}: ${incidentUrl(publicUrl, payload.incidentId)}`,
    '',
    texts.quietFooter,
  ];
  return { subject, text: lines.join('\n') };
};
