import type { NotificationData } from '@mantine/notifications';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loadMantineStyles } from './mantine-styles-loader';

/*
 * Toasts without their cost on first load: @mantine/notifications and its transitions are
 * downloaded the first time something calls notify(), and only then is the container mounted.
 * Mantine's notification store queues what is shown before the container appears.
 */

const loadHost = async () => {
  const styles = loadMantineStyles();
  const host = await import('./notifications-host');
  await styles;
  return host;
};
const NotificationsHost = lazy(async () => ({ default: (await loadHost()).NotificationsHost }));

let requested = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Mount once, inside MantineProvider; renders nothing until the first notify(). */
export function LazyNotifications() {
  const mounted = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false, // the server renders no toasts
  );
  return mounted ? (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  ) : null;
}

/** Removes every toast on screen (e.g. a login's error toasts once it succeeds). */
export async function clearNotifications(): Promise<void> {
  if (!requested) return;
  const { notifications } = await loadHost();
  notifications.clean();
}

/** Shows a toast (Mantine's `notifications.show`). */
export async function notify(data: NotificationData): Promise<void> {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  const { notifications } = await loadHost();
  notifications.show(data);
}
