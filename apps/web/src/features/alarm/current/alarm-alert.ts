import { LIMITS } from '@envmon/shared';

/**
 * What a newly raised alarm does besides the count (SPEC section 7 'Live push'): a short sound,
 * made with the Web Audio API so no sound file ships, and a desktop notification that closes
 * itself after the spec's 5000 ms.
 */

/** Two short high beeps: noticeable, not alarming for a whole control room. */
const BEEPS = [
  { at: 0, hz: 880 },
  { at: 0.25, hz: 1175 },
];
const BEEP_SECONDS = 0.18;
const VOLUME = 0.2;
/** Exponential ramps cannot reach 0. */
const SILENT = 0.0001;

let audio: AudioContext | null = null;

export function playAlarmSound(): void {
  try {
    if (typeof AudioContext === 'undefined') return;
    audio ??= new AudioContext();
    // Browsers start audio suspended until the page has had a user gesture: then it stays quiet.
    if (audio.state === 'suspended') audio.resume().catch(() => undefined);
    const start = audio.currentTime;
    for (const beep of BEEPS) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      const from = start + beep.at;
      oscillator.frequency.value = beep.hz;
      gain.gain.setValueAtTime(SILENT, from);
      gain.gain.exponentialRampToValueAtTime(VOLUME, from + 0.02);
      gain.gain.exponentialRampToValueAtTime(SILENT, from + BEEP_SECONDS);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(from);
      oscillator.stop(from + BEEP_SECONDS);
    }
  } catch {
    // Autoplay refused or audio unavailable: the badge count still shows the alarm.
  }
}

let permissionAsked = false;

/** Asks once per tab, and only when the user acts or an alarm arrives, never on page load. */
export function askNotificationPermission(): void {
  if (permissionAsked || typeof Notification === 'undefined' || Notification.permission !== 'default') return;
  permissionAsked = true;
  Notification.requestPermission().catch(() => undefined);
}

export function showAlarmNotification(title: string, body: string): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  try {
    // One tag: a burst of alarms replaces the notification instead of stacking dozens.
    const notification = new Notification(title, { body, tag: 'envmon-alarm' });
    setTimeout(() => notification.close(), LIMITS.alarmNotificationMs);
  } catch {
    // Some browsers only allow notifications from a service worker; the badge still shows it.
  }
}
