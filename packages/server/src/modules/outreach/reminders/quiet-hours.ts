/** Reminders go out from 09:00 to 20:00 in the clinics' time zone (config TZ), never at night. */
export const SEND_FROM_HOUR = 9;
export const SEND_UNTIL_HOUR = 20;

/** Minutes since local midnight in `timeZone`. */
function localMinutes(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value);
  return hour * 60 + minute;
}

/**
 * The earliest moment at or after `now` when a reminder may go out: `now` itself within the sending
 * hours, else the next 09:00 local. Counts minutes on the local clock, so a day on which the clocks
 * change (not in China) may shift it by that hour.
 */
export function nextSendMoment(now: Date, timeZone: string): Date {
  const minutes = localMinutes(now, timeZone);
  const from = SEND_FROM_HOUR * 60;
  const until = SEND_UNTIL_HOUR * 60;
  if (minutes >= from && minutes < until) return now;
  const wait = minutes < from ? from - minutes : 24 * 60 - minutes + from;
  const at = new Date(now.getTime() + wait * 60_000);
  at.setUTCSeconds(0, 0);
  return at;
}

export function withinSendingHours(now: Date, timeZone: string): boolean {
  return nextSendMoment(now, timeZone).getTime() === now.getTime();
}
