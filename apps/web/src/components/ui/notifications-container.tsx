// Loaded with the first toast (deferred-notifications.tsx), with its styles: the SPA has them in its
// full sheet already, the sign-in page does not.
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';

export { Notifications } from '@mantine/notifications';
