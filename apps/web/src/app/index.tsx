import { Link } from 'react-router';
import { LinkComponentContext } from '@/components/app-link';
import { AppProvider } from './provider';
import { AppRouter } from './router';

export function App() {
  return (
    <AppProvider>
      <LinkComponentContext.Provider value={Link}>
        <AppRouter />
      </LinkComponentContext.Provider>
    </AppProvider>
  );
}
