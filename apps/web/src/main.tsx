import { type ComponentType, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element in index.html');
const container = root;

// The listener is the page phones open from a QR code or a link: opened directly it loads its own
// small app without the router (docs/decisions/listener-entry.md); every other path loads the full app.
const loadApp: () => Promise<ComponentType> = /^\/listener\/?$/.test(window.location.pathname)
  ? async () => (await import('@/app/listener-app')).ListenerApp
  : async () => (await import('@/app')).App;

void loadApp().then((App) =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
