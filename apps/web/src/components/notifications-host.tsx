import '@mantine/notifications/styles.css';

import { Notifications, notifications } from '@mantine/notifications';

/** Loaded on the first toast only (see notify.tsx). */
export function NotificationsHost() {
  return <Notifications position="top-right" />;
}

export { notifications };
