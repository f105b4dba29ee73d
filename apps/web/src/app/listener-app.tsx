import { AppProvider } from './provider';
import { ListenerRoute } from './routes/listener';

/**
 * /listener opened directly: the listener screen with the app's providers but without the
 * router and the admin code (docs/decisions/listener-entry.md). Its header links load pages.
 */
export function ListenerApp() {
  return (
    <AppProvider>
      <ListenerRoute />
    </AppProvider>
  );
}
